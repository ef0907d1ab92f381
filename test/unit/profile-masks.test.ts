/**
 * Pure helpers of the account profile: the CPF check (`isValidCpf`, a wrapper of
 * @brazilian-utils/brazilian-utils), birth dates, UFs and the CPF / phone / CEP formatters (the
 * same library's, shown before imask has loaded), checked against imask's pipe of the masks the
 * form's inputs use: the same text for every complete value, and no digit lost for a partial one
 * (the inputs themselves are tested in profile.test.tsx and profile-lazy-masks.test.tsx).
 */
import { describe, expect, it } from 'vitest';
import 'imask/esm/masked/pattern';
import 'imask/esm/masked/dynamic';
import { createPipe } from 'imask/esm/masked/pipe';
import {
  BRAZILIAN_STATES,
  isBrazilianState,
  isValidBirthDate,
  isValidCpf,
  onlyDigits,
} from '../../src/services/contract';
import { CEP_MASK, CPF_MASK, formatCep, formatCpf, formatPhone, PHONE_MASK } from '../../src/views/account/masks';

describe('isValidCpf', () => {
  it.each(['52998224725', '529.982.247-25', '11144477735', '390.533.447-05', '00000000191', '529 982 247 25'])(
    'accepts %s',
    (cpf) => {
      expect(isValidCpf(cpf)).toBe(true);
    },
  );
  it.each([
    ['52998224724', 'wrong 2nd check digit'],
    ['52998224715', 'wrong 1st check digit'],
    ['11111111111', 'all digits equal'],
    ['999.999.999-99', 'all digits equal, masked'],
    ['00000000000', 'all zeros'],
    ['529.982.247-24', 'wrong 2nd check digit, masked'],
    ['5299822472', '10 digits'],
    ['529982247250', '12 digits'],
    ['', 'empty'],
    ['abc.def.ghi-jk', 'letters'],
  ])('refuses %s (%s)', (cpf) => {
    expect(isValidCpf(cpf)).toBe(false);
  });
});

describe('isValidBirthDate, isBrazilianState, onlyDigits', () => {
  const today = new Date('2026-11-23T12:00:00Z');
  it('accepts real past days only', () => {
    expect(isValidBirthDate('1990-05-17', today)).toBe(true);
    expect(isValidBirthDate('2026-11-23', today)).toBe(true);
    expect(isValidBirthDate('2026-11-24', today)).toBe(false);
    expect(isValidBirthDate('1990-02-30', today)).toBe(false);
    expect(isValidBirthDate('1899-12-31', today)).toBe(false);
    expect(isValidBirthDate('17/05/1990', today)).toBe(false);
  });
  it('knows the 27 UFs', () => {
    expect(BRAZILIAN_STATES).toHaveLength(27);
    expect(new Set(BRAZILIAN_STATES).size).toBe(27);
    expect(isBrazilianState('DF')).toBe(true);
    expect(isBrazilianState('sp')).toBe(false);
    expect(isBrazilianState('XX')).toBe(false);
  });
  it('keeps digits', () => {
    expect(onlyDigits('(11) 98765-4321')).toBe('11987654321');
  });
});

describe('masks', () => {
  it.each([
    ['', ''],
    ['529', '529'],
    ['5299', '529.9'],
    ['529982', '529.982'],
    ['5299822', '529.982.2'],
    ['5299822472', '529.982.247-2'],
    ['52998224725', '529.982.247-25'],
    ['529982247259999', '529.982.247-25'],
    ['529.982.247-25', '529.982.247-25'],
    ['529 982 247 25', '529.982.247-25'],
    ['abc', ''],
  ])('CPF %j → %j', (input, output) => {
    expect(formatCpf(input)).toBe(output);
  });

  it.each([
    ['', ''],
    ['1', '(1'],
    ['11', '(11'],
    ['113', '(11) 3'],
    ['113322', '(11) 3322'],
    ['1133224', '(11) 33224'],
    ['113322445', '(11) 33224-45'],
    ['1198765432', '(11) 9876-5432'],
    ['1133224455', '(11) 3322-4455'],
    ['11987654321', '(11) 98765-4321'],
    ['119876543219', '(11) 98765-4321'],
    ['(11) 98765-4321', '(11) 98765-4321'],
    ['(11) 3322-4455', '(11) 3322-4455'],
    ['11 3322 4455', '(11) 3322-4455'],
    ['abc', ''],
  ])('phone %j → %j', (input, output) => {
    expect(formatPhone(input)).toBe(output);
  });

  it.each([
    ['', ''],
    ['0131', '0131'],
    ['01310', '01310'],
    ['013101', '01310-1'],
    ['01310100', '01310-100'],
    ['013101009', '01310-100'],
    ['01310-100', '01310-100'],
  ])('CEP %j → %j', (input, output) => {
    expect(formatCep(input)).toBe(output);
  });
});

describe('the formatters (the library’s) and imask', () => {
  const DIGITS = '52998224725119876543210';
  /** `digits` bare, with the mask's separators, with spaces, as a phone and with letters. */
  const forms = (digits: string) => [
    digits,
    digits.replace(/(\d{3})(?=\d)/g, '$1.'),
    digits.replace(/(\d{2})(?=\d)/g, '$1 '),
    `(${digits.slice(0, 2)}) ${digits.slice(2, 7)}-${digits.slice(7)}`,
    `x${digits}a-`,
  ];
  const FIELDS = [
    ['CPF', CPF_MASK, formatCpf, [11]],
    ['phone', PHONE_MASK, formatPhone, [10, 11]],
    ['CEP', CEP_MASK, formatCep, [8]],
  ] as const;

  it.each(FIELDS)('%s: the same text as imask’s pipe for a complete value and for none', (_, mask, format, sizes) => {
    const imask = createPipe(mask);
    const values = [...sizes.flatMap((size) => [DIGITS.slice(0, size), DIGITS.slice(5, 5 + size)]), ''];
    for (const input of values.flatMap(forms)) expect([input, format(input)]).toEqual([input, imask(input)]);
  });

  it.each(FIELDS)(
    '%s: a partial value keeps every digit, and imask shows what it would have shown for the input',
    (_, mask, format, sizes) => {
      const imask = createPipe(mask);
      const slots = Math.max(...sizes);
      for (const input of Array.from({ length: 16 }, (_, n) => DIGITS.slice(0, n)).flatMap(forms)) {
        const shown = format(input);
        expect([input, onlyDigits(shown)]).toEqual([input, onlyDigits(input).slice(0, slots)]);
        expect([input, imask(shown)]).toEqual([input, imask(input)]);
      }
    },
  );

  it('differs from imask only for a phone of 7 to 9 digits, grouped as a partial mobile', () => {
    const imask = createPipe(PHONE_MASK);
    const differing = Array.from({ length: 16 }, (_, n) => DIGITS.slice(0, n)).filter(
      (d) => formatPhone(d) !== imask(d),
    );
    expect(differing.map((digits) => [digits.length, formatPhone(digits), imask(digits)])).toEqual([
      [7, '(52) 99822', '(52) 9982-2'],
      [8, '(52) 99822-4', '(52) 9982-24'],
      [9, '(52) 99822-47', '(52) 9982-247'],
    ]);
    for (const [format, mask] of [
      [formatCpf, CPF_MASK],
      [formatCep, CEP_MASK],
    ] as const) {
      const pipe = createPipe(mask);
      for (let n = 0; n < 16; n += 1) expect(format(DIGITS.slice(0, n))).toBe(pipe(DIGITS.slice(0, n)));
    }
  });
});
