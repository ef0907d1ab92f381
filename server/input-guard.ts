/**
 * Hostile input answered 4xx before it reaches a route or the database (NUL characters, lone
 * surrogates, absurd timestamps, deep or huge JSON, a body of a type the route does not take,
 * which would otherwise answer 500 or be stored). One middleware on `/api/*` (server/app.ts), in
 * this order:
 *
 * 1. the path, decoded, and every query name and value: invalid percent-encoding, NUL or a lone
 *    UTF-16 surrogate → 400 `INPUT_MESSAGES.badText` (e.g. `/platforms/%00`);
 * 2. `X-Client-Timestamp`, when present, must be a date from 2000-01-01 to now + 1 day
 *    (`parseClientTimestamp`) → else 400;
 * 3. the body, by route (`BodyRule`): every route takes a JSON body or none (`JSON_BODY`, 1 MB),
 *    except the routes of `UPLOAD_ROUTES` (multipart, with their own cap). A body of another
 *    content type → 415 `unsupportedType(rule)`, before a byte of it is read; a body over the
 *    route's cap → 413 whatever its type (a declared Content-Length over it at once; otherwise
 *    the bytes are counted as they stream, by Hono's body-limit, so a body without a length is
 *    cut at the cap too). A JSON body that parses is then walked (iteratively, so depth cannot
 *    crash it): nesting deeper than `MAX_JSON_DEPTH` → 400; any key or string with NUL or a lone
 *    surrogate → 400; on a progress write (`…/end`) a `data` field over
 *    `MAX_PROGRESS_DATA_BYTES` (64 KB as UTF-8 JSON) → 413. JSON bodies that do not parse pass on
 *    (the route answers 400). A request without a body (none, or `Content-Length: 0`) passes
 *    whatever its content type.
 *
 * The body read here stays in Hono's cache: routes read it again without a second network read.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { API_PREFIXES } from '../src/services/contract/bases';
import { HttpProblem, parseClientTimestamp } from './http';

/** Largest JSON request body, bytes: 1 MB. */
export const MAX_JSON_BODY_BYTES = 1024 * 1024;
/** Largest multipart body of an upload route (the identity photo, ≤ 5 MB, plus its envelope), bytes. */
export const MAX_MULTIPART_BYTES = 6 * 1024 * 1024;
/** Largest `data` of a progress write (learning object, short video, attachment end), bytes of UTF-8 JSON. */
export const MAX_PROGRESS_DATA_BYTES = 64 * 1024;
/** Deepest nesting of arrays/objects in a JSON body (the top-level object is depth 1). */
export const MAX_JSON_DEPTH = 32;

/** pt-BR answers. */
export const INPUT_MESSAGES = {
  badText: 'A requisição contém caracteres inválidos (NUL ou texto UTF-16 malformado).',
  badPath: 'Endereço da requisição inválido.',
  tooDeep: `O JSON da requisição é aninhado demais (máximo ${MAX_JSON_DEPTH} níveis).`,
  tooLarge: 'O corpo da requisição é grande demais (máximo 1 MB).',
  multipartTooLarge: 'O corpo da requisição é grande demais (máximo 6 MB).',
  progressTooLarge: 'Os dados de progresso passam do limite de 64 KB.',
} as const;

/** What a route accepts as its request body. */
export interface BodyRule {
  /** Media types accepted, lower case, without parameters (`application/json`). */
  types: readonly string[];
  /** Largest body, bytes (counted, not only declared). */
  maxBytes: number;
  /** The pt-BR message of the 413. */
  tooLarge: string;
}

/** The body of every route not in `UPLOAD_ROUTES`: JSON (or none), at most 1 MB. */
export const JSON_BODY: BodyRule = {
  types: ['application/json'],
  maxBytes: MAX_JSON_BODY_BYTES,
  tooLarge: INPUT_MESSAGES.tooLarge,
};

/** An upload's body: `multipart/form-data`, at most 6 MB. */
export const MULTIPART_UPLOAD: BodyRule = {
  types: ['multipart/form-data'],
  maxBytes: MAX_MULTIPART_BYTES,
  tooLarge: INPUT_MESSAGES.multipartTooLarge,
};

/**
 * The routes whose body is not JSON, by `METHOD /full/path`: the identity photo upload
 * (`POST /api/v2/biometrics/create`, server/routes/profile.ts; the photo ≤ 5 MB).
 */
export const UPLOAD_ROUTES: Readonly<Record<string, BodyRule>> = {
  [`POST ${API_PREFIXES.mainV2}/biometrics/create`]: MULTIPART_UPLOAD,
};

/** The body rule of a request: its entry of `UPLOAD_ROUTES`, else `JSON_BODY`. */
export function bodyRuleOf(method: string, path: string): BodyRule {
  return UPLOAD_ROUTES[`${method.toUpperCase()} ${path}`] ?? JSON_BODY;
}

/** The pt-BR answer (415) to a body whose content type `rule` does not take. */
export function unsupportedType(rule: BodyRule): string {
  return `Tipo de conteúdo não aceito nesta rota: envie ${rule.types.join(' ou ')}.`;
}

/** The media type of a `Content-Type` value, lower case, without parameters ('' when absent). */
export function mediaTypeOf(contentType: string | undefined): string {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase();
}

/** A lone (unpaired) UTF-16 surrogate. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** @returns whether `text` is safe to store: no NUL, no lone surrogate. */
export function isCleanText(text: string): boolean {
  return !text.includes('\u0000') && !LONE_SURROGATE.test(text);
}

/** Progress writes whose `data` field is limited to `MAX_PROGRESS_DATA_BYTES`. */
const PROGRESS_WRITE = /\/end\/?$/;

/**
 * Walks a parsed JSON value without recursion.
 * @throws HttpProblem 400 when nested deeper than `MAX_JSON_DEPTH` or a key/string is not clean.
 */
export function checkJsonValue(value: unknown): void {
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [item, depth] = stack.pop()!;
    if (typeof item === 'string') {
      if (!isCleanText(item)) throw new HttpProblem(400, INPUT_MESSAGES.badText);
    } else if (typeof item === 'object' && item !== null) {
      if (depth > MAX_JSON_DEPTH) throw new HttpProblem(400, INPUT_MESSAGES.tooDeep);
      if (Array.isArray(item)) {
        for (const child of item) stack.push([child, depth + 1]);
      } else {
        for (const [key, child] of Object.entries(item)) {
          if (!isCleanText(key)) throw new HttpProblem(400, INPUT_MESSAGES.badText);
          stack.push([child, depth + 1]);
        }
      }
    }
  }
}

/** Checks the decoded path and the query of `c`; @throws HttpProblem 400. */
function checkUrl(c: Context): void {
  const url = new URL(c.req.url);
  let path: string;
  try {
    path = decodeURIComponent(url.pathname);
  } catch {
    throw new HttpProblem(400, INPUT_MESSAGES.badPath);
  }
  if (!isCleanText(path)) throw new HttpProblem(400, INPUT_MESSAGES.badText);
  if (url.search) {
    // Hono decodes query values itself and keeps a malformed escape as it is; decode strictly.
    for (const part of url.search.slice(1).split('&')) {
      let decoded: string;
      try {
        decoded = decodeURIComponent(part.replace(/\+/g, ' '));
      } catch {
        throw new HttpProblem(400, INPUT_MESSAGES.badPath);
      }
      if (!isCleanText(decoded)) throw new HttpProblem(400, INPUT_MESSAGES.badText);
    }
  }
}

/** Checks a buffered non-multipart body (see the file header); @throws HttpProblem 400 / 413. */
async function checkBody(c: Context): Promise<void> {
  const text = await c.req.text();
  if (text.trim() === '') return;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return; // not JSON: the route answers its own 400
  }
  checkJsonValue(parsed);
  if (PROGRESS_WRITE.test(c.req.path) && typeof parsed === 'object' && parsed !== null && 'data' in parsed) {
    const data = JSON.stringify((parsed as { data: unknown }).data) ?? '';
    if (Buffer.byteLength(data, 'utf8') > MAX_PROGRESS_DATA_BYTES) {
      throw new HttpProblem(413, INPUT_MESSAGES.progressTooLarge);
    }
  }
}

/**
 * An answer to a body that is not (fully) read — 413 or 415 — with the connection closed after
 * it: a client must not reuse a socket that still carries the rest of an upload.
 */
const refuse = (c: Context, status: 413 | 415, message: string) => {
  c.header('Connection', 'close');
  return c.json({ message }, status);
};

/** Whether the request carries a body: a stream, not declared empty. */
const hasBody = (c: Context) => c.req.raw.body !== null && c.req.header('content-length') !== '0';

/**
 * Caps the body of `c` at `rule.maxBytes` while it streams, then runs `next`: a declared
 * Content-Length over the cap is refused at once; otherwise the length is dropped from the
 * request so that Hono's body-limit counts the bytes themselves instead of believing it.
 */
function capBody(c: Context, rule: BodyRule, next: () => Promise<void>): Promise<Response | void> {
  const declared = c.req.header('content-length');
  if (declared !== undefined && !(Number(declared) <= rule.maxBytes)) {
    return Promise.resolve(refuse(c, 413, rule.tooLarge));
  }
  if (declared !== undefined) {
    const headers = new Headers(c.req.raw.headers);
    headers.delete('content-length');
    c.req.raw = new Request(c.req.raw, { headers });
  }
  return bodyLimit({ maxSize: rule.maxBytes, onError: (ctx) => refuse(ctx, 413, rule.tooLarge) })(c, next);
}

/** The guard middleware (see the file header); mount on `/api/*` before the routes. */
export function inputGuard(): MiddlewareHandler {
  return async (c, next) => {
    checkUrl(c);
    parseClientTimestamp(c.req.header('x-client-timestamp'));
    if (!hasBody(c)) return next();
    const rule = bodyRuleOf(c.req.method, c.req.path);
    if (!rule.types.includes(mediaTypeOf(c.req.header('content-type')))) {
      return refuse(c, 415, unsupportedType(rule));
    }
    if (rule !== JSON_BODY) return capBody(c, rule, next);
    return capBody(c, rule, async () => {
      await checkBody(c);
      await next();
    });
  };
}
