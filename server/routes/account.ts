/**
 * Account security of main v1 (docs/product.md §3 reset payloads and deletionReason, §5 "password
 * reset uses the email code challenge type", §2 "password reset always uses BRA", §7):
 *
 * - `POST /auth/resetPassword` (public), two steps on one path:
 *   1. `ResetPasswordCodeRequest` (no `code`) → always 200 `{ data: { status: 'code_sent' } }`
 *      with the same message whether the access code exists or not (no account enumeration);
 *      when it exists (and is not deleted) a 6-digit code is e-mailed to the student's address
 *      (the local outbox below). A new code invalidates the older ones.
 *   2. `ResetPasswordConfirmRequest` (`code` = `challenge_response`, `new_password` ≥ 8) → 200
 *      `{ data: { status: 'password_reset' } }`: the password changes, the code is used up and
 *      every session of the student is revoked. No live code (never asked, expired, used,
 *      locked, unknown user), a wrong code, and the `MAX_CODE_ATTEMPTS`-th wrong try (which
 *      invalidates the code) → 400 with one message, `RESET_CODE_REFUSED` (no enumeration).
 *   Codes live `RESET_CODE_TTL_SECONDS` (env, read per request; default 900 = 15 min) and are
 *   stored only as a salted SHA-256 hash.
 * - `POST /auth/changePassword` (signed in) `ChangePasswordRequest` → 200; a wrong current
 *   password → 400; the student's other sessions are revoked, the current one stays.
 * - `POST /users/self/delete` (signed in) `DeleteAccountRequest` → 200 `{ data: { deleted_at } }`:
 *   the account is marked deleted (the reason kept), every token revoked; sign-in is refused
 *   afterwards (403 `ACCOUNT_DELETED_MESSAGE`, see routes/public.ts).
 * - `GET /api/dev/mail?to=<address>` (reference server only, `devMailRoutes`): the local e-mail
 *   outbox, newest first. Off (404) unless `DEV_MAIL=1`, and never on with `NODE_ENV=production`
 *   (it shows reset codes to anyone: server/features.ts). Every e-mail is also logged to
 *   stdout when "sent" — its body (the code) only with that same switch on.
 * - Rate limits (server/rate-limit.ts): code requests (every one counts), confirmations,
 *   change password and deletion (failures count; a success clears the account's counter) answer
 *   429 + `Retry-After` beyond `RATE_LIMIT_PER_CODE` per account / `RATE_LIMIT_PER_ADDRESS` per
 *   address in `RATE_LIMIT_WINDOW_SECONDS`. Revoking a session also ends the tokens derived from
 *   it (the hub's ERP token, the LXP SSO token: routes/finances.ts, routes/home.ts).
 * - `POST /api/dev/mail/expire-codes?to=<address>` (same switch): ages that address's pending
 *   reset codes past their lifetime, as if `RESET_CODE_TTL_SECONDS` had passed — lets tests show
 *   the expired-code message without waiting. → `{ data: { expired: n } }`.
 */
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import {
  ChangePasswordRequest,
  DeleteAccountRequest,
  MIN_PASSWORD_LENGTH,
  ResetPasswordCodeRequest,
  ResetPasswordConfirmRequest,
  type ChangePasswordResponse,
  type DeleteAccountResponse,
  type DevMail,
  type ResetPasswordResponse,
} from '../../src/services/contract';
import { hashPassword, verifyPassword } from '../auth';
import type { Db } from '../db/client';
import { demoFeatures } from '../features';
import { HttpProblem, jsonBody, presentedToken, requireStudent, type AppEnv } from '../http';
import { rateLimit, usernameOfBody, type RateAction } from '../rate-limit';
import { withNormalisedAccessCode } from '../identifiers';

/** Wrong tries that invalidate a reset code. */
export const MAX_CODE_ATTEMPTS = 5;

/** Default lifetime of a reset code, seconds (15 min). */
export const DEFAULT_RESET_CODE_TTL_SECONDS = 900;

/** Lifetime of a new reset code, seconds: `RESET_CODE_TTL_SECONDS` (read per request) or 900. */
export function resetCodeTtlSeconds(): number {
  const raw = Number(process.env.RESET_CODE_TTL_SECONDS);
  return Number.isFinite(raw) && raw > 0 ? Math.floor(raw) : DEFAULT_RESET_CODE_TTL_SECONDS;
}

/**
 * The one answer to a reset code that does not work — wrong, expired, used, locked, or an access
 * code that does not exist: the same words for all, so the confirmation does not tell which
 * access codes exist (no account enumeration).
 */
export const RESET_CODE_REFUSED = 'Código incorreto ou expirado. Confira o código enviado por e-mail ou peça um novo.';

/** pt-BR answers of the reset flow. */
export const RESET_MESSAGES = {
  codeSent:
    'Se o código de acesso estiver cadastrado, enviamos um código de verificação para o e-mail da conta. Ele vale por 15 minutos.',
  passwordReset: 'Senha alterada. Entre com a nova senha.',
  noCode: RESET_CODE_REFUSED,
  wrongCode: RESET_CODE_REFUSED,
  locked: RESET_CODE_REFUSED,
  codeMismatch: 'O código e a resposta do desafio não conferem.',
} as const;

export const CHANGE_PASSWORD_MESSAGES = {
  changed: 'Senha alterada.',
  wrongCurrent: 'A senha atual está incorreta.',
  same: 'A nova senha deve ser diferente da atual.',
} as const;

/** Answer (400) to a new password shorter than `MIN_PASSWORD_LENGTH`. */
export const PASSWORD_TOO_SHORT_MESSAGE = `A nova senha deve ter pelo menos ${MIN_PASSWORD_LENGTH} caracteres.`;

/** Sign-in answer (403) for a deleted account. */
export const ACCOUNT_DELETED_MESSAGE = 'Esta conta foi excluída e não pode mais entrar.';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const hashCode = (salt: string, code: string) => sha256(`${salt}:${code}`);
const sameHex = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
const iso = (value: unknown) => new Date(value as string | Date).toISOString();

/** Whether the dev mail endpoint is on: `DEV_MAIL=1` and not `NODE_ENV=production` (server/features.ts). */
export function devMailEnabled(): boolean {
  return demoFeatures().devMail;
}

/**
 * "Sends" an e-mail: stores it in the local outbox and logs one line to stdout, `[mail] to=…
 * subject=…`. Its body (a reset code) is logged only with the dev mail outbox on (`DEV_MAIL=1`,
 * never under `NODE_ENV=production`: server/features.ts): by default logs hold no code.
 */
export async function sendMail(db: Db, to: string, subject: string, body: string): Promise<void> {
  await db.rows(sql`INSERT INTO mail_outbox (to_address, subject, body) VALUES (${to}, ${subject}, ${body})`);
  const shown = devMailEnabled() ? `\n${body}` : '';
  console.log(`[mail] to=${to} subject=${JSON.stringify(subject)}${shown}`);
}

/** Any JSON object; what it must hold is checked next (step 2 when it carries a `code`). */
const AnyObject = v.looseObject({ code: v.optional(v.unknown()), new_password: v.optional(v.unknown()) });

/** Answers a too-short new password with a clear message (not just the field name). */
function checkNewPassword(raw: { new_password?: unknown }): void {
  if (typeof raw.new_password === 'string' && raw.new_password.length < MIN_PASSWORD_LENGTH) {
    throw new HttpProblem(400, PASSWORD_TOO_SHORT_MESSAGE);
  }
}

interface LiveUser {
  id: number;
  email: string | null;
  name: string;
}

async function liveUserByAccessCode(db: Db, username: string): Promise<LiveUser | null> {
  const [row] = await db.rows<LiveUser>(sql`
    SELECT id, email, name FROM users WHERE access_code = ${username} AND deleted_at IS NULL`);
  return row ?? null;
}

/**
 * Least time a reset-code request takes, ms: e-mailing a code costs a few database writes that
 * an unknown access code would skip, a difference the answer's timing must not show.
 */
export const CODE_REQUEST_MIN_MS = 40;

/** Invalidates the student's older codes, stores a new one (hashed) and e-mails it. */
async function sendResetCode(db: Db, user: LiveUser, email: string): Promise<void> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const salt = randomBytes(16).toString('hex');
  const ttl = resetCodeTtlSeconds();
  await db.rows(sql`
    UPDATE password_reset_codes SET invalidated_at = now()
    WHERE user_id = ${user.id} AND used_at IS NULL AND invalidated_at IS NULL`);
  await db.rows(sql`
    INSERT INTO password_reset_codes (user_id, code_salt, code_hash, expires_at)
    VALUES (${user.id}, ${salt}, ${hashCode(salt, code)}, now() + make_interval(secs => ${ttl}))`);
  await sendMail(
    db,
    email,
    'Código para redefinir sua senha',
    `Olá, ${user.name}.\n\nSeu código para redefinir a senha é: ${code}\n\n` +
      `Ele vale por ${Math.max(1, Math.round(ttl / 60))} minuto(s). Se você não pediu, ignore este e-mail.`,
  );
}

/** Public account routes of main v1 (`/auth/resetPassword`) and the signed-in ones. */
export function accountRoutes(db: Db): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  // Limited per access code and per address (server/rate-limit.ts): every code
  // request counts (each e-mails a code); wrong confirmations count, a right one clears them.
  // Both steps take the access code in normal form (server/identifiers.ts) for the limit, the
  // validation, the lookup and the e-mail alike.
  const resetStep = async (c: Context): Promise<RateAction> => {
    const body = (await c.req.json().catch(() => null)) as { code?: unknown } | null;
    return typeof body === 'object' && body !== null && body.code !== undefined ? 'reset-confirm' : 'reset-request';
  };
  const signedIn = (c: Context<AppEnv>) => `user:${c.var.student.id}`;

  app.post('/auth/resetPassword', rateLimit(db, resetStep, usernameOfBody), async (c) => {
    const raw = await jsonBody(c, AnyObject);
    if (raw.code === undefined) {
      // Hono keeps the parsed body: the second read validates the step's own schema.
      const request = await jsonBody(c, withNormalisedAccessCode(ResetPasswordCodeRequest));
      // The answer takes at least CODE_REQUEST_MIN_MS whether a code is e-mailed or not, so its
      // timing does not tell which access codes exist (the work runs meanwhile).
      await Promise.all([
        (async () => {
          const user = await liveUserByAccessCode(db, request.username);
          if (user?.email) await sendResetCode(db, user, user.email);
        })(),
        new Promise((resolve) => setTimeout(resolve, CODE_REQUEST_MIN_MS)),
      ]);
      const answer: ResetPasswordResponse = { data: { status: 'code_sent', message: RESET_MESSAGES.codeSent } };
      return c.json(answer);
    }

    checkNewPassword(raw);
    const body = await jsonBody(c, withNormalisedAccessCode(ResetPasswordConfirmRequest));
    const user = await liveUserByAccessCode(db, body.username);
    const code = body.code.trim();
    if (body.challenge_response !== undefined && body.challenge_response.trim() !== code) {
      throw new HttpProblem(400, RESET_MESSAGES.codeMismatch);
    }
    if (!user) throw new HttpProblem(400, RESET_MESSAGES.noCode);
    const [live] = await db.rows<{ id: number; code_salt: string; code_hash: string; failed_attempts: number }>(sql`
      SELECT id, code_salt, code_hash, failed_attempts FROM password_reset_codes
      WHERE user_id = ${user.id} AND used_at IS NULL AND invalidated_at IS NULL AND expires_at > now()
      ORDER BY created_at DESC, id DESC LIMIT 1`);
    if (!live) throw new HttpProblem(400, RESET_MESSAGES.noCode);
    if (!sameHex(hashCode(live.code_salt, code), live.code_hash)) {
      const [after] = (await db.rows<{ failed_attempts: number }>(sql`
        UPDATE password_reset_codes SET failed_attempts = failed_attempts + 1,
          invalidated_at = CASE WHEN failed_attempts + 1 >= ${MAX_CODE_ATTEMPTS} THEN now() ELSE invalidated_at END
        WHERE id = ${live.id} RETURNING failed_attempts`)) as [{ failed_attempts: number }];
      throw new HttpProblem(
        400,
        after.failed_attempts >= MAX_CODE_ATTEMPTS ? RESET_MESSAGES.locked : RESET_MESSAGES.wrongCode,
      );
    }
    // Use the code up first (only one concurrent request can win it).
    const used = await db.rows(sql`
      UPDATE password_reset_codes SET used_at = now()
      WHERE id = ${live.id} AND used_at IS NULL AND invalidated_at IS NULL RETURNING id`);
    if (used.length === 0) throw new HttpProblem(400, RESET_MESSAGES.noCode);
    const hash = await hashPassword(body.new_password);
    await db.rows(sql`UPDATE users SET password_hash = ${hash} WHERE id = ${user.id}`);
    await db.rows(sql`UPDATE tokens SET revoked_at = now() WHERE user_id = ${user.id} AND revoked_at IS NULL`);
    const answer: ResetPasswordResponse = {
      data: { status: 'password_reset', message: RESET_MESSAGES.passwordReset },
    };
    return c.json(answer);
  });

  app.post('/auth/changePassword', requireStudent(db), rateLimit(db, 'change-password', signedIn), async (c) => {
    checkNewPassword(await jsonBody(c, AnyObject));
    const body = await jsonBody(c, ChangePasswordRequest);
    const id = c.var.student.id;
    const [row] = (await db.rows<{ password_hash: string }>(sql`
      SELECT password_hash FROM users WHERE id = ${id}`)) as [{ password_hash: string }];
    if (!(await verifyPassword(body.current_password, row.password_hash))) {
      throw new HttpProblem(400, CHANGE_PASSWORD_MESSAGES.wrongCurrent);
    }
    if (body.new_password === body.current_password) throw new HttpProblem(400, CHANGE_PASSWORD_MESSAGES.same);
    await db.rows(sql`UPDATE users SET password_hash = ${await hashPassword(body.new_password)} WHERE id = ${id}`);
    const current = sha256(presentedToken(c) ?? '');
    await db.rows(sql`
      UPDATE tokens SET revoked_at = now()
      WHERE user_id = ${id} AND revoked_at IS NULL AND token_hash <> ${current}`);
    const answer: ChangePasswordResponse = { data: { message: CHANGE_PASSWORD_MESSAGES.changed } };
    return c.json(answer);
  });

  app.post('/users/self/delete', requireStudent(db), rateLimit(db, 'delete-account', signedIn), async (c) => {
    const body = await jsonBody(c, DeleteAccountRequest);
    const id = c.var.student.id;
    const reason = body.deletionReason?.trim() || null;
    const [row] = (await db.rows<{ deleted_at: unknown }>(sql`
      UPDATE users SET deleted_at = COALESCE(deleted_at, now()), deletion_reason = ${reason}
      WHERE id = ${id} RETURNING deleted_at`)) as [{ deleted_at: unknown }];
    await db.rows(sql`UPDATE tokens SET revoked_at = now() WHERE user_id = ${id} AND revoked_at IS NULL`);
    await db.rows(sql`
      UPDATE password_reset_codes SET invalidated_at = now()
      WHERE user_id = ${id} AND used_at IS NULL AND invalidated_at IS NULL`);
    const answer: DeleteAccountResponse = { data: { deleted_at: iso(row.deleted_at) } };
    return c.json(answer);
  });

  return app;
}

/** `GET /api/dev/mail?to=<address>`: the local e-mail outbox (reference server only). */
export function devMailRoutes(db: Db): Hono {
  const app = new Hono();
  app.get('/mail', async (c) => {
    if (!devMailEnabled()) throw new HttpProblem(404, 'Recurso não encontrado.');
    const to = c.req.query('to')?.trim();
    if (!to) throw new HttpProblem(400, 'Informe o destinatário (to).');
    const rows = await db.rows<{ id: number; to_address: string; subject: string; body: string; created_at: unknown }>(
      sql`SELECT id, to_address, subject, body, created_at FROM mail_outbox
          WHERE lower(to_address) = lower(${to}) ORDER BY id DESC LIMIT 50`,
    );
    const data: DevMail[] = rows.map((r) => ({
      id: r.id,
      to: r.to_address,
      subject: r.subject,
      body: r.body,
      created_at: iso(r.created_at),
    }));
    c.header('Cache-Control', 'no-store');
    return c.json({ data });
  });
  app.post('/mail/expire-codes', async (c) => {
    if (!devMailEnabled()) throw new HttpProblem(404, 'Recurso não encontrado.');
    const to = c.req.query('to')?.trim();
    if (!to) throw new HttpProblem(400, 'Informe o destinatário (to).');
    const rows = await db.rows<{ id: number }>(sql`
      UPDATE password_reset_codes SET expires_at = now() - interval '1 second'
      WHERE used_at IS NULL AND invalidated_at IS NULL AND expires_at > now()
        AND user_id IN (SELECT id FROM users WHERE lower(email) = lower(${to}))
      RETURNING id`);
    return c.json({ data: { expired: rows.length } });
  });
  return app;
}
