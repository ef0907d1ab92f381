/**
 * Input masks of the profile form with imask, the mask library docs/architecture.md §D3 names.
 * This module holds what the form needs before imask is on the page: the mask options its inputs
 * take, `maskText` (the text a mask shows for a value, for the first paint) and `loadMasking`,
 * which loads imask (`masking.ts`) when a masked field is first focused or touched
 * (`masked-input.tsx`) — never with the screen (docs/performance.md "/conta").
 *
 * | mask  | pattern                                    | example         |
 * |-------|--------------------------------------------|-----------------|
 * | CPF   | 000.000.000-00                             | 529.982.247-25  |
 * | phone | (00) 0000-0000 · (00) 00000-0000 (11 dig.) | (11) 98765-4321 |
 * | CEP   | 00000-000                                  | 01310-100       |
 *
 * `0` is any digit; other characters are fixed and inserted as the digits reach them (imask's
 * lazy masks: no placeholder). Extra digits are dropped, other characters ignored.
 */

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

/** How many digits `pattern` takes (its `0`s). */
const slots = (pattern: string): number => pattern.split('0').length - 1;

/**
 * The text `mask` shows for `value` — what imask's pipe of the same options gives (a unit test
 * compares the two over every length, `profile-masks.test.ts`) — without loading imask: the form
 * shows the server's bare digits masked on its first paint, and keeps what the student types
 * masked until imask has arrived. The pattern is the first of the mask's that takes the most of
 * the digits (imask's dynamic mask: a phone of 10 digits or fewer is a landline); its fixed
 * characters are written as the digits reach them.
 * @param value a value with or without its mask; whatever is not a digit is ignored.
 * @returns the masked text: `'5299'` → `'529.9'` (CPF); `''` for no digits.
 */
export function maskText(mask: ProfileMask, value: string): string {
  const digits = digitsOnly(value);
  const patterns = typeof mask.mask === 'string' ? [mask.mask] : mask.mask.map((option) => option.mask);
  const taken = (pattern: string) => Math.min(slots(pattern), digits.length);
  const pattern = patterns.reduce((best, next) => (taken(next) > taken(best) ? next : best));
  let shown = '';
  let next = 0;
  for (const char of pattern) {
    if (next === digits.length) break;
    shown += char === '0' ? digits[next++] : char;
  }
  return shown;
}

/**
 * `'52998224725'` → `'529.982.247-25'`; partial input is masked as far as it goes
 * (`'5299'` → `'529.9'`); a masked value stays as it is.
 */
export const formatCpf = (value: string): string => maskText(CPF_MASK, value);

/**
 * `'1133224455'` → `'(11) 3322-4455'`, `'11987654321'` → `'(11) 98765-4321'`; partial:
 * `'1198765'` → `'(11) 9876-5'`.
 */
export const formatPhone = (value: string): string => maskText(PHONE_MASK, value);

/** `'01310100'` → `'01310-100'`; partial: `'0131'` → `'0131'`, `'013101'` → `'01310-1'`. */
export const formatCep = (value: string): string => maskText(CEP_MASK, value);

/** imask and its React binding for the form's inputs (`masking.ts`), once loaded. */
export type Masking = typeof import('./masking');

let masking: Masking | null = null;
let loading: Promise<Masking> | null = null;

/**
 * Loads imask (`masking.ts`, a chunk of its own) once; a failed load (offline before the service
 * worker has the chunk) is tried again by the next call.
 * @returns the module; rejects with the import's error when its chunk did not load.
 */
export function loadMasking(): Promise<Masking> {
  return (loading ??= import('./masking').then(
    (module) => (masking = module),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  ));
}

/** imask's module when it has already loaded (an input mounted later binds at once), else null. */
export function loadedMasking(): Masking | null {
  return masking;
}
