/**
 * Recognising what a URL from the platform points at (docs/content.md): a page of an allowed
 * embed provider (shown through its embed URL), a file on the app's origin or a content host, any
 * other http(s) page (a link out that names its host), or something never to be rendered (a
 * `javascript:`, `data:`, `vbscript:`… URL). Used by the rich-text sanitiser and, for a URL on a
 * provider's host (./urls.ts `placeOfContentUrl` first), by a learning object's provider content
 * (src/views/learning-object/provider-embed.tsx `ProviderContent`), so that no URL from the API reaches an `href`
 * or `src` without passing here or through ./urls.ts.
 *
 * Video ids are read with `get-video-id` once the URL's host is known to be the provider's (the
 * library alone matches `youtube.com` anywhere in the text).
 */
import getVideoId from 'get-video-id';
import { hostMatches, type ContentSources, type EmbedProvider } from '../contract/content-sources';
import { displayHost, isContentFileUrl, safeUrl } from './urls';

export { displayHost, isContentFileUrl, safeUrl } from './urls';

/** A provider's content recognised from a pasted URL. */
export interface ProviderMatch {
  provider: EmbedProvider;
  /** The provider's embed URL for a frame. */
  embedUrl: string;
  /** The video's id (YouTube, Vimeo). */
  videoId?: string;
  /** A Vimeo private video's hash (`h`). */
  hash?: string;
}

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const VIMEO_ID = /^\d{1,12}$/;

/**
 * The embed URL of a recognised provider page, or null when the page is not one the provider can
 * embed. Only called with a URL whose host is one of the provider's `pageHosts`.
 */
function embedOf(provider: EmbedProvider, url: URL): Omit<ProviderMatch, 'provider'> | null {
  const path = url.pathname;
  switch (provider.id) {
    case 'youtube': {
      const { id, service } = getVideoId(url.href);
      // `embed/videoseries?list=…` is a playlist, not a video of that (11-character) id.
      if (service !== 'youtube' || !id || !YOUTUBE_ID.test(id) || id === 'videoseries') return null;
      return { embedUrl: `https://www.youtube-nocookie.com/embed/${id}`, videoId: id };
    }
    case 'vimeo': {
      const { id, service } = getVideoId(url.href);
      if (service !== 'vimeo' || !id || !VIMEO_ID.test(id)) return null;
      // A private video's hash: `vimeo.com/123/abcdef` or `player.vimeo.com/video/123?h=abcdef`.
      const hash = url.searchParams.get('h') ?? /^\/\d+\/([0-9a-f]{6,})\/?$/.exec(path)?.[1] ?? undefined;
      const safeHash = hash && /^[0-9a-f]{6,40}$/.test(hash) ? hash : undefined;
      return {
        embedUrl: `https://player.vimeo.com/video/${id}${safeHash ? `?h=${safeHash}` : ''}`,
        videoId: id,
        ...(safeHash ? { hash: safeHash } : {}),
      };
    }
    case 'google-docs': {
      // Published (`/d/e/<id>/pub…`) and shared (`/d/<id>/edit…`) documents, slides, forms and sheets.
      const m = /^\/(presentation|document|forms|spreadsheets)\/d\/(e\/)?([A-Za-z0-9_-]{10,})(\/|$)/.exec(path);
      if (!m) return null;
      const [, kind, published, id] = m;
      const base = `https://docs.google.com/${kind}/d/${published ?? ''}${id}`;
      switch (kind) {
        case 'presentation':
          return { embedUrl: `${base}/embed` };
        case 'document':
          return { embedUrl: published ? `${base}/pub?embedded=true` : `${base}/preview` };
        case 'forms':
          return { embedUrl: `${base}/viewform?embedded=true` };
        default:
          return { embedUrl: published ? `${base}/pubhtml?widget=true&headers=false` : `${base}/preview` };
      }
    }
    case 'google-drive': {
      const m = /^\/file\/d\/([A-Za-z0-9_-]{10,})(\/|$)/.exec(path);
      return m ? { embedUrl: `https://drive.google.com/file/d/${m[1]}/preview` } : null;
    }
    case 'h5p': {
      if (url.hostname === 'h5p.org') {
        const m = /^\/(?:node|h5p\/embed)\/(\d+)\/?$/.exec(path);
        return m ? { embedUrl: `https://h5p.org/h5p/embed/${m[1]}` } : null;
      }
      const m = /^\/content\/(\d+)(?:\/embed)?\/?$/.exec(path);
      return m ? { embedUrl: `https://${url.hostname}/content/${m[1]}/embed` } : null;
    }
    case 'genially': {
      const m = /^\/([0-9a-f]{16,})(?:\/|$)/.exec(path);
      return m ? { embedUrl: `https://view.genially.com/${m[1]}` } : null;
    }
    case 'canva': {
      const m = /^\/design\/([A-Za-z0-9_-]+)\/([A-Za-z0-9_-]+)\/(?:view|watch|edit)\/?$/.exec(path);
      return m ? { embedUrl: `https://www.canva.com/design/${m[1]}/${m[2]}/view?embed` } : null;
    }
    default:
      return null;
  }
}

/**
 * The allowed provider whose page `raw` is, with its embed URL.
 * @returns null when the URL is not http(s), not on an allowed provider's host, or not a page the
 *   provider embeds (a channel, a search…).
 */
export function recognizeProvider(raw: string, sources: ContentSources): ProviderMatch | null {
  const href = safeUrl(raw, 'https://invalid.invalid');
  if (!href) return null;
  const url = new URL(href);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  for (const provider of sources.providers) {
    if (!hostMatches(provider.pageHosts, url.hostname)) continue;
    const match = embedOf(provider, url);
    return match ? { provider, ...match } : null;
  }
  return null;
}

/** What a URL of a learning object or of rich text turns out to be. */
export type ContentTarget =
  /** An allowed provider's page: shown through its embed. */
  | { kind: 'provider'; url: string; match: ProviderMatch }
  /** A file on the app's origin or a content host: loaded as is (and downloadable for offline). */
  | { kind: 'file'; url: string }
  /** Any other http(s) address: a link out that names its host ('Abrir em vimeo.com'). */
  | { kind: 'external'; url: string; host: string }
  /** Not http(s) (or not a URL): never rendered. */
  | { kind: 'unsafe' };

/**
 * Classifies a URL from the platform (docs/content.md "What is shown how").
 * @param raw the URL as the API gave it.
 * @param origin the app's origin (`location.origin`).
 * @param sources the brand's content sources (`narrowContentSources`).
 */
export function classifyContentUrl(
  raw: string | null | undefined,
  origin: string,
  sources: ContentSources,
): ContentTarget {
  const url = safeUrl(raw, origin);
  if (!url) return { kind: 'unsafe' };
  const match = recognizeProvider(url, sources);
  if (match) return { kind: 'provider', url, match };
  if (isContentFileUrl(url, origin, sources)) return { kind: 'file', url };
  return { kind: 'external', url, host: displayHost(url) };
}
