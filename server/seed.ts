/**
 * Demo data (docs/architecture.md §D1), seeded once on an empty database and idempotent: two brands
 * (localhost → platform 1, template default; 127.0.0.1 → platform 2, template streaming),
 * students with every area flag (password `demo1234`), and courses → modules → lessons →
 * learning objects of every type served by /api/files/media.
 */
import { sql } from 'drizzle-orm';
import { hashPassword } from './auth';
import type { Db } from './db/client';

/** Password of every demo student. */
export const DEMO_PASSWORD = 'demo1234';

/** Demo students: access code, name, platform, flags. */
export const DEMO_STUDENTS = [
  { code: 'demo', name: 'Ana Souza', platform: 1, flags: {}, lgpd: true, about: 'sem áreas extras, LGPD aceita' },
  {
    code: 'aprovat',
    name: 'Bruno Lima',
    platform: 1,
    flags: { is_aprovat_user: true },
    lgpd: true,
    about: 'trânsito (/transito)',
  },
  {
    code: 'lxp',
    name: 'Carla Dias',
    platform: 1,
    flags: { is_lxp_user: true },
    lgpd: true,
    about: 'graduação (/graduacao)',
  },
  { code: 'eja', name: 'Diego Alves', platform: 1, flags: { is_eja_user: true }, lgpd: true, about: 'EJA (/tecmix)' },
  { code: 'novo', name: 'Elisa Rocha', platform: 1, flags: {}, lgpd: false, about: 'LGPD ainda não aceita' },
  { code: 'stream', name: 'Fábio Nunes', platform: 2, flags: {}, lgpd: true, about: 'marca 2 (127.0.0.1)' },
] as const;

const MEDIA = '/api/files/media';
const MODULE_THEMES = ['Primeiros passos', 'Praticando', 'Aprofundando'];

type LoSeed = { name: string; type: string; url?: string; html?: string; duration?: number };

const paragraphs = (topic: string, count: number) =>
  Array.from(
    { length: count },
    (_, i) =>
      `<p>${topic}: parte ${i + 1}. Estudar um pouco por dia ajuda a fixar o conteúdo. Anote as dúvidas, ` +
      `releia os pontos principais e faça pausas curtas. Quando terminar a leitura, o conteúdo é marcado como concluído.</p>`,
  ).join('');

function lessonObjects(course: string, module: number, lesson: number): LoSeed[] {
  const tag = `${course} — módulo ${module}, aula ${lesson}`;
  if (lesson === 1) {
    return [
      {
        name: `Leitura: ${tag}`,
        type: 'text',
        html:
          `<h2>${tag}</h2>${paragraphs(course, module === 1 ? 12 : 4)}` +
          (module === 1
            ? '<p>Imagem de exemplo: <img src="x" alt="" onerror="window.__xss=1"></p><script>window.__xss=2</script>'
            : ''),
      },
      { name: `Vídeo: ${tag}`, type: 'video', url: `${MEDIA}/aula.webm`, duration: 3 },
      { name: `Apostila em PDF: ${tag}`, type: 'pdf', url: `${MEDIA}/apostila.pdf` },
    ];
  }
  return [
    { name: `Podcast: ${tag}`, type: 'audio', url: `${MEDIA}/podcast.ogg`, duration: 3 },
    { name: `Simulador: ${tag}`, type: 'embed', url: `${MEDIA}/embed.html` },
    { name: `Saiba mais (gov.br): ${tag}`, type: 'link', url: 'https://www.gov.br/' },
  ];
}

const COURSES: { platform: number; name: string; description: string }[] = [
  {
    platform: 1,
    name: 'Introdução à Informática',
    description: 'Computadores, internet e segurança digital para o dia a dia.',
  },
  {
    platform: 1,
    name: 'Matemática Financeira',
    description: 'Porcentagem, juros e orçamento doméstico sem complicação.',
  },
  {
    platform: 1,
    name: 'Comunicação e Expressão',
    description: 'Leitura, escrita e apresentação oral para o trabalho.',
  },
  { platform: 1, name: 'Empreendedorismo', description: 'Do plano de negócio às primeiras vendas.' },
  { platform: 2, name: 'Fotografia com o Celular', description: 'Luz, enquadramento e edição no seu smartphone.' },
  { platform: 2, name: 'Inglês Básico', description: 'Vocabulário e frases para viagens e trabalho.' },
];

/**
 * Seeds the demo data when the database has no platform yet.
 * @returns true when it seeded, false when data was already there.
 */
export async function seedIfEmpty(db: Db): Promise<boolean> {
  const [{ count }] = (await db.rows<{ count: number }>(sql`SELECT count(*)::int AS count FROM platforms`)) as [
    { count: number },
  ];
  if (count > 0) return false;

  await db.rows(sql`
    INSERT INTO platforms (id, host, name, template, favicon, primary_color, secondary_color, options, enforce_session_throttle)
    VALUES
      (1, 'localhost', 'Escola Aprender', 'default', '/favicon.svg', '#0B57D0', '#5B3CC4', '{"show_banners": true}'::jsonb, true),
      (2, '127.0.0.1', 'Academia Stream', 'streaming', '/favicon.svg', '#7A1FA2', '#00796B', '{"show_banners": false}'::jsonb, false)`);
  await db.rows(sql`
    INSERT INTO platform_settings (platform_id, key, value) VALUES
      (1, 'clarity_key', 'demo-clarity-1'), (1, 'imbot_key', 'demo-imbot-1'),
      (2, 'clarity_key', 'demo-clarity-2'), (2, 'imbot_key', null)`);

  const hash = await hashPassword(DEMO_PASSWORD);
  for (const s of DEMO_STUDENTS) {
    const flags = s.flags as { is_aprovat_user?: boolean; is_lxp_user?: boolean; is_eja_user?: boolean };
    await db.rows(sql`
      INSERT INTO users (platform_id, access_code, name, email, password_hash, is_aprovat_user, is_lxp_user, is_eja_user, accepted_lgpd)
      VALUES (${s.platform}, ${s.code}, ${s.name}, ${`${s.code}@exemplo.com.br`}, ${hash},
        ${flags.is_aprovat_user ?? false}, ${flags.is_lxp_user ?? false}, ${flags.is_eja_user ?? false}, ${s.lgpd})`);
  }

  for (const [ci, course] of COURSES.entries()) {
    const [c] = (await db.rows<{ id: number }>(sql`
      INSERT INTO courses (platform_id, name, description, position)
      VALUES (${course.platform}, ${course.name}, ${course.description}, ${ci + 1}) RETURNING id`)) as [{ id: number }];
    for (let m = 1; m <= 3; m++) {
      const [mod] = (await db.rows<{ id: number }>(sql`
        INSERT INTO modules (course_id, name, position) VALUES (${c.id}, ${`Módulo ${m}: ${MODULE_THEMES[m - 1]}`}, ${m}) RETURNING id`)) as [
        { id: number },
      ];
      for (let l = 1; l <= 2; l++) {
        const [lesson] = (await db.rows<{ id: number }>(sql`
          INSERT INTO lessons (module_id, name, position) VALUES (${mod.id}, ${`Aula ${l}`}, ${l}) RETURNING id`)) as [
          { id: number },
        ];
        for (const [oi, lo] of lessonObjects(course.name, m, l).entries()) {
          await db.rows(sql`
            INSERT INTO learning_objects (lesson_id, name, type, position, url, html, duration_seconds)
            VALUES (${lesson.id}, ${lo.name}, ${lo.type}, ${oi + 1}, ${lo.url ?? null}, ${lo.html ?? null}, ${lo.duration ?? null})`);
        }
      }
    }
  }
  return true;
}
