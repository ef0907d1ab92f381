/// <reference lib="webworker" />
/**
 * The app's service worker (docs/offline.md; docs/product.md §4 Service worker; built by vite-plugin-pwa's
 * injectManifest into `/sw.js` at the site root).
 *
 * - Precaches the app shell (index.html, every hashed JS/CSS chunk, icons) so the app and its
 *   deep links open offline: navigations are answered with the cached index.html — never for
 *   API paths, files (a path ending in an extension), the manifest or SSO/OAuth callbacks
 *   (`access_token`, `code` or `state` in the query), which always go to the network.
 * - Old precaches are removed when a new version activates; an active worker controls the open
 *   pages at once (clientsClaim).
 * - A new version waits until the page asks it to take over (`{ type: 'SKIP_WAITING' }`, sent
 *   when the student accepts 'Nova versão disponível'), so an open tab never mixes versions.
 * - Course media already played is kept for offline playback (media-cache.ts).
 * - Files of courses and modules the student downloaded for offline study — the file repository's
 *   and the content hosts' — are answered from their own downloads cache first, ranges included
 *   (downloads.ts); the app's download requests
 *   themselves go to the network untouched. That cache is not versioned with the precache.
 * - Progress writes the page stored in its outbox are sent when the connection returns, app open
 *   or closed, on a Background Sync (outbox-sync.ts; Chromium), one sender at a time.
 * - Server reads are NOT cached here: the app persists them per student (TanStack Query on
 *   IndexedDB), so one student's answers are never served to another.
 */
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheExpiration } from 'workbox-expiration';
import {
  MEDIA_CACHE,
  MEDIA_CACHE_MAX_AGE_S,
  MEDIA_CACHE_MAX_ENTRIES,
  handleMediaRequest,
  isCacheableMedia,
} from './media-cache';
import { NAVIGATION_DENYLIST } from './navigation';
import { isOfflineDownloadRequest, matchDownloaded } from './downloads';
import { isDownloadableUrl } from '../services/pwa/downloads-cache';
import { deploymentContentSources } from '../services/content/sources';
import { readDownloadsOwner } from '../services/pwa/downloads-cache';
import { OUTBOX_SYNC_TAG } from '../services/pwa/background-sync';
import { openOutboxStore } from '../services/storage/outbox-store';
import { readTokenCookie, runOutboxSync } from './outbox-sync';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// Once active, it controls the open pages at once: on the first visit too, so going offline
// right after it already works (an update activates only when the student accepts it).
clientsClaim();

registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: NAVIGATION_DENYLIST }));

const expiration = new CacheExpiration(MEDIA_CACHE, {
  maxEntries: MEDIA_CACHE_MAX_ENTRIES,
  maxAgeSeconds: MEDIA_CACHE_MAX_AGE_S,
});
registerRoute(
  ({ url, request }) => isCacheableMedia(url, self.location.origin) && !isOfflineDownloadRequest(request),
  async ({ request, event }) =>
    (await matchDownloaded(request, self.caches)) ??
    handleMediaRequest(request, (promise) => (event as ExtendableEvent).waitUntil(promise), {
      caches: self.caches,
      fetch: self.fetch.bind(self),
      expiration,
    }),
);

// Files on the content hosts (docs/content.md) of a downloaded course: its text lessons' images,
// its audio and video, answered from the student's downloads (ranges included), else the network.
registerRoute(
  ({ url, request }) =>
    url.origin !== self.location.origin &&
    isDownloadableUrl(url.href, self.location.origin, deploymentContentSources.hosts) &&
    !isOfflineDownloadRequest(request),
  async ({ request }) => (await matchDownloaded(request, self.caches)) ?? fetch(request),
);

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

// The outbox, when the connection returns (the page registered the sync when a write could not be
// sent). A rejected promise makes the browser try the sync again later.
self.addEventListener('sync', (event: Event) => {
  const sync = event as ExtendableEvent & { tag?: string };
  if (sync.tag !== OUTBOX_SYNC_TAG) return;
  sync.waitUntil(
    openOutboxStore().then((store) =>
      runOutboxSync({
        store,
        fetch: self.fetch.bind(self),
        origin: self.location.origin,
        readOwner: () => readDownloadsOwner(self.caches),
        readToken: () => readTokenCookie(self.cookieStore),
        pageOpen: async () => (await self.clients.matchAll({ type: 'window' })).length > 0,
        locks: self.navigator.locks,
      }),
    ),
  );
});
