/**
 * imask on one input of the profile form (docs/architecture.md §D3: masks with imask), a chunk of
 * its own: `masks.ts` `loadMasking` loads it when the student first focuses or touches a masked
 * field (`masked-input.tsx`), so 'Minha conta' shows without it (docs/performance.md "/conta").
 * imask keeps the caret right when the student edits the middle of a value, pastes, or deletes a
 * separator.
 *
 * Size: imask is imported per module (its core, the pattern and dynamic masked types) rather than
 * from `imask`, whose index registers every masked type (number, date, enum, range, repeat…);
 * `react-imask` likewise from `react-imask/esm/hook`, as its index imports all of imask.
 */
import 'imask/esm/masked/pattern'; // registers MaskedPattern: string masks
import 'imask/esm/masked/dynamic'; // registers MaskedDynamic: the phone's array of masks
import { useEffect, type MutableRefObject } from 'react';
import type { FactoryOpts, InputMask } from 'imask';
import useIMask from 'react-imask/esm/hook';

/** imask's control of one input (what `MaskBinding` publishes in `bound`). */
export type BoundMask = InputMask<FactoryOpts>;

/**
 * Puts `mask` on the input `inputRef` holds — the element already on the page, so its focus,
 * caret and text stay — with react-imask's `useIMask`, and takes it off on unmount. Renders
 * nothing.
 * @param bound set to imask's control once it is on the element (null again on unmount): the
 *   input gives it its new values from then on.
 * @param onAccept gets the masked text after each change imask accepts, and once when the mask
 *   arrives (the text the input held, masked: the caller ignores it when nothing changed).
 */
export function MaskBinding({
  inputRef,
  mask,
  bound,
  onAccept,
}: {
  inputRef: MutableRefObject<HTMLInputElement | null>;
  /** imask's options: one of the form's masks (`masks.ts` `ProfileMask`). */
  mask: FactoryOpts;
  bound: MutableRefObject<BoundMask | null>;
  onAccept: (value: string) => void;
}): null {
  const { maskRef } = useIMask<HTMLInputElement, FactoryOpts>(mask, { ref: inputRef, onAccept });
  // After useIMask's own effects (declared before this one): the mask is on the element.
  useEffect(() => {
    const control = maskRef.current;
    bound.current = control;
    if (control) onAccept(control.value);
    return () => {
      bound.current = null;
    };
  }, [bound, maskRef, onAccept]);
  return null;
}
