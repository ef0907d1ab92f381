/**
 * The deployment's content sources as the built app sees them (docs/content.md): the same
 * `VITE_CONTENT_HOSTS` / `VITE_EMBED_PROVIDERS` the build derived its CSP from
 * (src/services/contract/content-sources.ts), read once from `import.meta.env`.
 */
import { contentSources, type ContentSources } from '../contract/content-sources';

/** Content hosts and embed providers of this build (a brand may narrow them: `narrowContentSources`). */
export const deploymentContentSources: ContentSources = contentSources({
  // These two only: the whole `import.meta.env` would be written into the chunk, the build's id
  // (a new commit) included — a new file for every student's cache at every release.
  VITE_CONTENT_HOSTS: import.meta.env.VITE_CONTENT_HOSTS as string | undefined,
  VITE_EMBED_PROVIDERS: import.meta.env.VITE_EMBED_PROVIDERS as string | undefined,
});
