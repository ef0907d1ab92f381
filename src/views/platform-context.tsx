/**
 * What views read of the platform actor (docs/product.md §1 brand looked up by host;
 * platform.machine.ts), the app's `platform` actor (`useAppActor`, ./app-actors.tsx). Views select
 * from it; nothing here fetches.
 */
import { useSelector } from '@xstate/react';
import { showsBanners } from '../machines/platform.machine';
import { useAppActor, type AppActorRefs } from './app-actors';

export type PlatformRef = AppActorRefs['platform'];

/**
 * Whether the home shows its banners (`options.show_banners`):
 * @returns `showsBanners(platform)` of the platform known — the one last looked up on this device
 *   while the page's first lookup runs, then the lookup's answer; null while the first lookup is
 *   under way without one (not known yet: nothing shown, nothing read, so a brand without banners
 *   never flashes them); true when the lookup failed (banners show unless a platform says
 *   otherwise), and without a platform actor (isolated view tests).
 */
export function useShowBanners(): boolean | null {
  return useSelector(useAppActor('platform'), (s) => {
    if (!s) return true;
    // The first lookup without a cached platform (no brand, no failure yet); later retries keep what is shown.
    if (s.hasTag('loading') && s.context.platform === null && s.context.error === null) return null;
    return showsBanners(s.context.platform);
  });
}
