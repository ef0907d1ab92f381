/**
 * Students of the load test (`npm run load`, docs/scaling.md): `aluno001` … `alunoNNN` on
 * platform 1 (Escola Aprender), password `demo1234`, LGPD accepted, no area flag. They see the
 * brand's demo catalogue like every student of platform 1 (courses, modules, learning objects).
 *
 * Seeded only on request — `LOAD_STUDENTS=<count>` for `npm run server` / `server/cluster.ts`,
 * or `startServer({ loadStudents })` — never by default. Idempotent: existing access codes are
 * kept (ON CONFLICT DO NOTHING), so restarts and several processes starting at once are safe.
 */
import { sql } from 'drizzle-orm';
import { hashPassword } from './auth';
import type { Db } from './db/client';
import { DEMO_PASSWORD } from './seed';

/** Most load students one database gets (access codes stay `aluno` + at most 4 digits). */
export const MAX_LOAD_STUDENTS = 9999;

/**
 * Access code of load student `n` (1-based): `aluno001`, …, `aluno200`, `aluno1000`.
 * @param n a positive integer ≤ MAX_LOAD_STUDENTS.
 */
export const loadStudentCode = (n: number): string => `aluno${String(n).padStart(3, '0')}`;

/**
 * The count asked for by `raw` (the `LOAD_STUDENTS` env value).
 * @returns an integer from 0 to MAX_LOAD_STUDENTS; 0 when unset or empty.
 * @throws Error when set to anything else (a typo must not silently seed nothing).
 */
export function parseLoadStudents(raw: string | undefined): number {
  if (raw === undefined || raw.trim() === '') return 0;
  const n = Number(raw);
  if (!Number.isSafeInteger(n) || n < 0 || n > MAX_LOAD_STUDENTS) {
    throw new Error(`LOAD_STUDENTS must be an integer from 0 to ${MAX_LOAD_STUDENTS} (got "${raw}")`);
  }
  return n;
}

/**
 * Inserts the missing load students `aluno001` … `loadStudentCode(count)`. They share one scrypt
 * hash of `demo1234` (one random salt), so seeding 200 of them costs one hash, not 200.
 * @param count how many (0 = none); at most MAX_LOAD_STUDENTS.
 * @returns how many were inserted (0 when they all existed or platform 1 is missing).
 */
export async function seedLoadStudents(db: Db, count: number): Promise<number> {
  if (count <= 0) return 0;
  const n = Math.min(count, MAX_LOAD_STUDENTS);
  const [platform] = await db.rows(sql`SELECT id FROM platforms WHERE id = 1`);
  if (!platform) return 0;
  const hash = await hashPassword(DEMO_PASSWORD);
  const inserted = await db.rows(sql`
    INSERT INTO users (platform_id, access_code, name, email, password_hash, accepted_lgpd)
    SELECT 1, code, 'Aluno ' || i, code || '@exemplo.com.br', ${hash}, true
    FROM generate_series(1, ${n}::int) AS i,
      LATERAL (SELECT 'aluno' || lpad(i::text, greatest(3, length(i::text)), '0') AS code) AS c
    ON CONFLICT (access_code) DO NOTHING
    RETURNING id`);
  return inserted.length;
}
