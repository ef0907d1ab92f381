/**
 * The platform of this site host (spec §1, §4): lookup with the real API, the brand applied,
 * its settings cached; a 404/500 goes to the error store.
 */
import { fromCallback, fromPromise } from 'xstate';
import { platformMachine, type PlatformEvent } from '../../machines/platform.machine';
import type { StoredError } from '../../machines/error-screen.machine';
import { getPlatform, getPlatformSettings } from '../../services/api/platforms';
import { applyPlatform } from '../../services/theme/apply-platform';
import type { Platform } from '../../services/contract/session';
import { repointMainApi } from '../../services/http/clients';
import { writePlatformSettings } from '../../services/storage/platform-settings';
import { writeCachedPlatform } from '../../services/storage/platform-cache';
import { toStoredError } from './error-screen';
import { followReachabilityChanges } from './shared-facts';

/**
 * Platform lookup by the site host with the real API, brand application, the platform and its
 * settings cached on the device (the next page load starts with them);
 * a 404/500 answer is placed in the error store (spec §4, §8).
 * @param showError places an error in the global error store.
 */
export function providePlatform(showError: (error: StoredError) => void) {
  return platformMachine.provide({
    actors: {
      lookupPlatform: fromPromise<Platform, { host: string }>(({ input }) => getPlatform(input.host)),
      loadSettings: fromPromise(({ input }: { input: { id: number } }) => getPlatformSettings(input.id)),
      // While a transient failure waits for its retry: reachable again → look it up at once.
      watchOnline: fromCallback<PlatformEvent>(({ sendBack }) =>
        followReachabilityChanges((reachable) => {
          if (reachable) sendBack({ type: 'platform.online' });
        }),
      ),
    },
    actions: {
      applyPlatform: (_, params: { platform: Platform }) => {
        applyPlatform(params.platform);
        // Shown from the start of the next page load, while its own lookup runs.
        writeCachedPlatform(location.hostname, params.platform);
        // An external platform's main API lives elsewhere (spec §3): later calls go there.
        const { is_external_platform, external_api_url } = params.platform;
        if (is_external_platform && external_api_url && !repointMainApi(external_api_url)) {
          console.error('[platform] external_api_url refused (not https or same-origin)', external_api_url);
        }
      },
      storeSettings: (_, params: { settings: Record<string, string | null> }) => writePlatformSettings(params.settings),
      showErrorScreen: (_, params: { error: unknown }) => showError(toStoredError(params.error)),
    },
  });
}
