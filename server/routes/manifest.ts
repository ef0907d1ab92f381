/**
 * Installable app: the web app manifest and icons of the platform of the request's
 * host — its name and colours — as the production platform's edge would serve them.
 *
 * - `GET /manifest.webmanifest` → `application/manifest+json`, `Cache-Control: no-cache`: name,
 *   short name, `theme_color` (palette primary), `background_color`, `start_url` `/`, scope `/`,
 *   `display: standalone`, `lang: pt-BR`, and the brand's icons. An unknown host gets the generic
 *   manifest (`public/manifest.webmanifest` of the build, which a plain CDN serves).
 * - `GET /api/v1/platforms/:id/icons/:purpose.svg` (`any` or `maskable`) → the product's icon
 *   (a graduation cap) on the brand's primary colour; `maskable` keeps the glyph inside the
 *   central 80 % safe zone on a full-bleed background. 404 for an unknown platform.
 * The generic PNG icons (`/icons/*.png`, made by scripts/make-icons.mjs) are listed too, for
 * systems that do not take SVG icons.
 */
import { Hono } from 'hono';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { HttpProblem, parseId } from '../http';
import { API_PREFIXES } from '../../src/services/contract/bases';

interface BrandRow {
  id: number;
  name: string;
  primary_color: string;
}

/** A CSS hex colour, or the product's default blue when the stored one is not one. */
const hexColour = (value: string) => (/^#[0-9a-f]{3}(?:[0-9a-f]{3})?$/i.test(value) ? value : '#0b57d0');

/** The product's icon as SVG on `colour`; `maskable` = full-bleed square, glyph in the safe zone. */
export function brandIconSvg(colour: string, maskable: boolean): string {
  const background = maskable
    ? `<rect width="512" height="512" fill="${colour}"/>`
    : `<rect width="512" height="512" rx="112" fill="${colour}"/>`;
  // The glyph of public/favicon.svg (64×64), scaled 8× (any) or 6.4× around the centre (maskable).
  const glyph =
    '<path d="M14 26 32 17l18 9-18 9z" fill="#fff"/><path d="M22 31v9c0 3 5 6 10 6s10-3 10-6v-9l-10 5z" fill="#fff"/>';
  const transform = maskable ? 'translate(51.2 51.2) scale(6.4)' : 'scale(8)';
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">${background}<g transform="${transform}">${glyph}</g></svg>`;
}

/** The generic PNG icons of the build (public/icons). */
const PNG_ICONS = [
  { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
];

/** The manifest of `brand`. */
export function brandManifest(brand: BrandRow) {
  const colour = hexColour(brand.primary_color);
  const icon = (purpose: 'any' | 'maskable') => ({
    src: `${API_PREFIXES.mainV1}/platforms/${brand.id}/icons/${purpose}.svg`,
    sizes: 'any',
    type: 'image/svg+xml',
    purpose,
  });
  return {
    id: '/',
    name: brand.name,
    short_name: brand.name.length > 12 ? brand.name.split(/\s+/).slice(-1)[0] : brand.name,
    description: `${brand.name}: seus cursos, notas, documentos e financeiro.`,
    lang: 'pt-BR',
    dir: 'ltr',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    orientation: 'any',
    theme_color: colour,
    background_color: '#f5f7fa',
    icons: [icon('any'), icon('maskable'), ...PNG_ICONS],
  };
}

/** Routes of the manifest (site root) and the brand icons (main v1). */
export function manifestRoutes(db: Db): { root: Hono; v1: Hono } {
  const root = new Hono();
  root.get('/manifest.webmanifest', async (c, next) => {
    const host = (c.req.header('host') ?? '')
      .replace(/:\d+$/, '')
      .replace(/^\[|\]$/g, '')
      .toLowerCase();
    const [brand] = await db.rows<BrandRow>(sql`SELECT id, name, primary_color FROM platforms WHERE host = ${host}`);
    if (!brand) return next(); // the build's generic manifest, if any
    c.header('Cache-Control', 'no-cache');
    c.header('Content-Type', 'application/manifest+json; charset=utf-8');
    return c.body(JSON.stringify(brandManifest(brand)));
  });

  const v1 = new Hono();
  v1.get('/platforms/:id/icons/:file', async (c) => {
    const id = parseId(c.req.param('id'));
    const file = c.req.param('file');
    if (file !== 'any.svg' && file !== 'maskable.svg') throw new HttpProblem(404, 'Ícone não encontrado.');
    const [brand] = await db.rows<BrandRow>(sql`SELECT id, name, primary_color FROM platforms WHERE id = ${id}`);
    if (!brand) throw new HttpProblem(404, 'Plataforma não encontrada.');
    c.header('Cache-Control', 'public, max-age=86400');
    c.header('Content-Type', 'image/svg+xml');
    return c.body(brandIconSvg(hexColour(brand.primary_color), file === 'maskable.svg'));
  });
  return { root, v1 };
}
