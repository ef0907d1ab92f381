/**
 * What the build publishes (docs/deploy.md "Source maps"): no JavaScript file of the
 * build global setup made (`dist/`) references a source map, the scripts the app's HTML loads as
 * `npm start` serves them carry no `sourceMappingURL` nor a `SourceMap` header, and `*.map`
 * paths are 404.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect, test } from './support/fixtures';

const DIST = join(process.cwd(), 'dist');

/** Every file under `dir`, recursively. */
const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  );

test('no JavaScript file of dist/ references a source map', () => {
  const scripts = filesUnder(DIST).filter((f) => /\.m?js$/.test(f));
  expect(scripts.length).toBeGreaterThan(10);
  const referencing = scripts.filter((f) => /[#@]\s*sourceMappingURL=/.test(readFileSync(f, 'utf8')));
  expect(referencing.map((f) => relative(DIST, f))).toEqual([]);
});

test('the scripts the app loads are served without a source map reference, and *.map is 404', async ({ request }) => {
  const html = await (await request.get('/')).text();
  const paths = new Set<string>();
  for (const m of html.matchAll(/<(?:script|link)\b[^>]*\b(?:src|href)="(\/[^"]+\.m?js)"/g)) paths.add(m[1]!);
  // The deferred entry lists its route chunks in a JSON data block (scripts/vite/deferred-entry.ts).
  for (const m of html.matchAll(/"(\/assets\/[^"]+\.js)"/g)) paths.add(m[1]!);
  paths.add('/sw.js');
  expect(paths.size).toBeGreaterThan(3);
  for (const path of paths) {
    const answer = await request.get(path);
    expect(answer.status(), path).toBe(200);
    expect(answer.headers()['sourcemap'], path).toBeUndefined();
    expect(answer.headers()['x-sourcemap'], path).toBeUndefined();
    expect(await answer.text(), path).not.toMatch(/[#@]\s*sourceMappingURL=/);
    const map = await request.get(`${path}.map`);
    expect(map.status(), `${path}.map`).toBe(404);
  }
});
