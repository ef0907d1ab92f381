/**
 * The accessibility setting 'Volume dos sons' (docs/product.md §3 `volume_of_sounds`, 0–1, default 0.6)
 * applied to the app's own `<video>` and `<audio>` elements (learning objects, short
 * videos), live: a change in the settings panel reaches a playing element at once.
 */
import { useEffect, useRef, type RefObject } from 'react';
import { useSelector } from '@xstate/react';
import { DEFAULT_SETTINGS } from '../../services/storage/accessibility-settings';
import { useAppActor } from '../app-actors';

/**
 * @returns the volume setting, 0–1 (the docs/product.md §3 default, 0.6, without the accessibility
 *   actor, e.g. an isolated view test).
 */
export function useSoundVolume(): number {
  const actor = useAppActor('accessibility');
  return useSelector(actor, (s) => s?.context.settings.volume_of_sounds ?? DEFAULT_SETTINGS.volume_of_sounds);
}

/**
 * Keeps `ref.current.volume` (an `HTMLMediaElement`, or null while unmounted) equal to the
 * volume setting. Runs after every render, so an element mounted or replaced later (another
 * learning object, another short video) gets it too; the DOM is written only when it differs,
 * so the student's own use of the player's volume control lasts until the setting changes.
 */
export function useMediaVolume(ref: RefObject<HTMLMediaElement | null>): void {
  const volume = useSoundVolume();
  /** What was last written, and where (a ref: no re-render). */
  const applied = useRef<{ element: HTMLMediaElement | null; volume: number | null }>({ element: null, volume: null });
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    // Re-apply for a new element or a new setting; leave the student's own adjustment otherwise.
    if (applied.current.element !== element || applied.current.volume !== volume) {
      element.volume = volume;
      applied.current = { element, volume };
    }
  });
}
