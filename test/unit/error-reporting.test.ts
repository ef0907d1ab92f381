/**
 * Error reporting (docs/product.md §4 Startup "error reporting"; docs/architecture.md §D5 tokens never in error
 * reports): the pure scrubbers remove the token and every access_token from URLs, headers,
 * cookies, breadcrumbs and messages; the reporter is a no-op without a DSN and initialises a
 * (fake) Sentry lazily with them when one is configured.
 */
import { describe, expect, it, vi } from 'vitest';
import { createErrorReporter, type SentryLike } from '../../src/services/boot/error-reporting';
import { FILTERED, scrubBreadcrumb, scrubEvent, scrubText } from '../../src/services/boot/scrub';

const TOKEN = 'Zb3x9QkLr8vT1mNpA0sDfGhJkLqWeRtY';

describe('scrubText', () => {
  it('filters access_token, token and password values in URLs, fragments and cookies', () => {
    expect(scrubText(`https://app.example/courses?access_token=${TOKEN}&page=2`)).toBe(
      `https://app.example/courses?access_token=${FILTERED}&page=2`,
    );
    expect(scrubText(`/api/files/proxy?resource=aula.webm&token=${TOKEN}`)).toBe(
      `/api/files/proxy?resource=aula.webm&token=${FILTERED}`,
    );
    expect(scrubText(`https://app.example/#access_token=${TOKEN}`)).toBe(
      `https://app.example/#access_token=${FILTERED}`,
    );
    expect(scrubText(`token=${TOKEN}; theme=dark`)).toBe(`token=${FILTERED}; theme=dark`);
  });

  it('filters written-out auth headers and every occurrence of the given secrets', () => {
    expect(scrubText(`Authorization: Bearer ${TOKEN}`)).toBe(`Authorization: ${FILTERED}`);
    expect(scrubText(`x-access-token=${TOKEN}`)).toBe(`x-access-token=${FILTERED}`);
    expect(scrubText(`falhou com ${TOKEN} no meio`, [TOKEN])).toBe(`falhou com ${FILTERED} no meio`);
    expect(scrubText('nada a esconder: page=2')).toBe('nada a esconder: page=2');
  });
});

describe('scrubEvent / scrubBreadcrumb', () => {
  it('removes secrets from request, headers, cookies, breadcrumbs, exceptions and extra data', () => {
    const event = {
      message: `GET /users/self?access_token=${TOKEN} falhou`,
      request: {
        url: `https://app.example/courses?access_token=${TOKEN}`,
        query_string: `access_token=${TOKEN}&page=1`,
        headers: { 'x-access-token': TOKEN, Authorization: `Bearer ${TOKEN}`, 'x-user-environment': 'WEB' },
        cookies: { token: TOKEN, theme: 'dark' },
      },
      breadcrumbs: [
        { category: 'fetch', data: { url: `/api/files/proxy?token=${TOKEN}`, method: 'GET' } },
        { category: 'console', message: `token atual ${TOKEN}` },
      ],
      exception: { values: [{ type: 'Error', value: `falhou ${TOKEN}` }] },
      extra: { nested: { deeper: { access_token: TOKEN, ok: 1 } } },
    };
    const scrubbed = scrubEvent(event, [TOKEN]);
    expect(JSON.stringify(scrubbed)).not.toContain(TOKEN);
    expect(scrubbed.request.headers['x-user-environment']).toBe('WEB');
    expect(scrubbed.request.headers['x-access-token']).toBe(FILTERED);
    expect(scrubbed.request.cookies).toEqual({ token: FILTERED, theme: 'dark' });
    expect(scrubbed.extra.nested.deeper.ok).toBe(1);
    expect((scrubbed.breadcrumbs[0] as { data: { method: string } }).data.method).toBe('GET');
    // The original is untouched (a copy is sent).
    expect(event.request.headers['x-access-token']).toBe(TOKEN);
  });

  it('copes with cycles and keeps non-secret values', () => {
    const crumb: Record<string, unknown> = { category: 'navigation', data: { from: '/login', to: '/home' } };
    crumb.self = crumb;
    const scrubbed = scrubBreadcrumb(crumb) as Record<string, unknown>;
    expect(scrubbed.data).toEqual({ from: '/login', to: '/home' });
    expect(scrubbed.self).toBe('[Circular]');
  });
});

describe('createErrorReporter', () => {
  it('without a DSN is a no-op that logs in development only', async () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    const load = vi.fn();
    const { reporter, ready } = createErrorReporter({ dsn: '', dev: true, load });
    reporter.captureException(new Error('x'));
    expect(await ready).toBe(false);
    expect(load).not.toHaveBeenCalled();
    expect(spy).toHaveBeenCalledTimes(1);
    createErrorReporter({ dsn: '', dev: false }).reporter.captureException(new Error('y'));
    expect(spy).toHaveBeenCalledTimes(1);
    spy.mockRestore();
  });

  it('with a DSN loads Sentry lazily, initialises it with the scrubbers and sends queued reports', async () => {
    const init = vi.fn<SentryLike['init']>();
    const captureException = vi.fn();
    const { reporter, ready } = createErrorReporter({
      dsn: 'https://key@o1.ingest.sentry.io/1',
      load: async () => ({ init, captureException, scrubEvent, scrubBreadcrumb }),
      secrets: () => [TOKEN],
    });
    const early = new Error('antes de carregar');
    reporter.captureException(early);
    expect(await ready).toBe(true);
    expect(captureException).toHaveBeenCalledWith(early);
    const options = init.mock.calls[0]![0];
    expect(options.dsn).toBe('https://key@o1.ingest.sentry.io/1');
    expect(options.sendDefaultPii).toBe(false);
    expect(JSON.stringify(options.beforeSend({ request: { url: `/?access_token=${TOKEN}` } }))).not.toContain(TOKEN);
    expect(JSON.stringify(options.beforeBreadcrumb({ message: `x ${TOKEN}` }))).not.toContain(TOKEN);
  });

  it('falls back to the no-op when Sentry cannot load', async () => {
    const { reporter, ready } = createErrorReporter({
      dsn: 'https://key@o1.ingest.sentry.io/1',
      load: () => Promise.reject(new Error('Cannot find module @sentry/react')),
    });
    expect(await ready).toBe(false);
    expect(() => reporter.captureException(new Error('z'))).not.toThrow();
  });
});

describe('with the real @sentry/react', () => {
  it('sends an error report to the DSN without the session token anywhere in it', async () => {
    const sent: string[] = [];
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (_url, init) => {
      sent.push(typeof init?.body === 'string' ? init.body : new TextDecoder().decode(init?.body as Uint8Array));
      return new Response('{}', { status: 200 });
    });
    window.history.replaceState(null, '', `/courses?access_token=${TOKEN}`);
    try {
      const { loadSentry } = await import('../../src/services/boot/error-reporting');
      const { reporter, ready } = createErrorReporter({
        dsn: 'https://public@sentry.example.invalid/1',
        load: loadSentry,
        secrets: () => [TOKEN],
      });
      expect(await ready).toBe(true);
      reporter.captureException(new Error(`falha ao abrir /api/files/proxy?token=${TOKEN}`));
      await vi.waitFor(() => expect(sent.join('')).toContain('falha ao abrir'), { timeout: 3000 });
      const report = sent.join('\n');
      expect(report).not.toContain(TOKEN);
      expect(report).toContain(FILTERED);
    } finally {
      fetchSpy.mockRestore();
      window.history.replaceState(null, '', '/');
    }
  });
});
