/**
 * Throwaway students of the account tests (password reset, change password, account
 * deletion), a seed step of `seed-additions.ts`, so that the end-to-end tests never change or
 * delete the shared demo students:
 *
 * | access code | name           | platform | used by                                         |
 * | ----------- | -------------- | -------- | ----------------------------------------------- |
 * | `reset1`    | Renata Teixeira | 1       | password reset (its password changes in e2e)    |
 * | `apagar1`   | Paulo Apagar   | 1        | account deletion (deleted in e2e)               |
 *
 * Password `demo1234`, e-mail `<code>@exemplo.com.br`, LGPD accepted, no area flag.
 * Idempotent: inserted only when the access code is missing (ON CONFLICT DO NOTHING).
 */
import { sql } from 'drizzle-orm';
import { hashPassword } from './auth';
import type { Db } from './db/client';
import { DEMO_PASSWORD } from './seed';

/** The throwaway students of the account tests. */
export const ACCOUNT_TEST_STUDENTS = [
  { code: 'reset1', name: 'Renata Teixeira' },
  { code: 'apagar1', name: 'Paulo Apagar' },
] as const;

/** Seed step: inserts the missing account-test students. @returns whether it inserted any. */
export async function seedAccount(db: Db): Promise<boolean> {
  const [platform] = await db.rows(sql`SELECT id FROM platforms WHERE id = 1`);
  if (!platform) return false;
  const existing = new Set(
    (await db.rows<{ access_code: string }>(sql`SELECT access_code FROM users`)).map((r) => r.access_code),
  );
  const missing = ACCOUNT_TEST_STUDENTS.filter((s) => !existing.has(s.code));
  if (missing.length === 0) return false;
  const hash = await hashPassword(DEMO_PASSWORD);
  for (const s of missing) {
    await db.rows(sql`
      INSERT INTO users (platform_id, access_code, name, email, password_hash, accepted_lgpd)
      VALUES (1, ${s.code}, ${s.name}, ${`${s.code}@exemplo.com.br`}, ${hash}, true)
      ON CONFLICT (access_code) DO NOTHING`);
  }
  return true;
}
