/**
 * Finances calls of docs/product.md §7: hub `GET /security/student/erp/` (the ERP token) and ERP v1
 * `GET /bills`, `GET /bills/{id}`, `POST /bills/{id}/pay` (Pix). Every answer is validated
 * by the contract. Money is always an integer of CENTS of BRL (`amount_cents`); due dates are
 * calendar days (`YYYY-MM-DD`); instants are ISO 8601.
 *
 * Headers and timeouts (services/http/clients.ts): the hub gets `Authorization: <session
 * token>` (30 s); the ERP gets `X-Access-Token: <ERP token>` (60 s). The ERP token is not the
 * session token: it is asked from the hub and passed per call with `RequestOptions.authToken`
 * (the base's header format, so only the value changes). `erpToken()` keeps it in memory,
 * for the session token it was issued to, until 30 s before it expires; a 401 from the ERP
 * drops it and the call is tried once more with a fresh one.
 *
 * Errors: ApiError (status + the server's `message`: 401 no/expired token, 404 not this
 * student's bill, 409 already paid), NetworkError, TimeoutError, ContractError.
 */
import {
  BillDetailsResponse,
  BillListResponse,
  ErpTokenResponse,
  PixChargeResponse,
  type Bill,
  type BillDetails,
  type ErpToken,
  type PixCharge,
} from '../contract/finances';
import { request } from '../http/clients';
import { ApiError } from '../http/errors';
import { getToken } from '../storage/token';

/**
 * Hub `GET /security/student/erp/` with `Authorization: <session token>` (30 s).
 * @returns `{ token, expires_at }`: the ERP token of the signed-in student.
 * @throws ApiError 401 without a valid session; NetworkError | TimeoutError | ContractError.
 */
export async function getErpToken(signal?: AbortSignal): Promise<ErpToken> {
  return (await request('hub', 'get', '/security/student/erp/', ErpTokenResponse, signal ? { signal } : {})).data;
}

/** Seconds before `expires_at` from which a cached ERP token is no longer used. */
const ERP_TOKEN_MARGIN_MS = 30_000;
let cached: { session: string | null; token: string; expiresAt: number } | null = null;

/**
 * The ERP token for the current session: the cached one while it is valid for 30 s more and
 * was issued for the same session token, else a new one from the hub.
 * @param fresh true to ignore the cache (after the ERP answered 401).
 */
export async function erpToken(fresh = false): Promise<string> {
  const session = getToken();
  if (!fresh && cached && cached.session === session && cached.expiresAt - ERP_TOKEN_MARGIN_MS > Date.now()) {
    return cached.token;
  }
  const answer = await getErpToken();
  cached = { session, token: answer.token, expiresAt: Date.parse(answer.expires_at) };
  return answer.token;
}

/** Forgets the cached ERP token (tests; a sign-out also changes the session it is keyed by). */
export function forgetErpToken(): void {
  cached = null;
}

/** Runs an ERP call with the ERP token; on a 401 gets a new token and tries once more. */
async function withErpToken<T>(call: (token: string) => Promise<T>): Promise<T> {
  try {
    return await call(await erpToken());
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 401)) throw error;
    return call(await erpToken(true));
  }
}

/**
 * ERP `GET /bills` (`X-Access-Token: <ERP token>`, 60 s).
 * @returns every bill of the student, by due date: `{ id, description, amount_cents (cents of
 *   BRL), due_date (YYYY-MM-DD), status: open | paid | overdue, paid_at (ISO | null) }[]`.
 */
export async function getBills(signal?: AbortSignal): Promise<Bill[]> {
  return withErpToken(
    async (authToken) =>
      (await request('erp', 'get', '/bills', BillListResponse, { authToken, ...(signal ? { signal } : {}) })).data,
  );
}

/**
 * ERP `GET /bills/{id}`: one bill and its active Pix charge (`active_charge`, null when none
 * is payable now). The payment screen polls it to learn that the bill was paid.
 * @throws ApiError 404 when the bill is not the student's.
 */
export async function getBill(id: number, signal?: AbortSignal): Promise<BillDetails> {
  return withErpToken(
    async (authToken) =>
      (await request('erp', 'get', `/bills/${id}`, BillDetailsResponse, { authToken, ...(signal ? { signal } : {}) }))
        .data,
  );
}

/**
 * ERP `POST /bills/{id}/pay` (Pix): the bill's active charge — the same one while it has not
 * expired (reopening an unpaid bill shows the same code), else a new one.
 * @returns `{ txid, brcode (the 'Pix Copia e Cola' BR Code, shown as is), created_at (ISO),
 *   expiration_seconds, status, amount_cents }`; expiry = created_at + expiration_seconds.
 * @throws ApiError 409 when the bill is already paid; 404 when it is not the student's.
 */
export async function postBillPay(id: number): Promise<PixCharge> {
  return withErpToken(
    async (authToken) => (await request('erp', 'post', `/bills/${id}/pay`, PixChargeResponse, { authToken })).data,
  );
}
