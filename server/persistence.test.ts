/**
 * Progress survives a restart of the reference server on the same data folder, and a
 * restart neither re-runs migrations nor seeds twice; the built app is served with
 * production headers and deep links get index.html.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { startServer } from './app';
import { apiAt, tokenAt } from './test-support/harness';

const dir = mkdtempSync(join(tmpdir(), 'server-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('persistence across restarts', () => {
  it('keeps a finished learning object and the token after a restart', async () => {
    const dataDir = join(dir, 'data');
    const first = await startServer({ port: 0, dataDir, distDir: null });
    expect(first.seeded).toBe(true);
    const token = await tokenAt(first.url, 'demo');
    const end = await apiAt(first.url, '/api/v1/lms/learningObjects/1/end', {
      method: 'PUT',
      token,
      body: JSON.stringify({ lesson_id: 1, data: {} }),
    });
    expect(end.status).toBe(200);
    await first.close();

    const second = await startServer({ port: 0, dataDir, distDir: null });
    expect(second.seeded).toBe(false);
    const [count] = await second.db.rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM courses WHERE audience_user_id IS NULL`,
    );
    expect(count!.n).toBe(6);
    const lo = await apiAt(second.url, '/api/v1/lms/learningObjects/1?lesson_id=1', { token });
    expect(((await lo.json()) as { data: { status: string } }).data.status).toBe('completed');
    await second.close();
  }, 60_000);
});

describe('serving the built app', () => {
  it('caches hashed assets forever, never index.html, and answers deep links with the app', async () => {
    const distDir = join(dir, 'dist');
    mkdirSync(join(distDir, 'assets'), { recursive: true });
    writeFileSync(join(distDir, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(join(distDir, 'assets', 'app-abc123.js'), 'console.log(1)');
    const server = await startServer({ port: 0, dataDir: 'memory', distDir });
    try {
      const asset = await fetch(`${server.url}/assets/app-abc123.js`);
      expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const deep = await fetch(`${server.url}/courses/1/modules/2`);
      expect(deep.status).toBe(200);
      expect(await deep.text()).toContain('<div id="root">');
      expect(deep.headers.get('cache-control')).toBe('no-cache');
      expect(deep.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(deep.headers.get('x-content-type-options')).toBe('nosniff');
      // A screen's own document at its address (clean URLs); anything else, index.html.
      writeFileSync(
        join(distDir, 'finances.html'),
        '<!doctype html><div id="root"></div><template data-early-screen="finances">',
      );
      const own = await fetch(`${server.url}/finances`);
      expect(own.status).toBe(200);
      expect(await own.text()).toContain('data-early-screen="finances"');
      expect(own.headers.get('cache-control')).toBe('no-cache');
      expect(own.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      for (const other of ['/finances/2', '/grades', '/Finances', '/finances.html.html'])
        expect(await (await fetch(`${server.url}${other}`)).text(), other).not.toContain('data-early-screen');
      const brand2 = await fetch(`http://127.0.0.1:${server.port}/api/v1/platforms/127.0.0.1`);
      expect(brand2.status).toBe(200);
      const missing = await fetch(`${server.url}/assets/missing.js`);
      expect(missing.status).toBe(404);
      const api404 = await fetch(`${server.url}/api/hub/nada`);
      expect(api404.status).toBe(404);
      expect(await api404.json()).toEqual({ message: 'Recurso não encontrado.' });
    } finally {
      await server.close();
    }
  }, 60_000);
});
