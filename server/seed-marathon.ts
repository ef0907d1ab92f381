/**
 * The heavy demo student `maratona` (docs/scaling.md), a seed step of `seed-additions.ts`:
 * years of data on brand 1, so that size is part of what is tested and measured.
 *
 * | what (as the student sees it)  | how many | how                                                        |
 * | ------------------------------ | -------- | ---------------------------------------------------------- |
 * | courses (v2 `GET /lms/courses`) | 120     | the 4 of the brand's catalogue + own ones; ⅓ each status   |
 * | the big course                  | 1       | 12 modules × 10 lessons × 6 objects (text, video, pdf, audio, embed/link, quiz) |
 * | bills (ERP `GET /bills`)        | 240     | two a month over ten years: most paid, some overdue, some open |
 * | documents (`GET /documents/…`)  | 400     | in 12 categories (the brand's 3 + 9 own)                   |
 * | grades (`GET /lms/student/grades`) | 120  | every course; own ones with 2 assessments (6 out of 10 passes) |
 * | short videos (`GET /shortVideos`) | 60    | the brand's 2 + own ones                                   |
 *
 * Own rows carry `audience_user_id` = maratona (migration 0015), so no other student sees them.
 * The totals are counted on a fresh database: own rows = target − what the brand already has.
 *
 * Fast: set-based SQL (`INSERT … SELECT generate_series(…)`), about 20 statements, whatever the
 * size. Idempotent: the student, bills, categories, documents, videos and grades have natural
 * keys (ON CONFLICT DO NOTHING); the course tree is inserted only where a level is missing; the
 * seeded progress only together with the courses (a reset in the demo stays reset).
 */
import { statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { hashPassword } from './auth';
import type { Db } from './db/client';
import { DEMO_PASSWORD } from './seed';
import { DEMO_QUIZ } from './seed-quizzes';

/** The heavy demo student. */
export const MARATHON_STUDENT = {
  code: 'maratona',
  name: 'Marta Maratona',
  platform: 1,
  about: 'dez anos de dados: 120 cursos, 240 boletos, 400 documentos',
} as const;

/** What `maratona` sees. */
export const MARATHON_TOTALS = {
  courses: 120,
  bigCourseModules: 12,
  lessonsPerModule: 10,
  objectsPerLesson: 6,
  bills: 240,
  documents: 400,
  categories: 12,
  shortVideos: 60,
} as const;

/** Position of maratona's own courses: 1000 + n (n = 1 is the big course). */
const OWN_BASE = 1000;
const MEDIA = '/api/files/media';
const ASSETS = join(dirname(fileURLToPath(import.meta.url)), 'assets');
const PDF_SIZE = statSync(join(ASSETS, 'apostila.pdf')).size;
const CSV_SIZE = statSync(join(ASSETS, 'cronograma.csv')).size;

const THEMES = [
  'Gestão de Projetos',
  'Excel na Prática',
  'Atendimento ao Cliente',
  'Logística',
  'Marketing Digital',
  'Segurança do Trabalho',
  'Programação Web',
  'Contabilidade Básica',
  'Recursos Humanos',
  'Redação Oficial',
  'Primeiros Socorros',
  'Libras Básico',
];
const CATEGORIES = [
  'Boletins',
  'Declarações',
  'Históricos',
  'Contratos',
  'Comprovantes',
  'Avisos',
  'Editais',
  'Formulários',
  'Certificados antigos',
];

const textArray = (items: readonly string[]) =>
  sql`ARRAY[${sql.join(
    items.map((t) => sql`${t}`),
    sql`, `,
  )}]::text[]`;

/** Seed step: inserts what of maratona's data is missing. @returns true when it inserted anything. */
export async function seedMarathon(db: Db): Promise<boolean> {
  const [platform] = await db.rows(sql`SELECT id FROM platforms WHERE id = ${MARATHON_STUDENT.platform}`);
  if (!platform) return false;
  let inserted = 0;
  const count = (rows: unknown[]) => (inserted += rows.length);

  const [existing] = await db.rows<{ id: number }>(
    sql`SELECT id FROM users WHERE access_code = ${MARATHON_STUDENT.code}`,
  );
  let uid = existing?.id;
  if (uid === undefined) {
    const hash = await hashPassword(DEMO_PASSWORD);
    const [row] = await db.rows<{ id: number }>(sql`
      INSERT INTO users (platform_id, access_code, name, email, password_hash, accepted_lgpd)
      VALUES (${MARATHON_STUDENT.platform}, ${MARATHON_STUDENT.code}, ${MARATHON_STUDENT.name},
        ${`${MARATHON_STUDENT.code}@exemplo.com.br`}, ${hash}, true)
      ON CONFLICT (access_code) DO NOTHING RETURNING id`);
    if (!row) return false;
    uid = row.id;
    inserted++;
  }
  const p = MARATHON_STUDENT.platform;
  const T = MARATHON_TOTALS;

  // Courses: own ones = 120 − the brand's catalogue; n = position − 1000.
  const newCourses = await db.rows<{ id: number }>(sql`
    INSERT INTO courses (platform_id, name, description, position, audience_user_id)
    SELECT ${p},
      CASE WHEN n = 1 THEN 'Maratona — Formação Completa'
        ELSE 'Trilha ' || lpad(n::text, 3, '0') || ': ' || (${textArray(THEMES)})[1 + (n % 12)] END,
      'Curso ' || n || ' da trilha de dez anos: ' || (${textArray(THEMES)})[1 + (n % 12)] || '.',
      ${OWN_BASE} + n, ${uid}
    FROM generate_series(1, ${T.courses} - (
      SELECT count(*)::int FROM courses WHERE platform_id = ${p} AND audience_user_id IS NULL)) AS n
    WHERE NOT EXISTS (SELECT 1 FROM courses WHERE audience_user_id = ${uid})
    RETURNING id`);
  count(newCourses);

  // The tree where a level is missing: big course 12 × 10 × 6, the others 1 × 1 × 2.
  count(
    await db.rows(sql`
    INSERT INTO modules (course_id, name, position)
    SELECT c.id, 'Módulo ' || m || ': ' || (${textArray(THEMES)})[1 + ((m - 1) % 12)], m
    FROM courses c
    CROSS JOIN LATERAL generate_series(1, CASE WHEN c.position = ${OWN_BASE + 1} THEN ${T.bigCourseModules} ELSE 1 END) AS m
    WHERE c.audience_user_id = ${uid} AND NOT EXISTS (SELECT 1 FROM modules x WHERE x.course_id = c.id)
    RETURNING id`),
  );
  count(
    await db.rows(sql`
    INSERT INTO lessons (module_id, name, position)
    SELECT m.id, 'Aula ' || l, l
    FROM modules m JOIN courses c ON c.id = m.course_id
    CROSS JOIN LATERAL generate_series(1, CASE WHEN c.position = ${OWN_BASE + 1} THEN ${T.lessonsPerModule} ELSE 1 END) AS l
    WHERE c.audience_user_id = ${uid} AND NOT EXISTS (SELECT 1 FROM lessons x WHERE x.module_id = m.id)
    RETURNING id`),
  );
  // Object k of a lesson: 1 text, 2 video, 3 pdf, 4 audio, 5 embed (odd lessons) or link, 6 quiz.
  count(
    await db.rows(sql`
    INSERT INTO learning_objects (lesson_id, name, type, position, url, html, duration_seconds, quiz)
    SELECT l.id,
      (ARRAY['Leitura', 'Vídeo', 'Apostila em PDF', 'Podcast', 'Simulador', 'Questionário'])[k]
        || ': ' || m.name || ', ' || l.name,
      CASE k WHEN 1 THEN 'text' WHEN 2 THEN 'video' WHEN 3 THEN 'pdf' WHEN 4 THEN 'audio'
        WHEN 5 THEN CASE WHEN l.position % 2 = 1 THEN 'embed' ELSE 'link' END ELSE 'quiz' END,
      k,
      CASE k WHEN 2 THEN ${`${MEDIA}/aula.webm`} WHEN 3 THEN ${`${MEDIA}/apostila.pdf`} WHEN 4 THEN ${`${MEDIA}/podcast.ogg`}
        WHEN 5 THEN CASE WHEN l.position % 2 = 1 THEN ${`${MEDIA}/embed.html`} ELSE 'https://www.gov.br/' END
        ELSE NULL END,
      CASE WHEN k = 1 THEN '<h2>' || m.name || ', ' || l.name || '</h2><p>Estudar um pouco por dia ajuda a fixar o conteúdo. '
        || 'Anote as dúvidas e releia os pontos principais.</p>' END,
      CASE WHEN k IN (2, 4) THEN 3 END,
      CASE WHEN k = 6 THEN ${JSON.stringify(DEMO_QUIZ)}::jsonb END
    FROM lessons l JOIN modules m ON m.id = l.module_id JOIN courses c ON c.id = m.course_id
    CROSS JOIN LATERAL generate_series(1, CASE WHEN c.position = ${OWN_BASE + 1} THEN ${T.objectsPerLesson} ELSE 2 END) AS k
    WHERE c.audience_user_id = ${uid} AND NOT EXISTS (SELECT 1 FROM learning_objects x WHERE x.lesson_id = l.id)
    RETURNING id`),
  );

  // Progress, only with new courses: n % 3 = 0 completed, 1 in progress, 2 not started.
  // The big course (n = 1): modules 1–3 completed, module 4 started; the rest untouched.
  if (newCourses.length > 0) {
    await db.rows(sql`
      INSERT INTO learning_object_progress (user_id, learning_object_id, started_at, completed_at)
      SELECT ${uid}, lo.id, now() - ((c.position - ${OWN_BASE}) || ' days')::interval,
        CASE WHEN (c.position - ${OWN_BASE}) % 3 = 0 OR (c.position = ${OWN_BASE + 1} AND m.position <= 3)
          OR (c.position <> ${OWN_BASE + 1} AND lo.position = 1)
          THEN now() - ((c.position - ${OWN_BASE}) || ' days')::interval END
      FROM learning_objects lo JOIN lessons l ON l.id = lo.lesson_id JOIN modules m ON m.id = l.module_id
      JOIN courses c ON c.id = m.course_id
      WHERE c.audience_user_id = ${uid} AND (
        (c.position - ${OWN_BASE}) % 3 = 0
        OR (c.position = ${OWN_BASE + 1} AND (m.position <= 3 OR (m.position = 4 AND l.position = 1)))
        OR (c.position <> ${OWN_BASE + 1} AND (c.position - ${OWN_BASE}) % 3 = 1 AND lo.position = 1))
      ON CONFLICT DO NOTHING`);
  }

  // Course attachments (server/seed-attachments.ts skips courses of one student): two per course.
  count(
    await db.rows(sql`
    INSERT INTO course_attachments (course_id, name, file_name, mime_type, size_bytes, url, position)
    SELECT c.id, f.name, f.file_name, f.mime, f.size, f.url, f.position
    FROM courses c CROSS JOIN (VALUES
      ('Guia do curso', 'guia-do-curso.pdf', 'application/pdf', ${PDF_SIZE}::int, ${`${MEDIA}/apostila.pdf`}, 1),
      ('Cronograma de estudos', 'cronograma.csv', 'text/csv', ${CSV_SIZE}::int, ${`${MEDIA}/cronograma.csv`}, 2))
      AS f(name, file_name, mime, size, url, position)
    WHERE c.audience_user_id = ${uid}
    ON CONFLICT DO NOTHING RETURNING id`),
  );

  // Grades: passing 6; 'Prova 1' and 'Prova final' 50 % each, held over ten years; graded:
  // completed courses both, in-progress ones the first; grades 3.0–10.0 (some fail).
  count(
    await db.rows(sql`
    INSERT INTO course_grading (course_id, passing_grade)
    SELECT id, 6 FROM courses WHERE audience_user_id = ${uid}
    ON CONFLICT DO NOTHING RETURNING course_id`),
  );
  count(
    await db.rows(sql`
    INSERT INTO assessments (course_id, name, weight, position, held_at)
    SELECT c.id, (ARRAY['Prova 1', 'Prova final'])[a], 50, a,
      date_trunc('day', now()) - (((c.position - ${OWN_BASE}) * 30 - a * 14) || ' days')::interval + interval '13 hours'
    FROM courses c CROSS JOIN generate_series(1, 2) AS a
    WHERE c.audience_user_id = ${uid}
    ON CONFLICT DO NOTHING RETURNING id`),
  );
  count(
    await db.rows(sql`
    INSERT INTO assessment_grades (assessment_id, user_id, grade, graded_at)
    SELECT a.id, ${uid}, 3 + ((c.position * 7 + a.position * 3) % 71) / 10.0, a.held_at + interval '4 days'
    FROM assessments a JOIN courses c ON c.id = a.course_id
    WHERE c.audience_user_id = ${uid}
      AND ((c.position - ${OWN_BASE}) % 3 = 0 OR ((c.position - ${OWN_BASE}) % 3 = 1 AND a.position = 1))
    ON CONFLICT DO NOTHING RETURNING user_id`),
  );

  // Bills: two a month (tuition on the 10th, materials on the 20th) for ten years, ending three
  // months ahead (open); of the past ones every 40th is unpaid (overdue), as is everything of the
  // last three months before this one; the rest paid on the due date.
  count(
    await db.rows(sql`
    INSERT INTO bills (user_id, description, amount_cents, due_date, paid_at, reference)
    SELECT ${uid},
      CASE WHEN i % 2 = 1 THEN 'Mensalidade ' ELSE 'Material didático ' END || to_char(d, 'MM/YYYY'),
      CASE WHEN i % 2 = 1 THEN 29990 + (i / 24) * 1500 ELSE 4990 END,
      d,
      CASE WHEN (i - 1) / 2 < 113 AND i % 40 <> 0 THEN d::timestamptz + interval '10 hours' END,
      'MAR-' || lpad(i::text, 3, '0')
    FROM generate_series(1, ${T.bills}) AS i,
      LATERAL (SELECT (date_trunc('month', current_date) + (((i - 1) / 2 - 116) || ' months')::interval
        + CASE WHEN i % 2 = 1 THEN interval '9 days' ELSE interval '19 days' END)::date AS d) AS due
    ON CONFLICT (user_id, reference) DO NOTHING RETURNING id`),
  );

  // Short videos: own ones up to 60.
  count(
    await db.rows(sql`
    INSERT INTO short_videos (platform_id, title, resource, duration_seconds, thumbnail, position, audience_user_id)
    SELECT ${p}, 'Pílula ' || lpad(n::text, 2, '0') || ': ' || (${textArray(THEMES)})[1 + (n % 12)],
      CASE WHEN n % 2 = 0 THEN ${`${MEDIA}/curto.webm`} ELSE ${`${MEDIA}/aula.webm`} END,
      CASE WHEN n % 2 = 0 THEN 24 ELSE 3 END, NULL, 100 + n, ${uid}
    FROM generate_series(1, ${T.shortVideos} - (
      SELECT count(*)::int FROM short_videos WHERE platform_id = ${p} AND audience_user_id IS NULL)) AS n
    ON CONFLICT (platform_id, title) DO NOTHING RETURNING id`),
  );
  return inserted > 0;
}

/**
 * Seed step after `seedDocuments` (which seeds the brand's documents): maratona's document
 * categories (the brand's + own ones up to 12) and documents (own ones up to 400, spread over
 * every category the student sees). @returns true when it inserted anything.
 */
export async function seedMarathonDocuments(db: Db): Promise<boolean> {
  const [user] = await db.rows<{ id: number }>(sql`SELECT id FROM users WHERE access_code = ${MARATHON_STUDENT.code}`);
  if (!user) return false;
  const uid = user.id;
  const p = MARATHON_STUDENT.platform;
  const T = MARATHON_TOTALS;
  let inserted = 0;
  const count = (rows: unknown[]) => (inserted += rows.length);

  count(
    await db.rows(sql`
    INSERT INTO document_categories (platform_id, name, position, audience_user_id)
    SELECT ${p}, (${textArray(CATEGORIES)})[n], 100 + n, ${uid}
    FROM generate_series(1, ${T.categories} - (
      SELECT count(*)::int FROM document_categories WHERE platform_id = ${p} AND audience_user_id IS NULL)) AS n
    ON CONFLICT DO NOTHING RETURNING id`),
  );
  count(
    await db.rows(sql`
    WITH cats AS (
      SELECT id, name, row_number() OVER (ORDER BY position, id) AS k, count(*) OVER () AS total
      FROM document_categories
      WHERE platform_id = ${p} AND (audience_user_id IS NULL OR audience_user_id = ${uid}))
    INSERT INTO attachments (platform_id, category_id, name, description, file_name, mime_type, size_bytes, url,
      created_at, audience_user_id)
    SELECT ${p}, cats.id, cats.name || ' — documento ' || lpad(n::text, 3, '0'),
      'Documento ' || n || ' do arquivo de dez anos.',
      'maratona-documento-' || lpad(n::text, 3, '0') || CASE WHEN n % 5 = 0 THEN '.csv' ELSE '.pdf' END,
      CASE WHEN n % 5 = 0 THEN 'text/csv' ELSE 'application/pdf' END,
      CASE WHEN n % 5 = 0 THEN ${CSV_SIZE}::int ELSE ${PDF_SIZE}::int END,
      CASE WHEN n % 5 = 0 THEN ${`${MEDIA}/cronograma.csv`} ELSE ${`${MEDIA}/apostila.pdf`} END,
      now() - (n || ' days')::interval, ${uid}
    FROM generate_series(1, ${T.documents} - (
      SELECT count(*)::int FROM attachments
      WHERE platform_id = ${p} AND user_id IS NULL AND audience_user_id IS NULL)) AS n
    JOIN cats ON cats.k = 1 + (n % cats.total)
    ON CONFLICT DO NOTHING RETURNING id`),
  );

  return inserted > 0;
}
