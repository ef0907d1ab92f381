/**
 * Where course content may come from (docs/content.md): the deployment's **content hosts** (the
 * schools' CDNs that serve images, PDFs, audio and video) and the **embed providers** it allows
 * (YouTube, Vimeo, Google Docs/Slides/Forms, Google Drive, H5P, Genially, Canva). ONE source for
 *
 * - the Content-Security-Policy (`img-src`, `media-src`, `frame-src`; security-policy.ts), for
 *   `npm start` and the CDN header file alike;
 * - the app: provider recognition (services/content/providers.ts), the rich-text sanitiser, the
 *   players and the offline downloads.
 *
 * Pure data and functions of the build's environment; no DOM, no I/O (imported by the build, the
 * reference server and the app).
 *
 * | env var                 | what                                                           | default |
 * |-------------------------|----------------------------------------------------------------|---------|
 * | VITE_CONTENT_HOSTS      | comma-separated origins of the content hosts (`https://cdn.escola.com.br`; a port may be `*`) | the reference server's demo content host `http://conteudo.localhost:*` |
 * | VITE_EMBED_PROVIDERS    | comma-separated provider ids (`EMBED_PROVIDERS`), or `none`    | every provider of `EMBED_PROVIDERS` |
 *
 * A brand narrows them (never widens: the CSP is the deployment's) with its platform `options`
 * `content_hosts` and `embed_providers` (`narrowContentSources`).
 */
import { originMatches } from './origins.ts';

export { hostMatches, originMatches } from './origins.ts';

/** How a student finishes a provider's content: its player says 'ended', or 'Concluir'. */
export type ProviderCompletion = 'player' | 'manual';

/** One embed provider the platform may allow. */
export interface EmbedProvider {
  /** Stable id used in `VITE_EMBED_PROVIDERS` and platform `options.embed_providers`. */
  id: EmbedProviderId;
  /** Its name as students know it. */
  name: string;
  /** `video`: a player (facade until play); `page`: an interactive page or document in a frame. */
  kind: 'video' | 'page';
  completion: ProviderCompletion;
  /** Host names of the pages teachers paste (a URL is the provider's only when its host is one of these). */
  pageHosts: readonly string[];
  /** Origins its embed frames load from (CSP `frame-src`). A `*.` label is one vendor's tenant subdomains. */
  frameOrigins: readonly string[];
  /** Width / height of its player or page when nothing else is known. */
  ratio: number;
}

/**
 * The providers Brazilian schools use, by default all allowed (docs/content.md says why each):
 * YouTube (through the privacy-enhanced `youtube-nocookie.com`), Vimeo, Google Docs/Slides/Forms/
 * Sheets, Google Drive files, H5P, Genially and Canva.
 */
export const EMBED_PROVIDERS = [
  {
    id: 'youtube',
    name: 'YouTube',
    kind: 'video',
    completion: 'player',
    pageHosts: ['youtube.com', 'www.youtube.com', 'm.youtube.com', 'youtu.be', 'www.youtube-nocookie.com'],
    frameOrigins: ['https://www.youtube-nocookie.com'],
    ratio: 16 / 9,
  },
  {
    id: 'vimeo',
    name: 'Vimeo',
    kind: 'video',
    completion: 'player',
    pageHosts: ['vimeo.com', 'www.vimeo.com', 'player.vimeo.com'],
    frameOrigins: ['https://player.vimeo.com'],
    ratio: 16 / 9,
  },
  {
    id: 'google-docs',
    name: 'Google Docs',
    kind: 'page',
    completion: 'manual',
    pageHosts: ['docs.google.com'],
    frameOrigins: ['https://docs.google.com'],
    ratio: 4 / 3,
  },
  {
    id: 'google-drive',
    name: 'Google Drive',
    kind: 'page',
    completion: 'manual',
    pageHosts: ['drive.google.com'],
    frameOrigins: ['https://drive.google.com'],
    ratio: 4 / 3,
  },
  {
    id: 'h5p',
    name: 'H5P',
    kind: 'page',
    completion: 'manual',
    pageHosts: ['h5p.org', '*.h5p.com'],
    frameOrigins: ['https://h5p.org', 'https://*.h5p.com'],
    ratio: 16 / 9,
  },
  {
    id: 'genially',
    name: 'Genially',
    kind: 'page',
    completion: 'manual',
    pageHosts: ['view.genial.ly', 'view.genially.com', 'app.genial.ly'],
    frameOrigins: ['https://view.genial.ly', 'https://view.genially.com'],
    ratio: 16 / 9,
  },
  {
    id: 'canva',
    name: 'Canva',
    kind: 'page',
    completion: 'manual',
    pageHosts: ['www.canva.com', 'canva.com'],
    frameOrigins: ['https://www.canva.com'],
    ratio: 16 / 9,
  },
] as const satisfies readonly (Omit<EmbedProvider, 'id'> & { id: string })[];

export type EmbedProviderId = (typeof EMBED_PROVIDERS)[number]['id'];

/** The reference server's demo content host (server/content-host.ts): its own port, another host name. */
export const DEMO_CONTENT_HOST = 'http://conteudo.localhost:*';

/** What a deployment (or a brand within it) allows content to come from. */
export interface ContentSources {
  /** Origins of the content hosts (`https://cdn.escola.com.br`, or `http://host:*` for any port). */
  hosts: readonly string[];
  /** The providers allowed, in `EMBED_PROVIDERS` order. */
  providers: readonly EmbedProvider[];
}

type Env = Readonly<Record<string, string | undefined>>;

const ORIGIN = /^https?:\/\/[a-z0-9.-]+(:(\d{1,5}|\*))?$/;

/**
 * A content host as the configuration writes it, normalised (`https://CDN.x.com/` → `https://cdn.x.com`).
 * A port wildcard (`:*`) is accepted only on a `localhost` name (the demo content host, whose port
 * is the reference server's): such a name only ever reaches the student's own device.
 * @returns null when it is not an http(s) origin (a path, a wildcard host such as
 *   `https://*.amazonaws.com`, a scheme like `data:`, a port wildcard on a real host).
 */
export function parseContentHost(raw: string): string | null {
  const value = raw.trim().toLowerCase().replace(/\/+$/, '');
  if (!ORIGIN.test(value)) return null;
  if (value.endsWith(':*') && !/^https?:\/\/([a-z0-9-]+\.)*localhost:\*$/.test(value)) return null;
  return value;
}

const list = (value: string | undefined): string[] | null =>
  value === undefined || value.trim() === ''
    ? null
    : value
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);

/**
 * The deployment's content sources from its build environment.
 * @param env `VITE_CONTENT_HOSTS`, `VITE_EMBED_PROVIDERS` (see the table above); missing = defaults.
 * @throws Error naming the entry when a host is not an origin or a provider id is unknown (a
 *   misconfigured build fails instead of shipping a CSP that blocks the school's content).
 */
export function contentSources(env: Env = {}): ContentSources {
  const hostList = list(env.VITE_CONTENT_HOSTS) ?? [DEMO_CONTENT_HOST];
  const hosts = hostList.map((raw) => {
    const host = parseContentHost(raw);
    if (!host) throw new Error(`VITE_CONTENT_HOSTS: not an http(s) origin: ${raw}`);
    return host;
  });
  const ids = list(env.VITE_EMBED_PROVIDERS);
  let providers: readonly EmbedProvider[] = EMBED_PROVIDERS;
  if (ids && !(ids.length === 1 && ids[0] === 'none')) {
    for (const id of ids) {
      if (!EMBED_PROVIDERS.some((p) => p.id === id)) throw new Error(`VITE_EMBED_PROVIDERS: unknown provider: ${id}`);
    }
    providers = EMBED_PROVIDERS.filter((p) => ids.includes(p.id));
  } else if (ids) {
    providers = [];
  }
  return { hosts: [...new Set(hosts)], providers };
}

/**
 * A brand's own sources within the deployment's (platform `options`, docs/product.md §3 "options"):
 * `content_hosts` (origins) and `embed_providers` (ids) keep only what they name; absent or not a
 * list = the deployment's. Never widens: what the CSP does not allow would not load anyway.
 */
export function narrowContentSources(deployment: ContentSources, options: unknown): ContentSources {
  const record = options && typeof options === 'object' ? (options as Record<string, unknown>) : {};
  const strings = (value: unknown): string[] | null =>
    Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : null;
  const hosts = strings(record.content_hosts);
  const ids = strings(record.embed_providers);
  return {
    hosts: hosts
      ? deployment.hosts.filter((allowed) =>
          hosts.some((h) => parseContentHost(h) === allowed || originMatches(allowed, h)),
        )
      : deployment.hosts,
    providers: ids ? deployment.providers.filter((p) => ids.includes(p.id)) : deployment.providers,
  };
}

/** The CSP sources the content needs, from `contentSources(env)` (security-policy.ts). */
export interface ContentCspSources {
  /** `img-src`: content hosts (facades show no provider thumbnail: docs/content.md). */
  img: string[];
  /** `media-src`: content hosts. */
  media: string[];
  /** `frame-src`: content hosts (PDFs) and the providers' embed origins. */
  frame: string[];
  /** `connect-src`: content hosts (offline downloads fetch their files). */
  connect: string[];
}

/** @returns the CSP host sources of `sources`, each list sorted and without repeats. */
export function contentCspSources(sources: ContentSources): ContentCspSources {
  const unique = (values: Iterable<string>) => [...new Set(values)].sort();
  return {
    img: unique(sources.hosts),
    media: unique(sources.hosts),
    frame: unique([...sources.hosts, ...sources.providers.flatMap((p) => p.frameOrigins)]),
    connect: unique(sources.hosts),
  };
}
