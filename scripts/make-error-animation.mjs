#!/usr/bin/env node
/**
 * Authors the error screen's Lottie animation (docs/product.md §2: a looping server showing a 500
 * error, 90 frames, 30 fps, 524×524) as plain Lottie JSON: a server rack with blinking
 * status lights and a red seven-segment "500" that pulses. Writes
 * src/views/error-screen/server-500.json. Run: node scripts/make-error-animation.mjs
 */
import { writeFileSync } from 'node:fs';

const FRAMES = 90;
const rgb = (hex) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).concat(1);
const still = (k) => ({ a: 0, k });
const ease = { i: { x: [0.5], y: [1] }, o: { x: [0.5], y: [0] } };
/** Keyframed scalar: [[frame, value], …]. */
const keyed = (pairs) => ({ a: 1, k: pairs.map(([t, v]) => ({ t, s: [v], ...ease })) });

const transform = (extra = {}) => ({
  ty: 'tr',
  p: still([0, 0]),
  a: still([0, 0]),
  s: still([100, 100]),
  r: still(0),
  o: still(100),
  sk: still(0),
  sa: still(0),
  ...extra,
});
const rect = (x, y, w, h, r = 0) => ({
  ty: 'rc',
  d: 1,
  s: still([w, h]),
  p: still([x + w / 2, y + h / 2]),
  r: still(r),
});
const ellipse = (x, y, d) => ({ ty: 'el', d: 1, s: still([d, d]), p: still([x, y]) });
const fill = (hex) => ({ ty: 'fl', c: still(rgb(hex)), o: still(100), r: 1 });
const group = (name, items, tr) => ({ ty: 'gr', nm: name, it: [...items, transform(tr)] });

const layer = (ind, name, shapes, opacity = still(100)) => ({
  ddd: 0,
  ind,
  ty: 4,
  nm: name,
  sr: 1,
  ks: { o: opacity, r: still(0), p: still([0, 0, 0]), a: still([0, 0, 0]), s: still([100, 100, 100]) },
  ao: 0,
  shapes,
  ip: 0,
  op: FRAMES,
  st: 0,
  bm: 0,
});

// Seven-segment digits: segments a..g as rectangles in a 40×72 cell.
const SEGMENTS = {
  a: [6, 0, 28, 8],
  b: [32, 6, 8, 28],
  c: [32, 38, 8, 28],
  d: [6, 64, 28, 8],
  e: [0, 38, 8, 28],
  f: [0, 6, 8, 28],
  g: [6, 32, 28, 8],
};
const DIGITS = { 5: 'afgcd', 0: 'abcdef' };
const digit = (ch, x, y) =>
  group(
    `digit ${ch}`,
    [...DIGITS[ch]]
      .map((s) => {
        const [sx, sy, w, h] = SEGMENTS[s];
        return rect(x + sx, y + sy, w, h, 2);
      })
      .concat(fill('#d93025')),
  );

const rack = [
  group('cabinet', [rect(142, 70, 240, 384, 24), fill('#37474f')]),
  ...[0, 1, 2].map((i) => group(`unit ${i + 1}`, [rect(166, 100 + i * 74, 192, 56, 10), fill('#546e7a')])),
  group('display', [rect(166, 330, 192, 100, 12), fill('#1b1f24')]),
  group('feet', [rect(166, 454, 40, 14, 4), rect(318, 454, 40, 14, 4), fill('#263238')]),
];
const blink = (offset) =>
  keyed([
    [0, 100],
    [offset, 100],
    [offset + 8, 15],
    [offset + 16, 100],
    [FRAMES, 100],
  ]);
const lights = [0, 1, 2].map((i) =>
  layer(
    3 + i,
    `light ${i + 1}`,
    [group('led', [ellipse(330, 128 + i * 74, 16), fill(i === 1 ? '#ffb300' : '#43a047')])],
    blink(10 + i * 20),
  ),
);
const code = layer(
  2,
  '500',
  [digit('5', 196, 344), digit('0', 242, 344), digit('0', 288, 344)],
  keyed([
    [0, 100],
    [22, 35],
    [45, 100],
    [67, 35],
    [FRAMES, 100],
  ]),
);

const animation = {
  v: '5.7.4',
  fr: 30,
  ip: 0,
  op: FRAMES,
  w: 524,
  h: 524,
  nm: 'server-500',
  ddd: 0,
  assets: [],
  layers: [code, ...lights, layer(10, 'rack', rack)],
};

writeFileSync(new URL('../src/views/error-screen/server-500.json', import.meta.url), JSON.stringify(animation));
console.log('wrote src/views/error-screen/server-500.json');
