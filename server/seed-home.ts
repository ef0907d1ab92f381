/**
 * Demo data of the home and the student areas (migration `0012_home.sql`), an
 * idempotent seed step of `SEED_STEPS` (server/seed-additions.ts):
 *
 * - banners: 3 visible in the EAD portal + 1 hidden (`visible_ead = false`) per platform, images
 *   `server/assets/banner-{1,2,3}.svg`;
 * - professionalizing courses (`courses.area`): 'Introdução à Informática' and 'Empreendedorismo'
 *   (brand 1), 'Fotografia com o Celular' (brand 2);
 * - traffic education (/transito): the 5 modules of the CNH theory course.
 *
 * The EJA area (/tecmix) has its own step, server/seed-eja.ts.
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
  return changed > 0;
}
