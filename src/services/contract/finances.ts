/**
 * Contract of finances (docs/product.md §3 "Bills (with a pix payment)", §7 hub and ERP v1): the student's
 * ERP token, bills, and Pix charges. Money is in cents of BRL (integers).
 */
import * as v from 'valibot';
import { envelope, Id, IsoDate } from './core';

/**
 * Hub `GET /security/student/erp/` (Authorization: the session token): the ERP token of the
 * signed-in student, sent as `X-Access-Token` to every ERP v1 call (docs/product.md §7).
 */
export const ErpToken = v.object({
  /** Opaque token for the ERP base (its `X-Access-Token`). */
  token: v.pipe(v.string(), v.minLength(1)),
  /** When it stops being accepted, ISO 8601; ask the hub for a new one after that. */
  expires_at: IsoDate,
});
export type ErpToken = v.InferOutput<typeof ErpToken>;
export const ErpTokenResponse = envelope(ErpToken);
export type ErpTokenResponse = v.InferOutput<typeof ErpTokenResponse>;

/** Money in CENTS of BRL (integer): R$ 349,90 is `34990`. Never a float of reais. */
const Cents = v.pipe(v.number(), v.integer(), v.minValue(0));
/** A calendar date without time, `YYYY-MM-DD` (a due date). */
const IsoDay = v.pipe(v.string(), v.isoDate());

/** A bill's state: `open` (due date today or later), `overdue` (past due, unpaid), `paid`. */
export const BillStatus = v.picklist(['open', 'paid', 'overdue']);
export type BillStatus = v.InferOutput<typeof BillStatus>;

/** One bill of the student (docs/product.md §3 "Bills (with a pix payment)"). */
export const Bill = v.object({
  id: Id,
  /** What it charges, e.g. 'Mensalidade de março'. */
  description: v.string(),
  /** Amount in cents of BRL (integer). */
  amount_cents: Cents,
  /** Due date, `YYYY-MM-DD` (no time zone: a calendar day). */
  due_date: IsoDay,
  status: BillStatus,
  /** When it was paid, ISO 8601; null unless `status` is `paid`. */
  paid_at: v.nullable(IsoDate),
});
export type Bill = v.InferOutput<typeof Bill>;

/** ERP `GET /bills`: `{ data: Bill[] }`, every bill of the student, by due date. */
export const BillListResponse = envelope(v.array(Bill));
export type BillListResponse = v.InferOutput<typeof BillListResponse>;

/** State of a Pix charge: `active` (payable now), `paid`, `expired` (past created_at + expiration). */
export const PixChargeStatus = v.picklist(['active', 'paid', 'expired']);
export type PixChargeStatus = v.InferOutput<typeof PixChargeStatus>;

/** A Pix charge of a bill (ERP `POST /bills/{id}/pay`). */
export const PixCharge = v.object({
  /** Transaction id (tag 62-05 of the BR Code), 25 alphanumerics. */
  txid: v.pipe(v.string(), v.regex(/^[A-Za-z0-9]{1,35}$/)),
  /** The Pix BR Code ("Pix Copia e Cola", EMV MPM with CRC16 in tag 63): shown and copied as is. */
  brcode: v.pipe(v.string(), v.minLength(1)),
  /** When the charge was created, ISO 8601 (the expiry countdown starts here). */
  created_at: IsoDate,
  /** Seconds from `created_at` until the charge expires. */
  expiration_seconds: v.pipe(v.number(), v.integer(), v.minValue(1)),
  status: PixChargeStatus,
  /** Amount in cents of BRL (the bill's). */
  amount_cents: Cents,
});
export type PixCharge = v.InferOutput<typeof PixCharge>;
export const PixChargeResponse = envelope(PixCharge);
export type PixChargeResponse = v.InferOutput<typeof PixChargeResponse>;

/** ERP `GET /bills/{id}`: the bill and its active (unexpired, unpaid) Pix charge, or null. */
export const BillDetails = v.object({
  ...Bill.entries,
  active_charge: v.nullable(PixCharge),
});
export type BillDetails = v.InferOutput<typeof BillDetails>;
export const BillDetailsResponse = envelope(BillDetails);
export type BillDetailsResponse = v.InferOutput<typeof BillDetailsResponse>;
