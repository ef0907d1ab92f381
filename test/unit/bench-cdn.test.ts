// @vitest-environment node
/**
 * The bench's CDN (scripts/bench/cdn.ts) answers as a production CDN does: HTTP/2 over
 * TLS, brotli for clients that accept it, a year of `immutable` caching for hashed assets and
 * `no-cache` for the HTML — in front of any origin.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type ClientHttp2Session } from 'node:http2';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync } from 'node:zlib';
import { startCdn, type RunningCdn } from '../../scripts/bench/cdn';

const SCRIPT = `export const greeting = ${JSON.stringify('olá '.repeat(200))};`;

let origin: Server;
let cdn: RunningCdn;
let client: ClientHttp2Session;

beforeAll(async () => {
  origin = createServer((req, res) => {
    if (req.url?.startsWith('/assets/')) {
      res.writeHead(200, { 'content-type': 'text/javascript' });
      res.end(SCRIPT);
    } else {
      res.writeHead(200, { 'content-type': 'text/html; charset=UTF-8', 'cache-control': 'max-age=60' });
      res.end('<!doctype html><title>Portal</title>');
    }
  });
  await new Promise<void>((resolve) => origin.listen(0, '127.0.0.1', resolve));
  cdn = await startCdn({ origin: `http://127.0.0.1:${(origin.address() as AddressInfo).port}` });
  client = connect(cdn.url, { rejectUnauthorized: false });
});

afterAll(async () => {
  client?.close();
  await cdn?.close();
  await new Promise<void>((resolve) => origin.close(() => resolve()));
});

/** GET `path` over the HTTP/2 session: status, headers and body. */
function get(path: string, acceptEncoding = 'gzip, deflate, br') {
  return new Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
    const request = client.request({ ':path': path, 'accept-encoding': acceptEncoding });
    const chunks: Buffer[] = [];
    let headers: Record<string, string | string[] | undefined> = {};
    request.on('response', (h) => (headers = h));
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve({ headers, body: Buffer.concat(chunks) }));
    request.on('error', reject);
    request.end();
  });
}

describe('bench CDN over HTTP/2', () => {
  it('serves https with ALPN h2', async () => {
    expect(cdn.url).toMatch(/^https:\/\/localhost:\d+$/);
    await get('/courses');
    expect(client.alpnProtocol).toBe('h2');
  });

  it('answers a hashed asset brotli-compressed and immutable for a year, and knows its sizes', async () => {
    const { headers, body } = await get('/assets/index-abc123.js');
    expect(headers[':status']).toBe(200);
    expect(headers['content-encoding']).toBe('br');
    expect(headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(body).toString()).toBe(SCRIPT);
    const sizes = cdn.sizes('/assets/index-abc123.js')!;
    expect(sizes.identity).toBe(Buffer.byteLength(SCRIPT));
    expect(sizes.br).toBe(body.length);
    expect(sizes.gzip).toBeLessThan(sizes.identity);
  });

  it('never lets the HTML be cached without asking', async () => {
    const { headers } = await get('/courses', 'gzip');
    expect(headers['content-encoding']).toBe('gzip');
    expect(headers['cache-control']).toBe('no-cache');
  });
});
