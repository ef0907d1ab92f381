/**
 * The demo content host: a second origin, `http://conteudo.localhost:<port>`, that plays the
 * content CDN on which schools publish their images, PDFs, videos and podcasts.
 *
 * Browsers resolve every `*.localhost` name to the loopback address, so the same server process
 * and port answer it; what tells the content host apart is the request's `Host` header. On that
 * host only `GET`/`HEAD` `/files/<name>` (files of `server/assets/content/`) and the CORS
 * preflight `OPTIONS` of those paths are answered; everything else is a 404 text, so neither the
 * API nor the app is ever reachable on the content origin.
 *
 * The files are answered as a public CDN answers them: cross-origin readable (CORS `*`,
 * `Cross-Origin-Resource-Policy: cross-origin`, `Timing-Allow-Origin: *`), cacheable for an
 * hour, with byte ranges (206/416) for the media players, and without any framing restriction
 * (the app frames the PDF).
 *
 * Seeded rows name the content host without a port (`SEEDED_CONTENT_ORIGIN`); the learning
 * object answers rewrite that prefix to the origin of the port the request came in on
 * (`contentOriginOf`, `withContentOrigin`), so the links work on any port, including the random
 * ports of the tests.
 */
import { readFile, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { MiddlewareHandler } from 'hono';

/** Host name of the demo content host (any port). */
export const DEMO_CONTENT_HOST_NAME = 'conteudo.localhost';

/** Origin of the content host as seeded rows write it: no port (rewritten per request). */
export const SEEDED_CONTENT_ORIGIN = 'http://conteudo.localhost';

/** Folder of the files the content host serves at `/files/<name>`. */
export const CONTENT_FILES_DIR = join(dirname(fileURLToPath(import.meta.url)), 'assets', 'content');

/** Content type per file extension; files of other extensions are not served. */
export const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.pdf': 'application/pdf',
  '.webm': 'video/webm',
  '.ogg': 'audio/ogg',
  '.vtt': 'text/vtt; charset=utf-8',
};

/** Headers of every file answer (and of the preflight) of the content host. */
const CORS_HEADERS: Readonly<Record<string, string>> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers': 'Content-Length, Content-Range, Accept-Ranges',
  'Cross-Origin-Resource-Policy': 'cross-origin',
  'Timing-Allow-Origin': '*',
  'X-Content-Type-Options': 'nosniff',
};

/** Extra headers of the CORS preflight answer. */
const PREFLIGHT_HEADERS: Readonly<Record<string, string>> = {
  'Access-Control-Allow-Methods': 'GET, HEAD',
  'Access-Control-Allow-Headers': 'Range, X-Offline-Download',
  'Access-Control-Max-Age': '600',
};

/**
 * Splits a `Host` header into its lower-case host name (no IPv6 brackets, no trailing dot) and
 * its port.
 * @param hostHeader the header's value (`conteudo.localhost:4173`, `[::1]:4173`, `localhost`…);
 *   undefined = no header.
 * @returns `{ name, port }`; `port` is the decimal port text, or null when the header has none.
 */
export function splitHost(hostHeader: string | undefined): { name: string; port: string | null } {
  const header = (hostHeader ?? '').trim().toLowerCase();
  const match = /^(\[[^\]]*\]|[^:]*)(?::(\d+))?$/.exec(header);
  if (!match) return { name: header, port: null };
  const name = (match[1] ?? '').replace(/^\[|\]$/g, '').replace(/\.$/, '');
  return { name, port: match[2] ?? null };
}

/**
 * Whether a request is addressed to the demo content host.
 * @param hostHeader the request's `Host` header (undefined = none).
 * @returns true when its host name is `DEMO_CONTENT_HOST_NAME`, whatever the port.
 */
export const isContentHost = (hostHeader: string | undefined): boolean =>
  splitHost(hostHeader).name === DEMO_CONTENT_HOST_NAME;

/**
 * The content host's origin for a request: the same port as the request's own `Host` header
 * (every `*.localhost` name reaches this server on the port it listens on, whichever host the
 * request named), so it is right on any port, including the random ports of the tests.
 * @param hostHeader the request's `Host` header (`localhost:4173`, `127.0.0.1:4173`…).
 * @returns `http://conteudo.localhost:<port>`, or `SEEDED_CONTENT_ORIGIN` when the header has no
 *   port (the default port 80).
 */
export function contentOriginOf(hostHeader: string | undefined): string {
  const { port } = splitHost(hostHeader);
  return port && port !== '80' ? `${SEEDED_CONTENT_ORIGIN}:${port}` : SEEDED_CONTENT_ORIGIN;
}

/**
 * Points the content-host URLs of a text at a given origin.
 * @param text a URL or an HTML fragment of seeded content.
 * @param origin the content origin to use, without a trailing slash (`contentOriginOf`).
 * @returns `text` with every `http://conteudo.localhost/` replaced by `<origin>/`; other URLs,
 *   and URLs of the content host that already name a port, are left unchanged.
 */
export function withContentOrigin(text: string, origin: string): string {
  const seeded = `${SEEDED_CONTENT_ORIGIN}/`;
  if (origin === SEEDED_CONTENT_ORIGIN || !text.includes(seeded)) return text;
  return text.replaceAll(seeded, `${origin}/`);
}

/** A byte range, both ends inclusive (bytes). */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Reads a `Range` header (RFC 9110 §14) against a file of `size` bytes. Only a single
 * `bytes=` range is honoured; a header that is absent, malformed, of another unit or asks for
 * several ranges is ignored (the whole file is answered, as the RFC allows).
 * @param header the `Range` header, or undefined.
 * @param size the file's size, bytes.
 * @returns the range to answer (206), `'unsatisfiable'` (416), or null (200 with the whole file).
 */
export function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/i.exec(header.trim());
  if (!match) return null;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return null;
  if (first === '') {
    // Suffix range: the last N bytes.
    const length = Number(last);
    if (length === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(first);
  if (last !== '' && Number(last) < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end: last === '' ? size - 1 : Math.min(Number(last), size - 1) };
}

/**
 * The file of the content folder that a `/files/<name>` path names.
 * @param pathname the request's path, as received (percent-encoded).
 * @returns the file's absolute path and content type, or null when the path is not
 *   `/files/<name>` with a name of `[a-z0-9._-]` (no leading dot, no `..`) and a served extension.
 */
export function contentFileOf(pathname: string): { file: string; type: string } | null {
  const match = /^\/files\/([^/]+)$/.exec(pathname);
  if (!match) return null;
  let name: string;
  try {
    name = decodeURIComponent(match[1] ?? '');
  } catch {
    return null;
  }
  if (!/^[a-z0-9._-]+$/.test(name) || name.startsWith('.') || name.includes('..')) return null;
  const type = CONTENT_TYPES[name.slice(name.lastIndexOf('.'))];
  if (!type) return null;
  return { file: join(CONTENT_FILES_DIR, name), type };
}

const notFound = () =>
  new Response('Not found', {
    status: 404,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff' },
  });

/**
 * Middleware answering every request addressed to the content host (`isContentHost`) and
 * passing every other request on untouched. Install it first, so that nothing else answers on
 * that host.
 * - `GET`/`HEAD /files/<name>`: the file with its content type, CORS/CORP headers,
 *   `Cache-Control: public, max-age=3600`, `Accept-Ranges: bytes`; a single byte range → 206
 *   with `Content-Range`, an unsatisfiable one → 416 with `Content-Range: bytes *\/<size>`.
 * - `OPTIONS /files/<name>`: the CORS preflight, 204.
 * - anything else: 404 text.
 */
export function contentHost(): MiddlewareHandler {
  return async (c, next) => {
    if (!isContentHost(c.req.header('host'))) return next();
    const target = contentFileOf(new URL(c.req.url).pathname);
    if (!target) return notFound();
    const method = c.req.method;
    if (method === 'OPTIONS') {
      return new Response(null, { status: 204, headers: { ...CORS_HEADERS, ...PREFLIGHT_HEADERS } });
    }
    if (method !== 'GET' && method !== 'HEAD') return notFound();
    const info = await stat(target.file).catch(() => null);
    if (!info?.isFile()) return notFound();
    const size = info.size;
    const headers: Record<string, string> = {
      ...CORS_HEADERS,
      'Content-Type': target.type,
      'Cache-Control': 'public, max-age=3600',
      'Accept-Ranges': 'bytes',
      'Last-Modified': info.mtime.toUTCString(),
    };
    const range = parseRange(c.req.header('range'), size);
    if (range === 'unsatisfiable') {
      return new Response(null, {
        status: 416,
        headers: { ...headers, 'Content-Range': `bytes */${size}`, 'Content-Length': '0' },
      });
    }
    const { start, end } = range ?? { start: 0, end: size - 1 };
    const length = Math.max(0, end - start + 1);
    headers['Content-Length'] = String(length);
    if (range) headers['Content-Range'] = `bytes ${start}-${end}/${size}`;
    const status = range ? 206 : 200;
    if (method === 'HEAD') return new Response(null, { status, headers });
    // The demo files are small (tens of KB): read whole, answer the slice.
    const body = (await readFile(target.file)).subarray(start, end + 1);
    return new Response(body, { status, headers });
  };
}
