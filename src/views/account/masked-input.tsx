/**
 * A text input of the profile form with one of its masks (CPF, phone, CEP: `masks.ts`), whose
 * mask library, imask, loads only when the student first focuses or touches a masked field
 * (docs/performance.md "/conta"): 'Minha conta' shows without it.
 *
 * - The input is one `<input>` element from the first paint on; imask binds to that element when
 *   it arrives (`masking.ts` `MaskBinding`), so focus, caret, the on-screen keyboard and what a
 *   screen reader announces stay as they are, and nothing moves (it renders no box of its own).
 * - Before imask: the value is shown as the field's `format` gives it (the library formatters of
 *   `masks.ts`: imask's text for every complete value), and what the student types, pastes or
 *   deletes is formatted the same way at once (the caret then goes to the end of the text). When
 *   imask arrives it takes the text the input holds — its digits, typed before it, kept — and from
 *   then on masks each edit itself, keeping the caret where the edit was.
 * - Its chunk failing to load (offline before the service worker has it) leaves the input masked
 *   as before imask; the next focus tries again.
 */
import { useCallback, useLayoutEffect, useRef, useState, type InputHTMLAttributes } from 'react';
import type { BoundMask } from './masking';
import { loadedMasking, loadMasking, type ProfileMask } from './masks';

/**
 * @param mask the options of the field's mask (`CPF_MASK`, `PHONE_MASK`, `CEP_MASK`).
 * @param format the same field's formatter (`formatCpf`, `formatPhone`, `formatCep`): the text
 *   of a value before imask has arrived.
 * @param value the masked text to show; a new value replaces what is shown (masked).
 * @param onChange gets the masked text after each edit of the student's that changes it (typing,
 *   pasting, deleting) — never an echo of `value`.
 * Other props go to the `<input>` (id, name, type, aria-*, inputMode, autoComplete…).
 */
export function MaskedInput({
  mask,
  format,
  value,
  onChange,
  onFocus,
  onPointerDown,
  ...props
}: {
  mask: ProfileMask;
  format: (value: string) => string;
  value: string;
  onChange: (value: string) => void;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'defaultValue' | 'onChange'>) {
  const element = useRef<HTMLInputElement | null>(null);
  const bound = useRef<BoundMask | null>(null);
  const [masking, setMasking] = useState(loadedMasking);
  // The element's text is imask's (or set below), never React's: React would write it back over
  // imask's on its next render. Its first text is the first value.
  const [initialValue] = useState(value);
  const latest = useRef({ value, onChange });
  useLayoutEffect(() => {
    latest.current = { value, onChange };
  });
  // A new value (the server's answer, a cleared field) is shown before the frame is painted:
  // through imask once it is bound, which masks it (and reports the masked text), else directly.
  useLayoutEffect(() => {
    const control = bound.current;
    if (control) {
      if (control.value !== value) control.value = value;
    } else if (element.current && element.current.value !== value) {
      element.current.value = value;
    }
  }, [value]);

  const accept = useCallback((masked: string) => {
    if (masked !== latest.current.value) latest.current.onChange(masked);
  }, []);
  const load = () => {
    if (!masking) loadMasking().then(setMasking, () => undefined);
  };

  return (
    <>
      <input
        {...props}
        ref={element}
        defaultValue={initialValue}
        onFocus={(event) => {
          load();
          onFocus?.(event);
        }}
        onPointerDown={(event) => {
          load();
          onPointerDown?.(event);
        }}
        onChange={(event) => {
          // Once bound, imask has masked the edit already and reports it (`accept`).
          if (bound.current) return;
          const input = event.currentTarget;
          const masked = format(input.value);
          if (input.value !== masked) input.value = masked;
          accept(masked);
        }}
      />
      {masking && <masking.MaskBinding inputRef={element} mask={mask} bound={bound} onAccept={accept} />}
    </>
  );
}
