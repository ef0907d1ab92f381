/**
 * Static Pix BR Codes (the "Pix Copia e Cola" text and the QR code's content) of the reference
 * server's demo charges: the EMV® Merchant-Presented Mode payload of the Banco Central do Brasil
 * "Manual de Padrões para Iniciação do Pix", as TLV fields `IDLLvalue` (two-digit id, two-digit
 * length), in this order:
 *
 * | id | field                                    | value                                     |
 * | -- | ---------------------------------------- | ----------------------------------------- |
 * | 00 | payload format indicator                 | `01`                                      |
 * | 26 | merchant account: 00 GUI, 01 key, 02 info | `br.gov.bcb.pix`, the Pix key, free text  |
 * | 52 | merchant category code                   | `0000`                                    |
 * | 53 | currency                                 | `986` (BRL)                               |
 * | 54 | amount                                   | reais with 2 decimals (`349.90`)          |
 * | 58 | country                                  | `BR`                                      |
 * | 59 | merchant name                            | upper case, no accents, ≤ 25 characters   |
 * | 60 | merchant city                            | upper case, no accents, ≤ 15 characters   |
 * | 62 | additional data: 05 txid                 | ≤ 25 alphanumerics                        |
 * | 63 | CRC16-CCITT (poly 0x1021, init 0xFFFF)    | 4 upper-case hex digits, over all before  |
 *
 * Written here rather than taken from a Pix library so that the server's runtime needs no QR
 * image renderer and no HTTP client (server/finances.test.ts checks the codes against pix-utils).
 */

/** What a static charge's BR Code carries. */
export interface StaticPix {
  merchantName: string;
  merchantCity: string;
  pixKey: string;
  /** Free text shown by the payer's bank (field 26-02); omitted when empty. */
  infoAdicional?: string;
  /** Transaction id, 1–25 of `[A-Za-z0-9]`. */
  txid: string;
  /** Amount in centavos (> 0). */
  amountCents: number;
}

/** One EMV field: id, length (two digits each), value; '' for an empty value. */
function field(id: string, value: string): string {
  if (value === '') return '';
  if (value.length > 99) throw new Error(`Pix field ${id} is longer than 99 characters`);
  return `${id}${String(value.length).padStart(2, '0')}${value}`;
}

/** Upper case without diacritics, cut at `max` characters (fields 59 and 60). */
const plain = (text: string, max: number) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .slice(0, max);

/** CRC16-CCITT (poly 0x1021, initial 0xFFFF, no reflection) of `text` as UTF-8: 4 upper-case hex digits. */
export function crc16Ccitt(text: string): string {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(text)) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/**
 * The static Pix BR Code of `pix` (fields in the table above, CRC last).
 * @throws Error when a value does not fit (a txid that is not 1–25 alphanumerics, a
 *   non-positive or fractional amount of centavos, an empty city, a field over 99 characters):
 *   a bug of the caller, never a client mistake.
 */
export function staticPixBrCode(pix: StaticPix): string {
  if (!/^[A-Za-z0-9]{1,25}$/.test(pix.txid)) throw new Error('Pix txid must be 1–25 alphanumerics');
  if (!Number.isSafeInteger(pix.amountCents) || pix.amountCents <= 0) throw new Error('Pix amount must be > 0');
  if (pix.merchantCity.trim() === '') throw new Error('Pix merchant city is required');
  const reais = `${Math.floor(pix.amountCents / 100)}.${String(pix.amountCents % 100).padStart(2, '0')}`;
  const payload =
    field('00', '01') +
    field('26', field('00', 'br.gov.bcb.pix') + field('01', pix.pixKey) + field('02', pix.infoAdicional ?? '')) +
    field('52', '0000') +
    field('53', '986') +
    field('54', reais) +
    field('58', 'BR') +
    field('59', plain(pix.merchantName, 25)) +
    field('60', plain(pix.merchantCity, 15)) +
    field('62', field('05', pix.txid)) +
    '6304';
  return payload + crc16Ccitt(payload);
}
