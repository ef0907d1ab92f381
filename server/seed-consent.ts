/**
 * LGPD demo data, an idempotent seed step of `SEED_STEPS` (server/seed-additions.ts):
 * - the settings `lgpd_terms` (the acceptance prompt's text) and `lgpd_policy_url` (the full
 *   policy) of both platforms (read with `GET /lms/settings/lgpd_terms,lgpd_policy_url`);
 * - a second student without acceptance, `lgpd1` (platform 1, password demo1234), for the
 *   end-to-end test whose acceptance fails while `novo` accepts in another one.
 * Existing values are never overwritten (ON CONFLICT DO NOTHING).
 */
import { sql } from 'drizzle-orm';
import type { Db } from './db/client';
import { hashPassword } from './auth';
import { DEMO_PASSWORD } from './seed';

/** Demo terms of each platform (pt-BR). */
export const LGPD_TERMS: Record<number, string> = {
  1: 'A Escola Aprender trata seus dados pessoais (nome, e-mail, código de acesso e o seu progresso nos cursos) para oferecer as aulas, emitir documentos e cumprir obrigações legais, conforme a Lei Geral de Proteção de Dados (Lei nº 13.709/2018). Você pode pedir acesso, correção ou exclusão dos seus dados a qualquer momento.',
  2: 'A Academia Stream trata seus dados pessoais para oferecer os cursos e acompanhar o seu progresso, conforme a Lei Geral de Proteção de Dados (Lei nº 13.709/2018). Você pode pedir acesso, correção ou exclusão dos seus dados a qualquer momento.',
};

/** The full policy (demo: the text of the LGPD itself). */
export const LGPD_POLICY_URL = 'https://www.planalto.gov.br/ccivil_03/_ato2015-2018/2018/lei/l13709.htm';

/** @returns true when it inserted something. */
export async function seedConsent(db: Db): Promise<boolean> {
  let changed = false;
  for (const [platform, terms] of Object.entries(LGPD_TERMS)) {
    const inserted = await db.rows(sql`
      INSERT INTO platform_settings (platform_id, key, value)
      SELECT id, key, value FROM platforms,
        (VALUES ('lgpd_terms', ${terms}), ('lgpd_policy_url', ${LGPD_POLICY_URL})) AS s(key, value)
      WHERE id = ${Number(platform)}
      ON CONFLICT DO NOTHING RETURNING key`);
    if (inserted.length > 0) changed = true;
  }
  const [platform1] = await db.rows(sql`SELECT id FROM platforms WHERE id = 1`);
  const [existing] = await db.rows(sql`SELECT id FROM users WHERE access_code = 'lgpd1'`);
  if (platform1 && !existing) {
    const hash = await hashPassword(DEMO_PASSWORD);
    const inserted = await db.rows(sql`
      INSERT INTO users (platform_id, access_code, name, email, password_hash, accepted_lgpd)
      VALUES (1, 'lgpd1', 'Gabriela Teixeira', 'lgpd1@exemplo.com.br', ${hash}, false)
      ON CONFLICT (access_code) DO NOTHING RETURNING id`);
    if (inserted.length > 0) changed = true;
  }
  return changed;
}
