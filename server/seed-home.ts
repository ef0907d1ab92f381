/**
 * Demo data of the home and the student areas (migration `0012_home.sql`), an
 * idempotent seed step of `SEED_STEPS` (server/seed-additions.ts):
 *
 * - banners: 3 visible in the EAD portal + 1 hidden (`visible_ead = false`) per platform, images
 *   `server/assets/banner-{1,2,3}.svg`;
 * - professionalizing courses (`courses.area`): 'Introdução à Informática' and 'Empreendedorismo'
 *   (brand 1), 'Fotografia com o Celular' (brand 2);
 * - traffic education (/transito): the 5 modules of the CNH theory course;
 * - EJA (/tecmix): 2 stages with their subjects; `eja` has progress in some of them.
 *
 * Everything is inserted with ON CONFLICT DO NOTHING on natural keys; the area flag only moves
 * courses still in the default area.
 */
import { sql } from 'drizzle-orm';
import { API_PREFIXES } from '../src/services/contract/bases';
import type { Db } from './db/client';

const MEDIA = `${API_PREFIXES.files}/media`;

/** Demo banners of every platform: [title, text, image, alt, link, visible_ead]. */
export const DEMO_BANNERS: readonly [string, string, string, string, string | null, boolean][] = [
  [
    'Matrículas abertas',
    'Novos cursos profissionalizantes com certificado. Garanta a sua vaga.',
    `${MEDIA}/banner-1.svg`,
    'Faixa azul com formas geométricas',
    '/profissionalizante',
    true,
  ],
  [
    'Semana da leitura',
    'Materiais de apoio novos em todos os cursos. Confira na página de cada curso.',
    `${MEDIA}/banner-2.svg`,
    'Faixa verde com formas geométricas',
    '/courses',
    true,
  ],
  [
    'Suas notas em dia',
    'Acompanhe as avaliações e veja quanto falta para a aprovação.',
    `${MEDIA}/banner-3.svg`,
    'Faixa roxa com formas geométricas',
    '/grades',
    true,
  ],
  ['Campanha interna', 'Banner só para o portal administrativo.', `${MEDIA}/banner-1.svg`, '', null, false],
];

/** Courses (by name) listed on /profissionalizante. */
export const PROFESSIONALIZING_COURSES: readonly string[] = [
  'Introdução à Informática',
  'Empreendedorismo',
  'Fotografia com o Celular',
];

/** The CNH theory course shown on /transito: [title, summary, hours]. */
export const TRAFFIC_MODULES: readonly [string, string, number][] = [
  ['Legislação de trânsito', 'Código de Trânsito Brasileiro, infrações e penalidades.', 18],
  ['Direção defensiva', 'Como prevenir acidentes e agir diante de condições adversas.', 16],
  ['Primeiros socorros', 'Sinalização do local e atendimento inicial às vítimas.', 4],
  ['Meio ambiente e cidadania', 'Poluição, convívio social e respeito no trânsito.', 4],
  ['Mecânica básica', 'Funcionamento do veículo e manutenção preventiva.', 3],
];

/** EJA stages and their subjects, in order. */
export const EJA_STAGES: readonly [string, readonly string[]][] = [
  ['Ensino Fundamental — anos finais', ['Língua Portuguesa', 'Matemática', 'Ciências', 'História e Geografia']],
  ['Ensino Médio', ['Linguagens', 'Matemática', 'Ciências da Natureza', 'Ciências Humanas']],
];

/**
 * What each EJA subject opens on platform 1: [stage, subject, course name, module position
 * (null = the course page)]. The demo's courses stand in for the EJA curriculum.
 */
export const EJA_SUBJECT_LINKS: readonly [string, string, string, number | null][] = [
  ['Ensino Fundamental — anos finais', 'Língua Portuguesa', 'Comunicação e Expressão', 1],
  ['Ensino Fundamental — anos finais', 'Matemática', 'Matemática Financeira', 1],
  ['Ensino Fundamental — anos finais', 'Ciências', 'Introdução à Informática', 1],
  ['Ensino Fundamental — anos finais', 'História e Geografia', 'Empreendedorismo', null],
  ['Ensino Médio', 'Linguagens', 'Comunicação e Expressão', 2],
  ['Ensino Médio', 'Matemática', 'Matemática Financeira', 2],
  ['Ensino Médio', 'Ciências da Natureza', 'Introdução à Informática', 2],
  ['Ensino Médio', 'Ciências Humanas', 'Empreendedorismo', 2],
];

/** `eja`'s progress per [stage, subject]. */
export const EJA_DEMO_PROGRESS: readonly [string, string, number][] = [
  ['Ensino Fundamental — anos finais', 'Língua Portuguesa', 100],
  ['Ensino Fundamental — anos finais', 'Matemática', 100],
  ['Ensino Fundamental — anos finais', 'Ciências', 80],
  ['Ensino Fundamental — anos finais', 'História e Geografia', 60],
  ['Ensino Médio', 'Linguagens', 25],
  ['Ensino Médio', 'Matemática', 10],
];

/** Seeds the home and area demo data. @returns true when it inserted or changed something. */
export async function seedHome(db: Db): Promise<boolean> {
  let changed = 0;
  const platforms = await db.rows<{ id: number }>(sql`SELECT id FROM platforms ORDER BY id`);
  for (const platform of platforms) {
    for (const [index, [title, text, image, alt, link, visible]] of DEMO_BANNERS.entries()) {
      changed += (
        await db.rows(sql`
          INSERT INTO banners (platform_id, title, text, image_url, alt, link, visible_ead, position)
          VALUES (${platform.id}, ${title}, ${text}, ${image}, ${alt}, ${link}, ${visible}, ${index + 1})
          ON CONFLICT (platform_id, title) DO NOTHING RETURNING id`)
      ).length;
    }
  }
  for (const name of PROFESSIONALIZING_COURSES) {
    changed += (
      await db.rows(sql`
        UPDATE courses SET area = 'professionalizing' WHERE name = ${name} AND area = 'general' RETURNING id`)
    ).length;
  }
  for (const [index, [title, summary, hours]] of TRAFFIC_MODULES.entries()) {
    changed += (
      await db.rows(sql`
        INSERT INTO traffic_modules (title, summary, hours, position) VALUES (${title}, ${summary}, ${hours}, ${index + 1})
        ON CONFLICT (title) DO NOTHING RETURNING id`)
    ).length;
  }
  for (const [stage, subjects] of EJA_STAGES) {
    for (const [index, name] of subjects.entries()) {
      changed += (
        await db.rows(sql`
          INSERT INTO eja_subjects (stage, name, position) VALUES (${stage}, ${name}, ${index + 1})
          ON CONFLICT (stage, name) DO NOTHING RETURNING id`)
      ).length;
    }
  }
  for (const [stage, subject, courseName, modulePosition] of EJA_SUBJECT_LINKS) {
    changed += (
      await db.rows(sql`
        UPDATE eja_subjects s SET course_id = c.id,
          module_id = (SELECT m.id FROM modules m WHERE m.course_id = c.id AND m.position = ${modulePosition})
        FROM courses c
        WHERE s.stage = ${stage} AND s.name = ${subject} AND s.course_id IS NULL
          AND c.platform_id = 1 AND c.name = ${courseName}
        RETURNING s.id`)
    ).length;
  }
  for (const [stage, subject, progress] of EJA_DEMO_PROGRESS) {
    changed += (
      await db.rows(sql`
        INSERT INTO eja_progress (subject_id, user_id, progress)
        SELECT s.id, u.id, ${progress} FROM eja_subjects s, users u
        WHERE s.stage = ${stage} AND s.name = ${subject} AND u.access_code = 'eja'
        ON CONFLICT DO NOTHING RETURNING user_id`)
    ).length;
  }
  return changed > 0;
}
