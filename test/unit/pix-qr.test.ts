/**
 * The Pix dialog's QR code image (`qrImageUrl`, src/views/finances/payment-dialog.tsx) decoded
 * back by an independent reader (jsQR) to exactly the BR Code it was made from: the SVG is
 * rasterised here module by module, its format information read to check error correction M, and
 * its 4-module quiet zone checked.
 */
import jsQR from 'jsqr';
import { qrImageUrl } from '../../src/views/finances/payment-dialog';

/** The BR Codes of the finances tests: a demo charge and one with non-ASCII free text. */
const BRCODES = [
  '00020126710014br.gov.bcb.pix0133financeiro@escola-aprender.com.br0210Fatura 4' +
    '5204000053039865406349.905802BR5915ESCOLA APRENDER6009SAO PAULO62290525AbCdEfGhIjKlMnOpQrStUvWxY6304B1C2',
  '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400000210Mês: março' +
    '520400005303986540547.505802BR5915ACADEMIA STREAM6014RIO DE JANEIRO62070503***6304ABCD',
];

/** Pixels per module of the raster. */
const SCALE = 4;

/** The SVG's modules: `size` × `size` (quiet zone included), `dark[row][col]`. */
function modulesOf(dataUrl: string): { size: number; dark: boolean[][] } {
  expect(dataUrl.startsWith('data:image/svg+xml;charset=utf-8,')).toBe(true);
  const svg = decodeURIComponent(dataUrl.slice(dataUrl.indexOf(',') + 1));
  const size = Number(/viewBox="0 0 (\d+) \1"/.exec(svg)?.[1]);
  expect(size).toBeGreaterThan(21);
  expect(svg).toContain(`<path fill="#ffffff" d="M0 0h${size}v${size}H0z"/>`);
  const path = /<path stroke="#000000" d="([^"]*)"\/>/.exec(svg)![1]!;
  const dark = Array.from({ length: size }, () => Array<boolean>(size).fill(false));
  for (const [, x, y, run] of path.matchAll(/M(\d+) (\d+(?:\.5)?)h(\d+)/g)) {
    const row = Number(y) - 0.5;
    for (let col = Number(x); col < Number(x) + Number(run); col++) dark[row]![col] = true;
  }
  return { size, dark };
}

/** Black-on-white RGBA pixels of `modules`, `SCALE` pixels a module. */
function raster({ size, dark }: { size: number; dark: boolean[][] }): Uint8ClampedArray {
  const width = size * SCALE;
  const pixels = new Uint8ClampedArray(width * width * 4).fill(255);
  for (let y = 0; y < width; y++) {
    for (let x = 0; x < width; x++) {
      if (!dark[Math.floor(y / SCALE)]![Math.floor(x / SCALE)]) continue;
      const i = (y * width + x) * 4;
      pixels[i] = pixels[i + 1] = pixels[i + 2] = 0;
    }
  }
  return pixels;
}

/** The 15-bit format word of error correction bits `ecc` and mask `mask` (BCH(15,5), masked). */
function formatWord(ecc: number, mask: number): number {
  const data = (ecc << 3) | mask;
  let rest = data << 10;
  for (let bit = 14; bit >= 10; bit--) if (rest & (1 << bit)) rest ^= 0x537 << (bit - 10);
  return ((data << 10) | rest) ^ 0x5412;
}

/** The error correction level written in the format information beside the top-left finder. */
function errorCorrectionOf({ dark }: { dark: boolean[][] }, quiet: number): string {
  const at = (col: number, row: number) => (dark[row + quiet]![col + quiet] ? 1 : 0);
  let word = 0;
  for (let x = 0; x <= 8; x++) if (x !== 6) word = (word << 1) | at(x, 8);
  for (let y = 7; y >= 0; y--) if (y !== 6) word = (word << 1) | at(8, y);
  const levels: Record<number, string> = { 0b01: 'L', 0b00: 'M', 0b11: 'Q', 0b10: 'H' };
  for (let ecc = 0; ecc < 4; ecc++) {
    for (let mask = 0; mask < 8; mask++) if (formatWord(ecc, mask) === word) return levels[ecc]!;
  }
  return 'unreadable';
}

describe('the Pix QR code image', () => {
  it.each(BRCODES)('decodes to exactly its BR Code, error correction M, 4-module quiet zone (%#)', async (brcode) => {
    const modules = modulesOf(await qrImageUrl(brcode));
    const quiet = 4;
    for (let i = 0; i < modules.size; i++) {
      for (const edge of [0, 1, 2, 3, modules.size - 4, modules.size - 3, modules.size - 2, modules.size - 1]) {
        expect(modules.dark[edge]![i] || modules.dark[i]![edge]).toBe(false);
      }
    }
    expect(errorCorrectionOf(modules, quiet)).toBe('M');
    const width = modules.size * SCALE;
    const decoded = jsQR(raster(modules), width, width);
    expect(decoded?.data).toBe(brcode);
    expect(decoded?.binaryData).toEqual([...new TextEncoder().encode(brcode)]);
    // The smallest version that holds the bytes at M (a 167-byte code: version 9, 53 modules).
    expect(modules.size - 2 * quiet).toBe(17 + 4 * decoded!.version);
  });
});
