/**
 * The platform of this site host (docs/product.md §1, §4): lookup with the real API, the brand applied,
 * its settings cached; a 404/500 goes to the error store.
 */
import { fromCallback, fromPromise, sendParent } from 'xstate';
import { platformMachine, type PlatformEvent } from '../../machines/platform.machine';
import { getPlatform, getPlatformSettings } from '../../services/api/platforms';
import { applyPlatform } from '../../services/theme/apply-platform';
import type { Platform } from '../../services/contract/session';
import { repointMainApi } from '../../services/http/clients';
import { writePlatformSettings } from '../../services/storage/platform-settings';
import { writeCachedPlatform } from '../../services/storage/platform-cache';
import { toStoredError } from './error-screen';

/**
 * Platform lookup by the site host with the real API, brand application, the platform and its
 * settings cached on the device (the next page load starts with them);
 * a 404/500 answer is placed in the error store (docs/product.md §4, §8).
 * The failure goes to the app's root actor (`platform.failed`), whose rule shows it on the error
 * screen; the root also tells the platform when it can be reached again (`platform.online`).
 */
export function providePlatform() {
  return platformMachine.provide({
    actors: {
      lookupPlatform: fromPromise<Platform, { host: string }>(({ input }) => getPlatform(input.host)),
      loadSettings: fromPromise(({ input }: { input: { id: number } }) => getPlatformSettings(input.id)),
      // The root actor sends `platform.online` when the platform answers again (src/machines/app.machine.ts).
      watchOnline: fromCallback<PlatformEvent>(() => undefined),
    },
    actions: {
      applyPlatform: (_, params: { platform: Platform }) => {
        applyPlatform(params.platform);
        // Shown from the start of the next page load, while its own lookup runs.
        writeCachedPlatform(location.hostname, params.platform);
        // An external platform's main API lives elsewhere (docs/product.md §3): later calls go there.
        const { is_external_platform, external_api_url } = params.platform;
        if (is_external_platform && external_api_url && !repointMainApi(external_api_url)) {
          console.error('[platform] external_api_url refused (not https or same-origin)', external_api_url);
        }
      },
      storeSettings: (_, params: { settings: Record<string, string | null> }) => writePlatformSettings(params.settings),
      showErrorScreen: sendParent((_, params: { error: unknown }) => ({
        type: 'platform.failed',
        error: toStoredError(params.error),
      })),
    },
  });
}
