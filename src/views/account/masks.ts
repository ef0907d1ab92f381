/**
 * Input masks of the profile form (issue 6) as pure formatters: each takes whatever the
 * student typed or pasted and returns the masked text, keeping only the digits that fit.
 *
 * Why not imask (DESIGN.md §3 names it): the package is not installed in this project and
 * installing packages was not allowed for this change; these three fixed masks are small
 * enough to write and test as pure functions. Swapping in imask later only changes
 * `profile.tsx`'s inputs.
 *
 * | mask  | pattern                                   | example                  |
 * |-------|-------------------------------------------|--------------------------|
 * | CPF   | 000.000.000-00                            | 529.982.247-25           |
 * | phone | (00) 0000-0000 · (00) 00000-0000 (11 dig.) | (11) 98765-4321         |
 * | CEP   | 00000-000                                 | 01310-100                |
 */
import { onlyDigits } from '../../services/contract';

/** Digits of `value`, at most `max`. */
const digits = (value: string, max: number) => onlyDigits(value).slice(0, max);

/** `'52998224725'` → `'529.982.247-25'`; partial input is masked as far as it goes (`'5299'` → `'529.9'`). */
export function formatCpf(value: string): string {
  const d = digits(value, 11);
  if (d.length <= 3) return d;
  if (d.length <= 6) return `${d.slice(0, 3)}.${d.slice(3)}`;
  if (d.length <= 9) return `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6)}`;
  return `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6, 9)}-${d.slice(9)}`;
}

/**
 * `'1133224455'` → `'(11) 3322-4455'`, `'11987654321'` → `'(11) 98765-4321'`; while typing the
 * hyphen sits after the 4th number digit until an 11th digit arrives.
 */
export function formatPhone(value: string): string {
  const d = digits(value, 11);
  if (d.length === 0) return '';
  if (d.length <= 2) return `(${d}`;
  const ddd = d.slice(0, 2);
  const rest = d.slice(2);
  if (rest.length <= 4) return `(${ddd}) ${rest}`;
  const split = d.length === 11 ? 5 : 4;
  return `(${ddd}) ${rest.slice(0, split)}-${rest.slice(split)}`;
}

/** `'01310100'` → `'01310-100'`; partial: `'0131'` → `'0131'`, `'013101'` → `'01310-1'`. */
export function formatCep(value: string): string {
  const d = digits(value, 8);
  return d.length <= 5 ? d : `${d.slice(0, 5)}-${d.slice(5)}`;
}
