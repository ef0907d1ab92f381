/**
 * Youth and adult education (EJA, /tecmix) demo data, a seed step of `seed-additions.ts`: the
 * stages and their subjects (table `eja_subjects`, migration `0012_home.sql`), the courses that
 * teach them on platform 1, what each subject opens (`course_id`, `module_id`, migration
 * `0016_eja_links.sql`) and the learning objects `eja` has completed in them.
 *
 * One course per stage, one module per subject: an EJA student enrols in a stage, and the stage's
 * subjects are the parts of that one course (its modules, in the stage's order). The two
 * 'Matemática' subjects are then two modules of two differently named courses rather than two
 * courses named alike in the student's course list, and the course page shows the stage's
 * subjects side by side. Each subject opens its module, which bears the subject's name; the
 * subject's progress is that module's progress (server/routes/home.ts `GET /eja/stages`).
 *
 * The courses have `audience_user_id` = eja (migration 0015): `eja` is enrolled in them and no
 * other student sees them, so the other students' course lists do not change. Each module has one
 * lesson (position 1, so the quiz step, which fills second lessons, leaves it alone) of
 * `EJA_OBJECTS_PER_SUBJECT` learning objects.
 *
 * Idempotent: subjects by (stage, name); the course tree where a level is missing (the course by
 * name and audience, the module, the lesson, the learning objects by lesson and name); a
 * subject's link only while it has none; `eja`'s completions only with a course just created (a
 * reset the student made stays reset at the next start).
 */
import { sql } from 'drizzle-orm';
import type { Db } from './db/client';
import { findOrInsert } from './seed-school-content';

const MEDIA = '/api/files/media';

/** Access code of the demo EJA student. */
export const EJA_STUDENT = 'eja';

/** One EJA subject: its name, the topic of its lesson and how many of its learning objects `eja` has completed. */
export interface EjaSubjectSeed {
  name: string;
  topic: string;
  completed: number;
}

/** One EJA stage and the course of platform 1 that teaches it. */
export interface EjaStageSeed {
  stage: string;
  course: string;
  description: string;
  subjects: readonly EjaSubjectSeed[];
}

/** Learning objects in each subject's module. */
export const EJA_OBJECTS_PER_SUBJECT = 4;

/**
 * The EJA stages, in order, with their subjects in order. `completed` gives the demo varied
 * progress: one subject finished, some partial, some not started.
 */
export const EJA_STAGES: readonly EjaStageSeed[] = [
  {
    stage: 'Ensino Fundamental — anos finais',
    course: 'EJA: Ensino Fundamental — anos finais',
    description: 'Educação de Jovens e Adultos: as disciplinas dos anos finais do Ensino Fundamental.',
    subjects: [
      { name: 'Língua Portuguesa', topic: 'Leitura e interpretação de textos', completed: 4 },
      { name: 'Matemática', topic: 'Frações e porcentagem', completed: 2 },
      { name: 'Ciências', topic: 'Corpo humano e saúde', completed: 1 },
      { name: 'História e Geografia', topic: 'O território brasileiro e sua formação', completed: 0 },
    ],
  },
  {
    stage: 'Ensino Médio',
    course: 'EJA: Ensino Médio',
    description: 'Educação de Jovens e Adultos: as áreas do conhecimento do Ensino Médio.',
    subjects: [
      { name: 'Linguagens', topic: 'Gêneros textuais e argumentação', completed: 3 },
      { name: 'Matemática', topic: 'Funções e gráficos', completed: 0 },
      { name: 'Ciências da Natureza', topic: 'Energia e suas transformações', completed: 0 },
      { name: 'Ciências Humanas', topic: 'Cidadania e direitos', completed: 0 },
    ],
  },
];

/** Position of the EJA courses in the brand's list: after the catalogue (1–6), before escola's (900). */
const COURSE_POSITION = 800;

type LoSeed = { name: string; type: string; url?: string; html?: string; duration?: number };

/** The learning objects of a subject's lesson, in order (`EJA_OBJECTS_PER_SUBJECT` of them). */
function subjectObjects(subject: EjaSubjectSeed): LoSeed[] {
  const { name, topic } = subject;
  const text =
    `<h2>${topic}</h2>` +
    `<p>${name}: ${topic.toLowerCase()}. Leia com calma, no seu ritmo: cada parte retoma o que você já viu na escola e no dia a dia.</p>` +
    '<p>Anote as dúvidas, releia os pontos principais e faça pausas curtas. Quando terminar a leitura, o conteúdo é marcado como concluído.</p>';
  return [
    { name: `Leitura: ${topic}`, type: 'text', html: text },
    { name: `Vídeo: ${topic}`, type: 'video', url: `${MEDIA}/aula.webm`, duration: 3 },
    { name: `Apostila em PDF: ${topic}`, type: 'pdf', url: `${MEDIA}/apostila.pdf` },
    { name: `Podcast: ${topic}`, type: 'audio', url: `${MEDIA}/podcast.ogg`, duration: 3 },
  ];
}

/**
 * Seed step: inserts what is missing of the EJA subjects, their courses and links, and `eja`'s
 * completions (see the file header).
 * @returns true when it inserted or linked anything.
 */
export async function seedEja(db: Db): Promise<boolean> {
  let changed = 0;
  for (const { stage, subjects } of EJA_STAGES) {
    for (const [index, { name }] of subjects.entries()) {
      changed += (
        await db.rows(sql`
          INSERT INTO eja_subjects (stage, name, position) VALUES (${stage}, ${name}, ${index + 1})
          ON CONFLICT (stage, name) DO NOTHING RETURNING id`)
      ).length;
    }
  }
  const [student] = await db.rows<{ id: number; platform_id: number }>(sql`
    SELECT id, platform_id FROM users WHERE access_code = ${EJA_STUDENT}`);
  if (!student) return changed > 0;
  const uid = student.id;

  for (const [stageIndex, { stage, course: courseName, description, subjects }] of EJA_STAGES.entries()) {
    const course = await findOrInsert(
      db,
      sql`SELECT id FROM courses WHERE audience_user_id = ${uid} AND name = ${courseName}`,
      sql`INSERT INTO courses (platform_id, name, description, position, audience_user_id)
        VALUES (${student.platform_id}, ${courseName}, ${description}, ${COURSE_POSITION + stageIndex + 1}, ${uid})
        RETURNING id`,
    );
    changed += course.inserted;
    for (const [index, subject] of subjects.entries()) {
      const module = await findOrInsert(
        db,
        sql`SELECT id FROM modules WHERE course_id = ${course.id} AND name = ${subject.name}`,
        sql`INSERT INTO modules (course_id, name, position) VALUES (${course.id}, ${subject.name}, ${index + 1}) RETURNING id`,
      );
      const lesson = await findOrInsert(
        db,
        sql`SELECT id FROM lessons WHERE module_id = ${module.id} AND position = 1`,
        sql`INSERT INTO lessons (module_id, name, position) VALUES (${module.id}, ${subject.topic}, 1) RETURNING id`,
      );
      changed += module.inserted + lesson.inserted;
      const objects = subjectObjects(subject);
      for (const [position, lo] of objects.entries()) {
        changed += (
          await db.rows(sql`
            INSERT INTO learning_objects (lesson_id, name, type, position, url, html, duration_seconds)
            SELECT ${lesson.id}, ${lo.name}, ${lo.type}, ${position + 1}, ${lo.url ?? null}, ${lo.html ?? null}, ${lo.duration ?? null}
            WHERE NOT EXISTS (SELECT 1 FROM learning_objects WHERE lesson_id = ${lesson.id} AND name = ${lo.name})
            RETURNING id`)
        ).length;
      }
      changed += (
        await db.rows(sql`
          UPDATE eja_subjects SET course_id = ${course.id}, module_id = ${module.id}
          WHERE stage = ${stage} AND name = ${subject.name} AND course_id IS NULL
          RETURNING id`)
      ).length;
      if (course.inserted && subject.completed > 0) {
        const done = objects.slice(0, subject.completed).map((lo) => lo.name);
        await db.rows(sql`
          INSERT INTO learning_object_progress (user_id, learning_object_id, started_at, completed_at)
          SELECT ${uid}, lo.id, now() - interval '2 days', now() - interval '2 days'
          FROM learning_objects lo
          WHERE lo.lesson_id = ${lesson.id} AND lo.name IN (${sql.join(
            done.map((name) => sql`${name}`),
            sql`, `,
          )})
          ON CONFLICT DO NOTHING`);
      }
    }
  }
  return changed > 0;
}
