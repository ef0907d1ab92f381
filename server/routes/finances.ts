/**
 * Finances of the reference API (docs/product.md §3 "Bills (with a pix payment)", §7):
 *
 * - hub (`hubFinanceRoutes`, mounted at `/api/hub`): `GET /security/student/erp/` with
 *   `Authorization: <session token>` (the raw token, as the hub takes it) → `{ data: { token,
 *   expires_at } }`, an ERP token of that student. ERP tokens are opaque (32 random bytes,
 *   base64url), stored only as SHA-256 hashes in `erp_tokens`, valid `ERP_TOKEN_TTL_SECONDS`
 *   (1 h), and only while the session token it was issued to is live: logout, a password change
 *   or reset that revokes that session, and account deletion end it too. A session
 *   token is never accepted by the ERP, nor an ERP token by the hub.
 * - ERP v1 (`erpRoutes`, mounted at `/api/erp/v1`), `X-Access-Token: <ERP token>` (else 401):
 *   `GET /bills` → `{ data: Bill[] }` of that student by due date; `GET /bills/:id` →
 *   `{ data: BillDetails }` (with `active_charge`); `POST /bills/:id/pay` → `{ data: PixCharge }`:
 *   the active (unpaid, unexpired) charge when there is one (200), else a new one (201); 409 when
 *   the bill is already paid; another student's bill is 404.
 *   Charges carry a valid static Pix BR Code (server/pix.ts: EMV MPM, tag 26 with the
 *   platform's demo key, amount in tag 54, txid in 62-05, CRC16-CCITT in tag 63, last). They
 *   expire `PIX_EXPIRATION_SECONDS` (env, read per request; default 900) after `created_at`.
 * - demo payments: `POST /api/erp/v1/demo/charges/:txid/mark-paid` (it stands for the bank's
 *   notification) with the student's ERP token (`X-Access-Token`, else 401) marks an active
 *   charge of that student's bill, and the bill, paid → `{ data: PixCharge }` (again on a paid
 *   one: 200, unchanged; expired: 409; unknown or another student's: 404). On by default on this
 *   reference server; `DEMO_PAYMENTS=0` turns it off (404, before the token is looked at); with
 *   `NODE_ENV=production` it is off unless `DEMO_PAYMENTS=1` (server/features.ts).
 */
import { createHash, randomBytes } from 'node:crypto';
import { Hono, type MiddlewareHandler } from 'hono';
import { sql } from 'drizzle-orm';
import type { Bill, BillDetails, BillStatus, ErpToken, PixCharge, PixChargeStatus } from '../../src/services/contract';
import { userIdOfToken } from '../auth';
import type { Db } from '../db/client';
import { demoFeatures } from '../features';
import { HttpProblem, MESSAGES, parseId, type AppEnv } from '../http';
import { staticPixBrCode } from '../pix';

/** Lifetime of an ERP token, seconds. */
export const ERP_TOKEN_TTL_SECONDS = 60 * 60;
/** Default lifetime of a Pix charge, seconds (`PIX_EXPIRATION_SECONDS` overrides it). */
export const DEFAULT_PIX_EXPIRATION_SECONDS = 900;

/** Lifetime of a new Pix charge: `PIX_EXPIRATION_SECONDS` when a positive integer, else 900. */
export function pixExpirationSeconds(env: NodeJS.ProcessEnv = process.env): number {
  const raw = Number(env.PIX_EXPIRATION_SECONDS);
  return Number.isSafeInteger(raw) && raw > 0 ? raw : DEFAULT_PIX_EXPIRATION_SECONDS;
}

/**
 * Whether the demo "mark a charge paid" switch answers: on unless `DEMO_PAYMENTS=0`; with
 * `NODE_ENV=production` off unless `DEMO_PAYMENTS=1` (server/features.ts).
 */
export const demoPaymentsEnabled = (env: NodeJS.ProcessEnv = process.env): boolean => demoFeatures(env).demoPayments;

/** Receiving Pix account of each demo brand (merchant data of the BR Code). */
const MERCHANTS: Record<number, { name: string; city: string; pixKey: string }> = {
  1: { name: 'Escola Aprender', city: 'Sao Paulo', pixKey: 'financeiro@escola-aprender.com.br' },
  2: { name: 'Academia Stream', city: 'Rio de Janeiro', pixKey: '8b3f2c1e-5a7d-4e9b-9c0a-1d2e3f4a5b6c' },
};

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const iso = (value: unknown): string => new Date(value as string | Date).toISOString();

const BILL_NOT_FOUND = 'Fatura não encontrada.';
const ALREADY_PAID = 'Esta fatura já foi paga.';

/** Hub auth: `Authorization: <session token>`; sets `c.var.student`; @throws 401. */
function requireHubStudent(db: Db): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const token = c.req.header('authorization') ?? null;
    const userId = await userIdOfToken(db, token);
    if (userId === null || token === null) throw new HttpProblem(401, MESSAGES.unauthorized);
    const [row] = await db.rows<{ platform_id: number }>(sql`SELECT platform_id FROM users WHERE id = ${userId}`);
    if (!row) throw new HttpProblem(401, MESSAGES.unauthorized);
    c.set('student', { id: userId, platformId: row.platform_id, tokenHash: sha256(token) });
    await next();
  };
}

/**
 * ERP auth: `X-Access-Token: <ERP token>` (known, unexpired, and the session it was issued to
 * still live: not logged out, not revoked by a password change or reset, account not deleted);
 * sets `c.var.student`; @throws 401.
 */
function requireErpStudent(db: Db): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const token = c.req.header('x-access-token');
    if (!token || token.length > 200) throw new HttpProblem(401, MESSAGES.unauthorized);
    const [row] = await db.rows<{ user_id: number; platform_id: number }>(sql`
      SELECT t.user_id, u.platform_id FROM erp_tokens t
      JOIN users u ON u.id = t.user_id AND u.deleted_at IS NULL
      JOIN tokens s ON s.token_hash = t.session_token_hash AND s.revoked_at IS NULL AND s.expires_at > now()
      WHERE t.token_hash = ${sha256(token)} AND t.expires_at > now()`);
    if (!row) throw new HttpProblem(401, MESSAGES.unauthorized);
    c.set('student', { id: row.user_id, platformId: row.platform_id });
    await next();
  };
}

/** Hub: the ERP token of the signed-in student. */
export function hubFinanceRoutes(db: Db): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  /** Issues an ERP token of `userId` bound to the session `sessionHash` (it dies with it). */
  const issue = async (userId: number, sessionHash: string): Promise<ErpToken> => {
    const token = randomBytes(32).toString('base64url');
    const [row] = await db.rows<{ expires_at: unknown }>(sql`
      INSERT INTO erp_tokens (token_hash, user_id, session_token_hash, expires_at)
      VALUES (${sha256(token)}, ${userId}, ${sessionHash},
        now() + make_interval(secs => ${ERP_TOKEN_TTL_SECONDS}))
      RETURNING expires_at`);
    return { token, expires_at: iso(row!.expires_at) };
  };
  for (const path of ['/security/student/erp/', '/security/student/erp']) {
    app.use(path, requireHubStudent(db));
    app.get(path, async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json({ data: await issue(c.var.student.id, c.var.student.tokenHash!) });
    });
  }
  return app;
}

interface BillRow {
  id: number;
  description: string;
  amount_cents: number;
  due_date: string;
  paid_at: unknown;
  status: BillStatus;
}

interface ChargeRow {
  txid: string;
  brcode: string;
  created_at: unknown;
  expiration_seconds: number;
  amount_cents: number;
  status: PixChargeStatus;
}

const BILL_COLUMNS = sql`
  b.id, b.description, b.amount_cents, to_char(b.due_date, 'YYYY-MM-DD') AS due_date, b.paid_at,
  CASE WHEN b.paid_at IS NOT NULL THEN 'paid' WHEN b.due_date < current_date THEN 'overdue' ELSE 'open' END AS status`;

const CHARGE_COLUMNS = sql`
  p.txid, p.brcode, p.created_at, p.expiration_seconds, p.amount_cents,
  CASE WHEN p.paid_at IS NOT NULL THEN 'paid'
       WHEN p.created_at + make_interval(secs => p.expiration_seconds) <= now() THEN 'expired'
       ELSE 'active' END AS status`;

const toBill = (r: BillRow): Bill => ({
  id: r.id,
  description: r.description,
  amount_cents: Number(r.amount_cents),
  due_date: r.due_date,
  status: r.status,
  paid_at: r.paid_at === null || r.paid_at === undefined ? null : iso(r.paid_at),
});

const toCharge = (r: ChargeRow): PixCharge => ({
  txid: r.txid,
  brcode: r.brcode,
  created_at: iso(r.created_at),
  expiration_seconds: Number(r.expiration_seconds),
  status: r.status,
  amount_cents: Number(r.amount_cents),
});

async function billOf(db: Db, userId: number, id: number): Promise<Bill> {
  const [row] = await db.rows<BillRow>(
    sql`SELECT ${BILL_COLUMNS} FROM bills b WHERE b.id = ${id} AND b.user_id = ${userId}`,
  );
  if (!row) throw new HttpProblem(404, BILL_NOT_FOUND);
  return toBill(row);
}

/** The bill's newest unpaid, unexpired charge, or null. */
async function activeChargeOf(db: Db, billId: number): Promise<PixCharge | null> {
  const [row] = await db.rows<ChargeRow>(sql`
    SELECT ${CHARGE_COLUMNS} FROM pix_charges p
    WHERE p.bill_id = ${billId} AND p.paid_at IS NULL
      AND p.created_at + make_interval(secs => p.expiration_seconds) > now()
    ORDER BY p.created_at DESC, p.id DESC LIMIT 1`);
  return row ? toCharge(row) : null;
}

/** 25 alphanumerics (the longest txid of a static BR Code), unguessable. */
function newTxid(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  return [...randomBytes(25)].map((byte) => alphabet[byte % alphabet.length]).join('');
}

/**
 * A static Pix BR Code for `amountCents` of the platform's receiving account, with `txid`.
 * @throws Error when the data does not fit a BR Code (server/pix.ts; a bug here, never a client mistake).
 */
export function buildBrCode(platformId: number, billId: number, amountCents: number, txid: string): string {
  const merchant = MERCHANTS[platformId] ?? MERCHANTS[1]!;
  return staticPixBrCode({
    merchantName: merchant.name,
    merchantCity: merchant.city,
    pixKey: merchant.pixKey,
    infoAdicional: `Fatura ${billId}`,
    txid,
    amountCents,
  });
}

/** ERP v1: bills and their Pix payment (ERP token), and the demo payment switch. */
export function erpRoutes(db: Db): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  // Off: 404 before anything else; on: the student's ERP token, and only their own charges.
  app.use('/demo/charges/*', async (_c, next) => {
    if (!demoPaymentsEnabled()) throw new HttpProblem(404, MESSAGES.notFound);
    await next();
  });
  app.use('/demo/charges/*', requireErpStudent(db));
  app.post('/demo/charges/:txid/mark-paid', async (c) => {
    const txid = c.req.param('txid');
    if (!/^[A-Za-z0-9]{1,35}$/.test(txid)) throw new HttpProblem(400, 'txid inválido.');
    const [charge] = await db.rows<ChargeRow & { bill_id: number }>(sql`
      SELECT ${CHARGE_COLUMNS}, p.bill_id FROM pix_charges p JOIN bills b ON b.id = p.bill_id
      WHERE p.txid = ${txid} AND b.user_id = ${c.var.student.id}`);
    if (!charge) throw new HttpProblem(404, 'Cobrança não encontrada.');
    if (charge.status === 'expired') throw new HttpProblem(409, 'Esta cobrança Pix expirou.');
    if (charge.status === 'active') {
      const [bill] = await db.rows<{ paid_at: unknown }>(sql`SELECT paid_at FROM bills WHERE id = ${charge.bill_id}`);
      if (bill?.paid_at) throw new HttpProblem(409, ALREADY_PAID);
      await db.rows(sql`UPDATE pix_charges SET paid_at = now() WHERE txid = ${txid} AND paid_at IS NULL`);
      await db.rows(sql`UPDATE bills SET paid_at = now() WHERE id = ${charge.bill_id} AND paid_at IS NULL`);
    }
    const [after] = await db.rows<ChargeRow>(sql`SELECT ${CHARGE_COLUMNS} FROM pix_charges p WHERE p.txid = ${txid}`);
    return c.json({ data: toCharge(after!) });
  });

  app.use('/bills', requireErpStudent(db));
  app.use('/bills/*', requireErpStudent(db));

  app.get('/bills', async (c) => {
    const rows = await db.rows<BillRow>(sql`
      SELECT ${BILL_COLUMNS} FROM bills b WHERE b.user_id = ${c.var.student.id} ORDER BY b.due_date, b.id`);
    return c.json({ data: rows.map(toBill) });
  });

  app.get('/bills/:id', async (c) => {
    const bill = await billOf(db, c.var.student.id, parseId(c.req.param('id')));
    const details: BillDetails = {
      ...bill,
      active_charge: bill.status === 'paid' ? null : await activeChargeOf(db, bill.id),
    };
    return c.json({ data: details });
  });

  app.post('/bills/:id/pay', async (c) => {
    const { id: userId, platformId } = c.var.student;
    const bill = await billOf(db, userId, parseId(c.req.param('id')));
    if (bill.status === 'paid') throw new HttpProblem(409, ALREADY_PAID);
    const active = await activeChargeOf(db, bill.id);
    if (active) return c.json({ data: active }, 200);
    const txid = newTxid();
    const brcode = buildBrCode(platformId, bill.id, bill.amount_cents, txid);
    await db.rows(sql`
      INSERT INTO pix_charges (bill_id, txid, brcode, amount_cents, expiration_seconds)
      VALUES (${bill.id}, ${txid}, ${brcode}, ${bill.amount_cents}, ${pixExpirationSeconds()})`);
    const [row] = await db.rows<ChargeRow>(sql`SELECT ${CHARGE_COLUMNS} FROM pix_charges p WHERE p.txid = ${txid}`);
    return c.json({ data: toCharge(row!) }, 201);
  });
  return app;
}
