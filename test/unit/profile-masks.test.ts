/**
 * Pure helpers of the account profile: the CPF check (`isValidCpf`, a wrapper of
 * @brazilian-utils/brazilian-utils), birth dates, UFs and the CPF / phone / CEP formatters
 * (`maskText` of the masks the form's inputs use, shown before imask has loaded: the same text as
 * imask's pipe of those masks; the inputs themselves are tested in profile.test.tsx and
 * profile-lazy-masks.test.tsx).
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
import {
  CEP_MASK,
  CPF_MASK,
  formatCep,
  formatCpf,
  formatPhone,
  maskText,
  PHONE_MASK,
} from '../../src/views/account/masks';

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
    ['1133224', '(11) 3322-4'],
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

describe('maskText (before imask) shows what imask shows', () => {
  const DIGITS = '52998224725119876543210';
  /** Every length of digits, bare, with the mask's separators, with spaces and with letters. */
  const inputs = Array.from({ length: 16 }, (_, n) => DIGITS.slice(0, n)).flatMap((digits) => [
    digits,
    digits.replace(/(\d{3})(?=\d)/g, '$1.'),
    digits.replace(/(\d{2})(?=\d)/g, '$1 '),
    `(${digits.slice(0, 2)}) ${digits.slice(2, 7)}-${digits.slice(7)}`,
    `x${digits}a-`,
  ]);
  it.each([
    ['CPF', CPF_MASK],
    ['phone', PHONE_MASK],
    ['CEP', CEP_MASK],
  ] as const)('%s: the same text as imask’s pipe for every length', (_, mask) => {
    const imask = createPipe(mask);
    for (const input of inputs) expect([input, maskText(mask, input)]).toEqual([input, imask(input)]);
  });
});
