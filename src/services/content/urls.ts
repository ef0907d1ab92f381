/**
 * What a URL from the platform is, without the embed providers' recognition (docs/content.md):
 * safe or not, a file of the app's origin or a content host, a page of an embed provider's host,
 * or any other page. The learning object's viewer classifies with this; only a URL on a
 * provider's host loads the recognition (./providers.ts, with `get-video-id`), and with it the
 * provider's embed (src/views/learning-object/provider-embed.tsx `ProviderContent`) — a file's video, a PDF or a
 * quiz do not download them (docs/performance.md).
 */
import { hostMatches, originMatches } from '../contract/origins';
import type { ContentSources } from '../contract/content-sources';

/** Schemes a link may use; a source (`src`, a frame, a player) only the first two. */
const LINK_SCHEMES = new Set(['https:', 'http:', 'mailto:', 'tel:']);
const SOURCE_SCHEMES = new Set(['https:', 'http:']);

/**
 * `raw` as an absolute URL when it is safe where it goes.
 * @param raw a URL from the API (absolute, or a path of the app's origin).
 * @param base the app's origin (`location.origin`), against which paths resolve.
 * @param use `source` (src of an image, media, frame: http/https only) or `link` (also mailto/tel).
 * @returns the absolute URL, or null for any other scheme (`javascript:`, `data:`, `vbscript:`,
 *   `blob:`, `file:`…) or text that is not a URL. Control characters and spaces that browsers strip
 *   before parsing (`java\tscript:`) are stripped here too, so they cannot hide a scheme.
 */
export function safeUrl(
  raw: string | null | undefined,
  base: string,
  use: 'source' | 'link' = 'source',
): string | null {
  if (typeof raw !== 'string') return null;
  // What the URL parser ignores anyway: leading/trailing C0 controls and spaces, inner tabs/newlines.
  // eslint-disable-next-line no-control-regex
  const cleaned = raw.replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '').replace(/[\t\n\r]/g, '');
  if (cleaned === '') return null;
  let url: URL;
  try {
    url = new URL(cleaned, base);
  } catch {
    return null;
  }
  const schemes = use === 'link' ? LINK_SCHEMES : SOURCE_SCHEMES;
  return schemes.has(url.protocol) ? url.href : null;
}

/** Whether `url` (absolute) is on the app's `origin` or one of the content hosts. */
export function isContentFileUrl(url: string, origin: string, sources: Pick<ContentSources, 'hosts'>): boolean {
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return false;
    return parsed.origin === origin || sources.hosts.some((h) => originMatches(h, parsed.origin));
  } catch {
    return false;
  }
}

/** The host name students read in 'Abrir em …' (`www.` dropped). */
export function displayHost(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return '';
  }
}

/** Where a URL of a learning object leads, before any provider's page is recognised. */
export type ContentPlace =
  /** A page on an allowed provider's host: ./providers.ts `recognizeProvider` says whether it embeds. */
  | { kind: 'provider-page'; url: string }
  /** A file on the app's origin or a content host. */
  | { kind: 'file'; url: string }
  /** Any other http(s) address: a link out that names its host. */
  | { kind: 'external'; url: string; host: string }
  /** Not http(s) (or not a URL): never rendered. */
  | { kind: 'unsafe' };

/** A {@link ContentPlace} that is not a provider's page. */
export type PlainPlace = Exclude<ContentPlace, { kind: 'provider-page' }>;

/**
 * Where `raw` leads (see {@link ContentPlace}), as ./providers.ts `classifyContentUrl` but without
 * recognising a provider's page: with `provider: false`, what it is when it is not one (a page of
 * a provider's host that the provider does not embed — a channel, a search — is a link out).
 * @param raw the URL as the API gave it; `origin` the app's; `sources` the brand's content sources.
 */
export function placeOfContentUrl(
  raw: string | null | undefined,
  origin: string,
  sources: ContentSources,
  options: { provider: false },
): PlainPlace;
export function placeOfContentUrl(
  raw: string | null | undefined,
  origin: string,
  sources: ContentSources,
  options?: { provider?: boolean },
): ContentPlace;
export function placeOfContentUrl(
  raw: string | null | undefined,
  origin: string,
  sources: ContentSources,
  { provider = true }: { provider?: boolean } = {},
): ContentPlace {
  const url = safeUrl(raw, origin);
  if (!url) return { kind: 'unsafe' };
  if (provider && sources.providers.some((p) => hostMatches(p.pageHosts, new URL(url).hostname)))
    return { kind: 'provider-page', url };
  if (isContentFileUrl(url, origin, sources)) return { kind: 'file', url };
  return { kind: 'external', url, host: displayHost(url) };
}
