/**
 * Hostile input answered 4xx before it reaches a route or the database (NUL
 * characters, lone surrogates, absurd timestamps, deep or huge JSON, which would otherwise answer 500 or be stored).
 * One middleware on `/api/*` (server/app.ts), in this order:
 *
 * 1. the path, decoded, and every query name and value: invalid percent-encoding, NUL or a lone
 *    UTF-16 surrogate → 400 `INPUT_MESSAGES.badText` (e.g. `/platforms/%00`);
 * 2. `X-Client-Timestamp`, when present, must be a date from 2000-01-01 to now + 1 day
 *    (`parseClientTimestamp`) → else 400;
 * 3. the body: more than `MAX_JSON_BODY_BYTES` (1 MB; multipart uploads `MAX_MULTIPART_BYTES`,
 *    6 MB) → 413 `INPUT_MESSAGES.tooLarge` (Hono's body-limit: Content-Length, or counted while
 *    streaming). A body that parses as JSON is then walked (iteratively, so depth cannot crash
 *    it): nesting deeper than `MAX_JSON_DEPTH` → 400; any key or string with NUL or a lone
 *    surrogate → 400; on a progress write (`…/end`) a `data` field over `MAX_PROGRESS_DATA_BYTES`
 *    (64 KB as UTF-8 JSON) → 413. Bodies that are not JSON pass on (the route answers 400).
 *
 * The parsed body stays in Hono's cache: routes read it again without a second network read.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HttpProblem, parseClientTimestamp } from './http';

/** Largest JSON (or other non-multipart) request body, bytes: 1 MB. */
export const MAX_JSON_BODY_BYTES = 1024 * 1024;
/** Largest multipart body (the identity photo, ≤ 5 MB, plus its envelope), bytes. */
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
 * The 413 answer. The body was not (fully) read, so the connection is closed after the answer:
 * a client must not reuse a socket that still carries the rest of an upload.
 */
const tooLarge = (message: string) => (c: Context) => {
  c.header('Connection', 'close');
  return c.json({ message }, 413);
};

/** The guard middleware (see the file header); mount on `/api/*` before the routes. */
export function inputGuard(): MiddlewareHandler {
  const jsonLimit = bodyLimit({ maxSize: MAX_JSON_BODY_BYTES, onError: tooLarge(INPUT_MESSAGES.tooLarge) });
  const multipartLimit = bodyLimit({
    maxSize: MAX_MULTIPART_BYTES,
    onError: tooLarge(INPUT_MESSAGES.multipartTooLarge),
  });
  return async (c, next) => {
    checkUrl(c);
    parseClientTimestamp(c.req.header('x-client-timestamp'));
    if (!c.req.raw.body) return next();
    const multipart = (c.req.header('content-type') ?? '').toLowerCase().startsWith('multipart/');
    if (multipart) return multipartLimit(c, next);
    return jsonLimit(c, async () => {
      await checkBody(c);
      await next();
    });
  };
}
