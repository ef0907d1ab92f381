/**
 * Input masks of the profile form with imask, the mask library docs/architecture.md §D3 names:
 * the mask options the form's inputs use (`react-imask`'s `IMaskInput` keeps the caret right
 * when the student edits the middle of a value, pastes, or deletes a separator) and pure
 * formatters built from the same options with imask's `createPipe`, for values that come from
 * the server as bare digits.
 *
 * | mask  | pattern                                    | example         |
 * |-------|--------------------------------------------|-----------------|
 * | CPF   | 000.000.000-00                             | 529.982.247-25  |
 * | phone | (00) 0000-0000 · (00) 00000-0000 (11 dig.) | (11) 98765-4321 |
 * | CEP   | 00000-000                                  | 01310-100       |
 *
 * `0` is any digit; other characters are fixed and inserted as the digits reach them (lazy
 * masks: no placeholder). Extra digits are dropped, other characters ignored.
 *
 * Size: imask is imported per module (its core, the pattern and dynamic masked types, the pipe)
 * rather than from `imask`, whose index registers every masked type (number, date, enum, range,
 * repeat…); `react-imask` likewise from `react-imask/esm/input`, as its index imports all of imask.
 */
import 'imask/esm/masked/pattern'; // registers MaskedPattern: string masks
import 'imask/esm/masked/dynamic'; // registers MaskedDynamic: the phone's array of masks
import { createPipe } from 'imask/esm/masked/pipe';

export { default as IMaskInput } from 'react-imask/esm/input';

/**
 * Drops whatever is not a digit before it reaches the mask: without it a letter typed into the
 * empty phone field would leave its leading '(' behind. Pasted separators go too; the mask puts
 * its own back.
 */
const digitsOnly = (chars: string): string => chars.replace(/\D+/g, '');

/** CPF: `'52998224725'` → `'529.982.247-25'`. */
export const CPF_MASK = { mask: '000.000.000-00', prepareChar: digitsOnly };

/**
 * Phone with DDD. imask's dynamic mask keeps the first mask that takes every digit typed so far,
 * so 10 digits or fewer are shown as (00) 0000-0000 (the hyphen after the 4th number digit)
 * and the 11th digit switches to (00) 00000-0000.
 */
export const PHONE_MASK = {
  mask: [{ mask: '(00) 0000-0000' }, { mask: '(00) 00000-0000' }],
  prepareChar: digitsOnly,
};

/** CEP: `'01310100'` → `'01310-100'`. */
export const CEP_MASK = { mask: '00000-000', prepareChar: digitsOnly };

/** The options one masked input of the form takes (one of the three above). */
export type ProfileMask = typeof CPF_MASK | typeof PHONE_MASK | typeof CEP_MASK;

/** Whether `mask` is the phone's dynamic (array) mask rather than a single pattern. */
export function isDynamicMask(mask: ProfileMask): mask is typeof PHONE_MASK {
  return Array.isArray(mask.mask);
}

/**
 * `'52998224725'` → `'529.982.247-25'`; partial input is masked as far as it goes
 * (`'5299'` → `'529.9'`); a masked value stays as it is.
 */
export const formatCpf: (value: string) => string = createPipe(CPF_MASK);

/**
 * `'1133224455'` → `'(11) 3322-4455'`, `'11987654321'` → `'(11) 98765-4321'`; partial:
 * `'1198765'` → `'(11) 9876-5'`.
 */
export const formatPhone: (value: string) => string = createPipe(PHONE_MASK);

/** `'01310100'` → `'01310-100'`; partial: `'0131'` → `'0131'`, `'013101'` → `'01310-1'`. */
export const formatCep: (value: string) => string = createPipe(CEP_MASK);
