/**
 * The Sentry SDK and the reports' scrubbers (./scrub.ts) as their own lazy chunk (`assets/sentry-sdk-<hash>.js`): imported only by
 * `loadSentry` when a DSN is configured; the service worker does not precache it.
 */
export { init, captureException } from '@sentry/react';
export { scrubEvent, scrubBreadcrumb } from './scrub';
