/**
 * The deployment's content sources as the built app sees them (docs/content.md): the same
 * `VITE_CONTENT_HOSTS` / `VITE_EMBED_PROVIDERS` the build derived its CSP from
 * (src/services/contract/content-sources.ts), read once from `import.meta.env`.
 */
import { contentSources, type ContentSources } from '../contract/content-sources';

/** Content hosts and embed providers of this build (a brand may narrow them: `narrowContentSources`). */
export const deploymentContentSources: ContentSources = contentSources(
  import.meta.env as Record<string, string | undefined>,
);
