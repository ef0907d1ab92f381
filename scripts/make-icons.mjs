#!/usr/bin/env node
/**
 * Makes the generic PNG icons of the installable app from the product's SVG icon, with
 * the system Chromium (no image library needed): `public/icons/icon-192.png`, `icon-512.png`,
 * `icon-maskable-512.png` (full-bleed, glyph in the 80 % safe zone) and `apple-touch-icon.png`
 * (180 px). The outputs are committed; run again only when the icon changes:
 *   node scripts/make-icons.mjs
 */
import { mkdirSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { findBrowser } from './find-browser.mjs';

const COLOUR = '#0b57d0';
const GLYPH =
  '<path d="M14 26 32 17l18 9-18 9z" fill="#fff"/><path d="M22 31v9c0 3 5 6 10 6s10-3 10-6v-9l-10 5z" fill="#fff"/>';
const svg = (maskable) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">${
    maskable
      ? `<rect width="512" height="512" fill="${COLOUR}"/>`
      : `<rect width="512" height="512" rx="112" fill="${COLOUR}"/>`
  }<g transform="${maskable ? 'translate(51.2 51.2) scale(6.4)' : 'scale(8)'}">${GLYPH}</g></svg>`;

const OUTPUTS = [
  { file: 'icon-192.png', size: 192, maskable: false },
  { file: 'icon-512.png', size: 512, maskable: false },
  { file: 'icon-maskable-512.png', size: 512, maskable: true },
  // iOS masks the corners itself: a full-bleed square.
  { file: 'apple-touch-icon.png', size: 180, maskable: true },
];

mkdirSync('public/icons', { recursive: true });
const browser = await chromium.launch({ executablePath: await findBrowser(), args: ['--no-sandbox'] });
try {
  for (const { file, size, maskable } of OUTPUTS) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    const body = svg(maskable).replace('<svg ', `<svg width="${size}" height="${size}" `);
    await page.setContent(`<html><body style="margin:0;background:transparent">${body}</body></html>`);
    await page.screenshot({ path: `public/icons/${file}`, omitBackground: true });
    await page.close();
    console.log(`public/icons/${file} (${size}×${size})`);
  }
} finally {
  await browser.close();
}
