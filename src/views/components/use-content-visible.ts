import { useLayoutEffect } from 'react';
import { markContentVisible } from '../../services/metrics/content-visible';
import type { EarlyContentWindow } from '../early-handoff';

/**
 * Marks `screen`'s content visible (`content-visible:<screen>`, src/services/metrics/content-visible.ts)
 * after the paint that first shows it: once `ready` is true — its data is on screen (the list, or
 * its empty state), not a skeleton. The early page shown before the app
 * (src/views/early-handoff.ts) gives way to this one in the same frame.
 * @param screen a short stable name (see `markContentVisible`).
 * @param ready whether this render commits the content.
 */
export function useContentVisible(screen: string, ready: boolean): void {
  useLayoutEffect(() => {
    // An early page's paint, if one ends here, was the content's first (marked by its script).
    if (ready && !(window as EarlyContentWindow).__earlyContent?.finish()) markContentVisible(screen);
  }, [screen, ready]);
}
