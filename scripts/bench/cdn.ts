/**
 * A CDN in front of the reference server, for the bench: every request goes to the
 * origin (the reference server serving dist/ and the API, with its own headers such as the
 * CSP); answers of text types come back compressed the way a CDN serves them — brotli
 * (quality 11) or gzip (level 9) by the client's Accept-Encoding — and with a CDN's caching:
 * hashed files under /assets/ are `immutable` for a year, index.html (and every SPA route) and
 * the service worker are `no-cache`.
 *
 *   startCdn({ origin: 'http://localhost:4174', port?: 0 })
 *     → Promise<{ url, port, sizes(path) → { identity, gzip, br } | undefined, close() }>
 *
 * `sizes` gives the three body sizes (bytes) of a static file it served, so the bench can
 * count gzip bytes whatever encoding the browser chose.
 *
 * Like a production CDN it speaks HTTP/2 over TLS (ALPN `h2`, HTTP/1.1 for clients without it),
 * so Lighthouse models one multiplexed connection rather than HTTP/1.1's six connections per
 * origin — which would make every extra chunk cost a round trip no student pays. The certificate
 * is a throwaway self-signed one for `localhost` made with `openssl` at start; the bench's
 * Chromium runs with `--ignore-certificate-errors` (CHROMIUM_ARGS).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createSecureServer } from 'node:http2';
import type { AddressInfo, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { serve } from '@hono/node-server';

/** Body sizes of one static file, bytes. */
export interface EncodedSizes {
  identity: number;
  gzip: number;
  br: number;
}

interface Encoded {
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
}

/** Content types a CDN compresses (images and fonts other than SVG are compressed already). */
const COMPRESSIBLE = /^(text\/|application\/(javascript|json|manifest\+json|xml)|image\/svg\+xml)/;
/** Hop-by-hop and length headers the CDN recomputes. */
const DROPPED = new Set(['content-length', 'content-encoding', 'transfer-encoding', 'connection', 'keep-alive']);

/** Compresses `body` both ways, at the levels a CDN precompresses static files with. */
export function encode(body: Buffer): Encoded {
  return {
    identity: body,
    gzip: gzipSync(body, { level: constants.Z_BEST_COMPRESSION }),
    br: brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
  };
}

/** The encoding to serve for an Accept-Encoding header: br, else gzip, else none. */
export function pickEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | 'identity' {
  const accepted = (acceptEncoding ?? '').toLowerCase();
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return 'identity';
}

/** The Cache-Control a CDN gives `path` (null = keep the origin's). */
export function cacheControlFor(path: string, contentType: string): string | null {
  if (path.startsWith('/assets/')) return 'public, max-age=31536000, immutable';
  if (path === '/sw.js' || path.startsWith('/workbox-') || contentType.startsWith('text/html')) return 'no-cache';
  return null;
}

/**
 * A throwaway self-signed certificate for `localhost` and 127.0.0.1 (EC P-256, 1 day), made with
 * the `openssl` command line.
 * @throws Error when openssl is missing or fails.
 */
export function selfSignedCertificate(): { key: Buffer; cert: Buffer } {
  const dir = mkdtempSync(join(tmpdir(), 'bench-cdn-'));
  try {
    const made = spawnSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=localhost',
        '-addext',
        'subjectAltName=DNS:localhost,IP:127.0.0.1',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
      ],
      { encoding: 'utf8' },
    );
    if (made.status !== 0)
      throw new Error(`openssl could not make the bench certificate: ${made.stderr || made.error}`);
    return { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export interface RunningCdn {
  url: string;
  port: number;
  /** Sizes of a static file served at `path` (no query), if it was served. */
  sizes(path: string): EncodedSizes | undefined;
  close(): Promise<void>;
}

/**
 * Starts the CDN on `port` (0 = a free one) in front of `origin`.
 * @throws when the port cannot be listened on.
 */
export async function startCdn(options: { origin: string; port?: number }): Promise<RunningCdn> {
  const cache = new Map<string, { encoded: Encoded; headers: [string, string][]; status: number }>();
  /** The same entries by path alone, for `sizes` (hashed assets are the same on every host). */
  const byPath = new Map<string, { encoded: Encoded }>();
  const app = new Hono();
  app.all('*', async (c) => {
    const url = new URL(c.req.url);
    const isApi = url.pathname.startsWith('/api/');
    const cacheable = c.req.method === 'GET' && !isApi;
    // Per host: each brand (host) gets its own manifest and icons from the origin.
    const key = `${url.host}${url.pathname}`;
    let hit = cacheable ? cache.get(key) : undefined;
    if (!hit) {
      const headers = new Headers(c.req.raw.headers);
      headers.delete('accept-encoding');
      headers.delete('host');
      let answer: Response;
      try {
        // The brand's own host, so the origin answers its manifest and icons (localhost, 127.0.0.1).
        const origin = new URL(options.origin);
        answer = await fetch(`${origin.protocol}//${url.hostname}:${origin.port}${url.pathname}${url.search}`, {
          method: c.req.method,
          headers,
          body: c.req.method === 'GET' || c.req.method === 'HEAD' ? undefined : await c.req.arrayBuffer(),
          redirect: 'manual',
        });
      } catch {
        // The origin dropped the connection (e.g. the page was closed mid-request).
        return c.text('Bad gateway', 502);
      }
      const type = answer.headers.get('content-type') ?? '';
      const body = Buffer.from(await answer.arrayBuffer());
      const kept = [...answer.headers].filter(([name]) => !DROPPED.has(name));
      if (!COMPRESSIBLE.test(type) || answer.status === 206 || body.length === 0) {
        return new Response(c.req.method === 'HEAD' ? null : body, { status: answer.status, headers: kept });
      }
      hit = { encoded: encode(body), headers: kept, status: answer.status };
      if (cacheable && answer.status === 200) {
        cache.set(key, hit);
        byPath.set(url.pathname, hit);
      }
    }
    const encoding = pickEncoding(c.req.header('accept-encoding'));
    const headers = new Headers(hit.headers);
    headers.set('Vary', 'Accept-Encoding');
    if (encoding !== 'identity') headers.set('Content-Encoding', encoding);
    const cacheControl = cacheControlFor(url.pathname, headers.get('content-type') ?? '');
    if (cacheControl) headers.set('Cache-Control', cacheControl);
    const body = hit.encoded[encoding];
    headers.set('Content-Length', String(body.length));
    return new Response(c.req.method === 'HEAD' ? null : new Uint8Array(body), { status: hit.status, headers });
  });

  const { key, cert } = selfSignedCertificate();
  const listen = (hostname: string) =>
    new Promise<ReturnType<typeof serve>>((resolve, reject) => {
      const s = serve(
        {
          fetch: app.fetch,
          port: options.port ?? 0,
          hostname,
          createServer: createSecureServer,
          serverOptions: { key, cert, allowHTTP1: true },
        },
        () => resolve(s),
      );
      s.once('error', reject);
    });
  // Dual stack like the reference server: https://localhost answers on ::1 and 127.0.0.1.
  const server = await listen('::').catch(() => listen('0.0.0.0'));
  const port = (server.address() as AddressInfo).port;
  // A connection still open at the end (a browser's keep-alive, an HTTP/2 session) would hold
  // `server.close()` — and the bench's exit — forever: closing ends them.
  const sockets = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  return {
    url: `https://localhost:${port}`,
    port,
    sizes: (path) => {
      const hit = byPath.get(path);
      return hit
        ? { identity: hit.encoded.identity.length, gzip: hit.encoded.gzip.length, br: hit.encoded.br.length }
        : undefined;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      }),
  };
}
