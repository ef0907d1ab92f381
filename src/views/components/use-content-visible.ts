import { useLayoutEffect } from 'react';
import { markContentVisible } from '../../services/metrics/content-visible';

/**
 * Marks `screen`'s content visible (`content-visible:<screen>`, src/services/metrics/content-visible.ts)
 * after the paint that first shows it: once `ready` is true — its data is on screen (the list, or
 * its empty state), not a skeleton.
 * @param screen a short stable name (see `markContentVisible`).
 * @param ready whether this render commits the content.
 */
export function useContentVisible(screen: string, ready: boolean): void {
  useLayoutEffect(() => {
    if (ready) markContentVisible(screen);
  }, [screen, ready]);
}
