/**
 * Input masks of the profile form, by two libraries:
 * - imask, the mask library docs/architecture.md §D3 names, masks the inputs while the student
 *   edits them (it keeps the caret right when the student edits the middle of a value, pastes, or
 *   deletes a separator). This module holds its options and `loadMasking`, which loads it
 *   (`masking.ts`) when a masked field is first focused or touched (`masked-input.tsx`) — never
 *   with the screen (docs/performance.md "/conta").
 * - @brazilian-utils/brazilian-utils (the contract's CPF check already) formats a value without
 *   imask: the server's bare digits on the first paint (`valuesOf`), and what the student types
 *   before imask has arrived. Imported from its own subpaths (`format-cpf`, …), not its index.
 *
 * | mask  | pattern                                    | example         |
 * |-------|--------------------------------------------|-----------------|
 * | CPF   | 000.000.000-00                             | 529.982.247-25  |
 * | phone | (00) 0000-0000 · (00) 00000-0000 (11 dig.) | (11) 98765-4321 |
 * | CEP   | 00000-000                                  | 01310-100       |
 *
 * `0` is any digit; other characters are fixed and inserted as the digits reach them (imask's
 * lazy masks: no placeholder). Extra digits are dropped, other characters ignored. Both libraries
 * give the same text for every complete value and every partial CPF or CEP; a partial phone of
 * 7 to 9 digits (DDD + 5 to 7) differs, see `formatPhone` (test/unit/profile-masks.test.ts).
 */
import { formatCep as formatCepOfLibrary } from '@brazilian-utils/brazilian-utils/format-cep';
import { formatCpf as formatCpfOfLibrary } from '@brazilian-utils/brazilian-utils/format-cpf';
import { formatPhone as formatPhoneOfLibrary } from '@brazilian-utils/brazilian-utils/format-phone';

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

/**
 * A CPF as `CPF_MASK` shows it, by the library's `formatCpf`: `'52998224725'` →
 * `'529.982.247-25'`; partial input as far as it goes (`'5299'` → `'529.9'`); a masked value
 * stays as it is; whatever is not a digit is ignored, extra digits dropped.
 */
export const formatCpf = (value: string): string => formatCpfOfLibrary(value);

/**
 * A phone with DDD by the library's `formatPhone` with its `nanp` mask (DDD + number; its default
 * mask takes no DDD): 10 digits as a landline, `'1133224455'` → `'(11) 3322-4455'`, 11 as a mobile,
 * `'11987654321'` → `'(11) 98765-4321'` — what `PHONE_MASK` shows. Up to 6 digits the text is
 * imask's too (`'1198'` → `'(11) 98'`).
 *
 * Not imask's text: 7 to 9 digits are grouped as a partial mobile (`'1198765'` → `'(11) 98765'`,
 * imask `'(11) 9876-5'`). The server only sends 10 or 11 digits (the contract's rule), so this is
 * only seen while the student types a number in the moment before imask arrives (its chunk loads
 * on the field's first focus or touch); every digit is kept, and imask regroups them as soon as it
 * is on the field.
 */
export const formatPhone = (value: string): string => formatPhoneOfLibrary(value, { mask: 'nanp' });

/**
 * A CEP as `CEP_MASK` shows it, by the library's `formatCep`: `'01310100'` → `'01310-100'`;
 * partial: `'0131'` → `'0131'`, `'013101'` → `'01310-1'`.
 */
export const formatCep = (value: string): string => formatCepOfLibrary(value);

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
