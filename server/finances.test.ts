/**
 * Finances on the reference API over HTTP (throwaway in-memory database): the hub's ERP
 * token (Authorization only), the ERP's bills (X-Access-Token with an ERP token only), own
 * bills only, valid Pix BR Codes (server/pix.ts: the same text as pix-utils' createStaticPix,
 * parsed back with pix-utils, CRC16-CCITT checked here
 * independently, tag 63 last), charge reuse, the demo "mark paid" switch and expiry.
 */
import { createHash } from 'node:crypto';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { sql } from 'drizzle-orm';
import { createStaticPix, hasError, parsePix } from 'pix-utils';
import {
  BillDetailsResponse,
  BillListResponse,
  ErpTokenResponse,
  ErrorBody,
  PixChargeResponse,
  type Bill,
} from '../src/services/contract';
import { useTestServer } from './test-support/harness';
import { buildBrCode } from './routes/finances';
import { staticPixBrCode } from './pix';
import { monthlyFee, seedFinances } from './seed-finances';

const server = useTestServer();

const login = (username: string, host?: string) => server.tokenOf(username, host ? { headers: { host } } : {});

const hub = (headers: Record<string, string>) => fetch(`${server.url}/api/hub/security/student/erp/`, { headers });

const erpTokenOf = (session: string) => server.erpTokenOf(session);

const erp = (path: string, token: string | null, init: RequestInit = {}) =>
  fetch(`${server.url}/api/erp/v1${path}`, {
    ...init,
    headers: { ...(token ? { 'X-Access-Token': token } : {}), ...(init.headers as Record<string, string>) },
  });

const bills = async (token: string) => v.parse(BillListResponse, await (await erp('/bills', token)).json()).data;
const pay = (token: string, id: number) => erp(`/bills/${id}/pay`, token, { method: 'POST' });
const details = async (token: string, id: number) =>
  v.parse(BillDetailsResponse, await (await erp(`/bills/${id}`, token)).json()).data;
const markPaid = (txid: string, token: string | null) =>
  erp(`/demo/charges/${txid}/mark-paid`, token, { method: 'POST' });

/** CRC16-CCITT (poly 0x1021, init 0xFFFF) of the BR Code up to and including "6304". */
function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(text)) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** The top-level EMV fields of a BR Code, in order: [tag, value]. */
function emvFields(code: string): [string, string][] {
  const fields: [string, string][] = [];
  for (let i = 0; i < code.length;) {
    const tag = code.slice(i, i + 2);
    const length = Number(code.slice(i + 2, i + 4));
    fields.push([tag, code.slice(i + 4, i + 4 + length)]);
    i += 4 + length;
  }
  return fields;
}

let demoSession: string;
let demoErp: string;
let demoBills: Bill[];
/** The demo's open monthly fee: this month's, named after it (server/seed-finances.ts). */
const thisMonthsFee = () => monthlyFee(new Date().toISOString().slice(0, 10), 0).description;

beforeAll(async () => {
  demoSession = await login('demo');
  demoErp = await erpTokenOf(demoSession);
  demoBills = await bills(demoErp);
});
afterEach(() => {
  delete process.env.PIX_EXPIRATION_SECONDS;
  delete process.env.DEMO_PAYMENTS;
});

describe('hub GET /security/student/erp/ (Authorization: <token>)', () => {
  it('gives an ERP token for the session token in Authorization, never cached', async () => {
    const answer = await hub({ Authorization: demoSession });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const { data } = v.parse(ErpTokenResponse, await answer.json());
    expect(data.token).not.toBe(demoSession);
    expect(Date.parse(data.expires_at)).toBeGreaterThan(Date.now() + 50 * 60_000);
  });

  it('answers 401 without Authorization, with an unknown token, or with the token in x-access-token', async () => {
    const cases: Record<string, string>[] = [{}, { Authorization: 'nope' }, { 'x-access-token': demoSession }];
    for (const headers of cases) {
      const answer = await hub(headers);
      expect(answer.status).toBe(401);
      v.parse(ErrorBody, await answer.json());
    }
  });

  it('refuses an ERP token (it is not a session token)', async () => {
    expect((await hub({ Authorization: demoErp })).status).toBe(401);
  });
});

describe('ERP auth (X-Access-Token: <ERP token>)', () => {
  it('answers 401 without a token, with the session token, or with the ERP token in Authorization', async () => {
    expect((await erp('/bills', null)).status).toBe(401);
    expect((await erp('/bills', demoSession)).status).toBe(401);
    expect((await erp('/bills', null, { headers: { Authorization: demoErp } })).status).toBe(401);
    const answer = await erp(`/bills/${demoBills[0]!.id}/pay`, 'x'.repeat(43), { method: 'POST' });
    expect(answer.status).toBe(401);
    expect(v.parse(ErrorBody, await answer.json()).message).toBe('Sessão expirada. Entre novamente.');
  });

  it('refuses an expired ERP token', async () => {
    const token = await erpTokenOf(demoSession);
    const hash = createHash('sha256').update(token).digest('hex');
    await server.db.rows(
      sql`UPDATE erp_tokens SET expires_at = now() - interval '1 second' WHERE token_hash = ${hash}`,
    );
    expect((await erp('/bills', token)).status).toBe(401);
  });
});

describe('ERP GET /bills and GET /bills/{id}', () => {
  it('lists the student’s bills by due date: open, paid and overdue, amounts in cents', () => {
    expect(new Set(demoBills.map((b) => b.status))).toEqual(new Set(['open', 'paid', 'overdue']));
    const dates = demoBills.map((b) => b.due_date);
    expect([...dates].sort()).toEqual(dates);
    const today = new Date().toISOString().slice(0, 10);
    for (const bill of demoBills) {
      expect(Number.isInteger(bill.amount_cents)).toBe(true);
      expect(bill.due_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(bill.paid_at === null).toBe(bill.status !== 'paid');
      if (bill.status === 'overdue') expect(bill.due_date < today).toBe(true);
    }
    expect(demoBills.find((b) => b.description === thisMonthsFee())?.amount_cents).toBe(34990);
  });

  it('names every monthly fee after the month it falls due in, paid, overdue and open alike', () => {
    const fees = demoBills.filter((b) => b.description.startsWith('Mensalidade de '));
    expect(fees.map((b) => b.status)).toEqual(['paid', 'paid', 'overdue', 'open']);
    for (const fee of fees) {
      const month = new Intl.DateTimeFormat('pt-BR', { month: 'long', timeZone: 'UTC' }).format(
        new Date(`${fee.due_date}T12:00:00Z`),
      );
      expect(fee.description, fee.due_date).toBe(`Mensalidade de ${month}`);
    }
    // Four months in a row, none twice.
    expect(new Set(fees.map((b) => b.due_date.slice(0, 7))).size).toBe(4);
  });

  it('keeps a monthly fee and its due date together on any day of the year', () => {
    expect(monthlyFee('2026-11-28', -8)).toEqual({ description: 'Mensalidade de março', due_date: '2026-03-31' });
    expect(monthlyFee('2026-11-28', 0)).toEqual({ description: 'Mensalidade de novembro', due_date: '2026-11-30' });
    expect(monthlyFee('2026-01-31', -1)).toEqual({ description: 'Mensalidade de dezembro', due_date: '2025-12-31' });
    expect(monthlyFee('2024-02-01', 0)).toEqual({ description: 'Mensalidade de fevereiro', due_date: '2024-02-29' });
    expect(monthlyFee('2026-12-31', 1)).toEqual({ description: 'Mensalidade de janeiro', due_date: '2027-01-31' });
  });

  it('shows only the student’s own bills: another student’s bill is 404 (read and pay)', async () => {
    const other = await erpTokenOf(await login('aprovat'));
    const theirs = await bills(other);
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.some((b) => demoBills.some((d) => d.id === b.id))).toBe(false);
    expect((await erp(`/bills/${demoBills[0]!.id}`, other)).status).toBe(404);
    expect((await pay(other, demoBills[0]!.id)).status).toBe(404);
    expect((await erp('/bills/abc', other)).status).toBe(400);
  });

  it('gives a bill with no active charge before any payment', async () => {
    const open = demoBills.find((b) => b.status === 'open')!;
    expect(await details(demoErp, open.id)).toEqual({ ...open, active_charge: null });
  });

  it('seeds bills for students of both brands, idempotently', async () => {
    const stream = await bills(await erpTokenOf(await login('stream')));
    expect(new Set(stream.map((b) => b.status))).toEqual(new Set(['open', 'paid', 'overdue']));
    expect(await seedFinances(server.db)).toBe(false);
  });
});

describe('static Pix BR Codes (server/pix.ts)', () => {
  it('are the text pix-utils writes for the same charge (names and cities without accents, any amount)', () => {
    const cases = [
      { merchantName: 'Escola Aprender', merchantCity: 'São Paulo', pixKey: 'financeiro@escola-aprender.com.br' },
      { merchantName: 'Academia Ção Stream Ltda', merchantCity: 'Rio de Janeiro', pixKey: '+5521999990000' },
    ];
    for (const merchant of cases) {
      for (const amountCents of [1, 99, 4750, 34990, 1234567]) {
        const txid = `T${amountCents}x${merchant.merchantName.length}`;
        const ours = staticPixBrCode({ ...merchant, infoAdicional: 'Fatura 7', txid, amountCents });
        const theirs = createStaticPix({
          ...merchant,
          infoAdicional: 'Fatura 7',
          txid,
          transactionAmount: amountCents / 100,
        });
        if (hasError(theirs)) throw new Error('pix-utils refused the case');
        expect(ours).toBe(theirs.toBRCode());
      }
    }
    expect(buildBrCode(1, 4, 34990, 'AbCdEfGhIjKlMnOpQrStUvWxY')).toMatch(/^000201.*6304[0-9A-F]{4}$/);
    expect(() => staticPixBrCode({ ...cases[0]!, txid: 'não', amountCents: 1 })).toThrow();
    expect(() => staticPixBrCode({ ...cases[0]!, txid: 'ok', amountCents: 0 })).toThrow();
  });
});

describe('ERP POST /bills/{id}/pay (Pix)', () => {
  it('creates a charge with a valid Pix BR Code: EMV MPM, the bill’s amount and txid, CRC16 in tag 63, last', async () => {
    const bill = demoBills.find((b) => b.description === thisMonthsFee())!;
    const answer = await pay(demoErp, bill.id);
    expect(answer.status).toBe(201);
    const charge = v.parse(PixChargeResponse, await answer.json()).data;
    expect(charge).toMatchObject({ status: 'active', amount_cents: 34990, expiration_seconds: 900 });
    expect(Math.abs(Date.parse(charge.created_at) - Date.now())).toBeLessThan(60_000);

    const fields = emvFields(charge.brcode);
    expect(fields[0]).toEqual(['00', '01']);
    expect(fields.at(-1)![0]).toBe('63');
    expect(charge.brcode.slice(-8, -4)).toBe('6304');
    expect(charge.brcode.slice(-4)).toBe(crc16(charge.brcode.slice(0, -4)));
    expect(Object.fromEntries(fields)['54']).toBe('349.90');
    expect(Object.fromEntries(fields)['53']).toBe('986');

    const parsed = parsePix(charge.brcode);
    expect(hasError(parsed)).toBe(false);
    expect(parsed).toMatchObject({
      type: 'STATIC',
      transactionAmount: 349.9,
      txid: charge.txid,
      merchantName: 'ESCOLA APRENDER',
      pixKey: 'financeiro@escola-aprender.com.br',
    });
  });

  it('reuses the active charge: paying again (or reading the bill) gives the same code', async () => {
    const bill = demoBills.find((b) => b.description === 'Taxa de emissão de certificado')!;
    const first = v.parse(PixChargeResponse, await (await pay(demoErp, bill.id)).json()).data;
    const again = await pay(demoErp, bill.id);
    expect(again.status).toBe(200);
    expect(v.parse(PixChargeResponse, await again.json()).data).toEqual(first);
    expect((await details(demoErp, bill.id)).active_charge).toEqual(first);
  });

  it('uses the other brand’s receiving account for its students', async () => {
    const token = await erpTokenOf(await login('stream'));
    const open = (await bills(token)).find((b) => b.status === 'open')!;
    const charge = v.parse(PixChargeResponse, await (await pay(token, open.id)).json()).data;
    expect(parsePix(charge.brcode)).toMatchObject({ merchantName: 'ACADEMIA STREAM', transactionAmount: 59.9 });
  });

  it('a charge marked paid (demo switch) pays the bill: status paid, no active charge, paying again is 409', async () => {
    const token = await erpTokenOf(await login('lxp'));
    const open = (await bills(token)).find((b) => b.status === 'open')!;
    const charge = v.parse(PixChargeResponse, await (await pay(token, open.id)).json()).data;

    // The student's ERP token is needed: none or a session token is 401, another student's is 404.
    for (const wrong of [null, await login('lxp')]) expect((await markPaid(charge.txid, wrong)).status).toBe(401);
    expect((await markPaid(charge.txid, await erpTokenOf(await login('aprovat')))).status).toBe(404);
    expect((await details(token, open.id)).status).toBe('open');
    const marked = await markPaid(charge.txid, token);
    expect(marked.status).toBe(200);
    expect(v.parse(PixChargeResponse, await marked.json()).data).toMatchObject({ txid: charge.txid, status: 'paid' });
    const after = await details(token, open.id);
    expect(after).toMatchObject({ status: 'paid', active_charge: null });
    expect(after.paid_at).not.toBeNull();
    expect((await bills(token)).find((b) => b.id === open.id)?.status).toBe('paid');

    const again = await pay(token, open.id);
    expect(again.status).toBe(409);
    expect(v.parse(ErrorBody, await again.json()).message).toBe('Esta fatura já foi paga.');
    expect((await markPaid(charge.txid, token)).status).toBe(200); // idempotent
    expect((await markPaid('desconhecido123', token)).status).toBe(404);
    expect((await markPaid('não-é-txid', token)).status).toBe(400);
  });

  it('the demo switch is off with DEMO_PAYMENTS=0', async () => {
    process.env.DEMO_PAYMENTS = '0';
    expect((await markPaid('qualquer1', demoErp)).status).toBe(404);
  });

  it('expires after PIX_EXPIRATION_SECONDS: no active charge, cannot be marked paid, paying gives a new code', async () => {
    process.env.PIX_EXPIRATION_SECONDS = '1';
    const token = await erpTokenOf(await login('aprovat'));
    const open = (await bills(token)).find((b) => b.status === 'overdue')!;
    const first = v.parse(PixChargeResponse, await (await pay(token, open.id)).json()).data;
    expect(first.expiration_seconds).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect((await details(token, open.id)).active_charge).toBeNull();
    expect((await markPaid(first.txid, token)).status).toBe(409);

    delete process.env.PIX_EXPIRATION_SECONDS;
    const second = await pay(token, open.id);
    expect(second.status).toBe(201);
    const renewed = v.parse(PixChargeResponse, await second.json()).data;
    expect(renewed.txid).not.toBe(first.txid);
    expect(renewed.brcode).not.toBe(first.brcode);
    expect(renewed.expiration_seconds).toBe(900);
    expect((await details(token, open.id)).active_charge?.txid).toBe(renewed.txid);
  });
});
