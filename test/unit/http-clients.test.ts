import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as v from 'valibot';
import {
  READ_MAX_RETRY_AFTER_MS,
  createClient,
  onUnauthorized,
  repointMainApi,
  request,
} from '../../src/services/http/clients';
import { apiBaseUrls } from '../../src/services/config';
import { ApiError, ContractError, NetworkError, TimeoutError } from '../../src/services/http/errors';
import { clearToken, setToken } from '../../src/services/storage/token';
import { countryCode } from '../../src/services/api/auth';

const Body = v.object({ data: v.object({ ok: v.boolean() }) });

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

let seen: Request[] = [];
function fakeFetch(answer: (req: Request) => Response | Promise<Response>): typeof fetch {
  return (async (input: RequestInfo | URL, init?: RequestInit) => {
    const req = input instanceof Request ? input : new Request(input, init);
    seen.push(req);
    return answer(req);
  }) as typeof fetch;
}

beforeEach(() => {
  seen = [];
  window.history.replaceState(null, '', '/courses');
});
afterEach(() => {
  clearToken();
  onUnauthorized(null);
  vi.useRealTimers();
});

describe('API clients (docs/product.md §7 headers, §9 timeouts)', () => {
  it('sends x-access-token and x-user-environment WEB to the main API', async () => {
    setToken('tok-123');
    const ky = createClient(
      'mainV1',
      fakeFetch(() => json(200, { data: { ok: true } })),
    );
    await expect(request('mainV1', 'get', '/users/self', Body, {}, ky)).resolves.toEqual({ data: { ok: true } });
    expect(seen[0]?.url).toMatch(/\/api\/v1\/users\/self$/);
    expect(seen[0]?.headers.get('x-access-token')).toBe('tok-123');
    expect(seen[0]?.headers.get('x-user-environment')).toBe('WEB');
  });

  it('sends Bearer to the certificates and new LMS APIs, and the raw token to the hub', async () => {
    setToken('tok-9');
    for (const [base, header] of [
      ['certificates', 'Bearer tok-9'],
      ['newLms', 'Bearer tok-9'],
      ['hub', 'tok-9'],
    ] as const) {
      const ky = createClient(
        base,
        fakeFetch(() => json(200, { data: { ok: true } })),
      );
      await request(base, 'get', '/x', Body, {}, ky);
      expect(seen.at(-1)?.headers.get('authorization')).toBe(header);
    }
  });

  it('sends the Idempotency-Key of a write', async () => {
    const ky = createClient(
      'mainV1',
      fakeFetch(() => json(200, { data: { ok: true } })),
    );
    await request('mainV1', 'put', '/lms/learningObjects/1/start', Body, { idempotencyKey: 'evt-1' }, ky);
    expect(seen[0]?.method).toBe('PUT');
    expect(seen[0]?.headers.get('idempotency-key')).toBe('evt-1');
  });

  it('turns a 4xx into ApiError with the server message and status', async () => {
    const ky = createClient(
      'mainV1',
      fakeFetch(() => json(404, { message: 'Curso não encontrado' })),
    );
    const error = await request('mainV1', 'get', '/lms/courses/99', Body, {}, ky).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(404);
    expect((error as ApiError).data.message).toBe('Curso não encontrado');
  });

  it('rejects a malformed answer with the docs/product.md §8 message', async () => {
    const ky = createClient(
      'mainV1',
      fakeFetch(() => json(200, { data: { ok: 'yes' } })),
    );
    const error = await request('mainV1', 'get', '/x', Body, {}, ky).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContractError);
    expect((error as Error).message).toBe('A resposta da API não está no formato esperado');
  });

  it('rejects invalid JSON as a malformed answer', async () => {
    const ky = createClient(
      'mainV1',
      fakeFetch(() => new Response('<html>', { status: 200 })),
    );
    await expect(request('mainV1', 'get', '/x', Body, {}, ky)).rejects.toBeInstanceOf(ContractError);
  });

  it('maps a failed connection to NetworkError', async () => {
    const ky = createClient(
      'mainV1',
      fakeFetch(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(request('mainV1', 'post', '/x', Body, {}, ky)).rejects.toBeInstanceOf(NetworkError);
  });

  it('maps a slow answer to TimeoutError after the configured ms', async () => {
    const ky = createClient(
      'mainV1',
      fakeFetch(
        (req) =>
          new Promise((_, reject) => {
            req.signal.addEventListener('abort', () => reject(req.signal.reason));
          }),
      ),
    );
    const error = await request('mainV1', 'post', '/x', Body, { timeoutMs: 50 }, ky).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as TimeoutError).timeoutMs).toBe(50);
  });

  it('retries a read answered 503 with Retry-After after the time it asks for', async () => {
    const at: number[] = [];
    const ky = createClient(
      'mainV1',
      fakeFetch(() => {
        at.push(performance.now());
        return at.length === 1
          ? new Response(JSON.stringify({ message: 'ocupado' }), {
              status: 503,
              headers: { 'content-type': 'application/json', 'retry-after': '1' },
            })
          : json(200, { data: { ok: true } });
      }),
    );
    await expect(request('mainV1', 'get', '/users/self', Body, {}, ky)).resolves.toEqual({ data: { ok: true } });
    expect(at).toHaveLength(2);
    expect(at[1]! - at[0]!).toBeGreaterThanOrEqual(950);
  });

  it('gives up on a read after its retries, with the 503 and its Retry-After; never retries a write', async () => {
    vi.useFakeTimers();
    const busy = () =>
      new Response(JSON.stringify({ message: 'ocupado' }), {
        status: 503,
        headers: { 'content-type': 'application/json', 'retry-after': '60' },
      });
    const ky = createClient('mainV1', fakeFetch(busy));
    const read = request('mainV1', 'get', '/users/self', Body, {}, ky).catch((e: unknown) => e);
    // Retry-After 60 s is shortened to READ_MAX_RETRY_AFTER_MS per retry (2 retries).
    await vi.advanceTimersByTimeAsync(READ_MAX_RETRY_AFTER_MS);
    expect(seen).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(READ_MAX_RETRY_AFTER_MS);
    const error = await read;
    expect(seen).toHaveLength(3);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(503);
    expect((error as ApiError).retryAfterMs).toBe(60_000);
    seen = [];
    const write = await request('mainV1', 'put', '/x', Body, {}, ky).catch((e: unknown) => e);
    expect(seen).toHaveLength(1);
    expect((write as ApiError).retryAfterMs).toBe(60_000);
  });

  it('calls the 401 handler for the main API outside the auth pages only', async () => {
    const handler = vi.fn();
    onUnauthorized(handler);
    const ky = createClient(
      'mainV1',
      fakeFetch(() => json(401, { message: 'Sessão expirada' })),
    );
    await expect(request('mainV1', 'get', '/users/self', Body, {}, ky)).rejects.toBeInstanceOf(ApiError);
    expect(handler).toHaveBeenCalledTimes(1);

    for (const page of ['/login', '/requestResetPassword', '/resetPassword']) {
      window.history.replaceState(null, '', page);
      await expect(request('mainV1', 'post', '/auth/token', Body, {}, ky)).rejects.toBeInstanceOf(ApiError);
    }
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('does not log out on a 401 from a non-main API', async () => {
    const handler = vi.fn();
    onUnauthorized(handler);
    const ky = createClient(
      'certificates',
      fakeFetch(() => json(401, { message: 'no' })),
    );
    await expect(request('certificates', 'get', '/x', Body, {}, ky)).rejects.toBeInstanceOf(ApiError);
    expect(handler).not.toHaveBeenCalled();
  });
});

describe('external platform (docs/product.md §3 is_external_platform + external_api_url)', () => {
  const original = { ...apiBaseUrls };
  afterEach(() => Object.assign(apiBaseUrls, original));

  it('sends later main v1 and v2 calls to the external API, other bases unchanged', async () => {
    expect(repointMainApi('https://api.outra-escola.com.br/api/')).toBe(true);
    expect(apiBaseUrls.mainV1).toBe('https://api.outra-escola.com.br/api/v1');
    expect(apiBaseUrls.mainV2).toBe('https://api.outra-escola.com.br/api/v2');
    expect(apiBaseUrls.hub).toBe(original.hub);
    const answer = fakeFetch(() => json(200, { data: { ok: true } }));
    await request('mainV1', 'get', '/users/self', Body, {}, createClient('mainV1', answer));
    await request('mainV2', 'get', '/lms/courses', Body, {}, createClient('mainV2', answer));
    expect(seen.map((r) => r.url)).toEqual([
      'https://api.outra-escola.com.br/api/v1/users/self',
      'https://api.outra-escola.com.br/api/v2/lms/courses',
    ]);
  });

  it('refuses an address that is neither https nor same-origin', () => {
    for (const bad of ['http://example.com/api', 'javascript:alert(1)', '//evil.example/api', 'ftp://x/api', '']) {
      expect(repointMainApi(bad), bad).toBe(false);
    }
    expect(apiBaseUrls.mainV1).toBe(original.mainV1);
    expect(repointMainApi('/api/externo')).toBe(true);
    expect(apiBaseUrls.mainV1).toBe('/api/externo/v1');
  });
});

describe('login country (docs/product.md §2)', () => {
  it('maps Brasil to BRA and anything else to ANG', () => {
    expect(countryCode('Brasil')).toBe('BRA');
    expect(countryCode('Angola')).toBe('ANG');
    expect(countryCode('Portugal')).toBe('ANG');
  });
});
