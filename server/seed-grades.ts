/**
 * Demo grades (docs/product.md §2 /grades, §7 `GET /lms/student/grades`, `…/{id}/details`), a seed step
 * of `seed-additions.ts`: every demo course gets a passing grade (Empreendedorismo has none)
 * and 2–3 weighted assessments (weights in percent, adding up to 100); the demo students get a
 * mix of courses approved, in progress (some assessments still ungraded) and failed:
 *
 * | student   | approved                         | in progress                                         | failed                  |
 * | --------- | -------------------------------- | --------------------------------------------------- | ----------------------- |
 * | `demo`    | Matemática Financeira (8,45)     | Informática (needs 5,3), Comunicação (reached), Empreendedorismo (no grade yet) | —  |
 * | `aprovat` | Informática (8,1)                | Matemática Financeira (needs 7,4), Empreendedorismo (no passing grade)          | Comunicação (3,8) |
 * | `lxp`     | Comunicação (7,4), Empreendedorismo (6,5) | Matemática Financeira (unreachable)        | Informática (4,7)       |
 * | `eja`     | Matemática Financeira (7,0), Empreendedorismo (8,0) | Informática (needs 6,0)          | Comunicação (4,0)       |
 * | `stream`  | Fotografia com o Celular (8,5)   | Inglês Básico (needs 5,7)                           | —                       |
 *
 * `novo` has no grade at all. Idempotent: one passing grade per course, one assessment name per
 * course, one grade per (assessment, student), all inserted with ON CONFLICT DO NOTHING.
 */
import { sql } from 'drizzle-orm';
import type { Db } from './db/client';

interface CourseGrading {
  course: string;
  passing: number | null;
  /** Name and weight (percent) of each assessment, in order. */
  assessments: [string, number][];
}

/** Demo courses (by name) and their assessments. */
export const GRADING: readonly CourseGrading[] = [
  {
    course: 'Introdução à Informática',
    passing: 6,
    assessments: [
      ['Prova 1', 30],
      ['Trabalho prático', 30],
      ['Prova final', 40],
    ],
  },
  {
    course: 'Matemática Financeira',
    passing: 7,
    assessments: [
      ['Lista de exercícios', 20],
      ['Prova 1', 30],
      ['Prova 2', 50],
    ],
  },
  {
    course: 'Comunicação e Expressão',
    passing: 6,
    assessments: [
      ['Redação', 40],
      ['Seminário', 20],
      ['Prova escrita', 40],
    ],
  },
  {
    course: 'Empreendedorismo',
    passing: null,
    assessments: [
      ['Plano de negócios', 50],
      ['Apresentação final', 50],
    ],
  },
  {
    course: 'Fotografia com o Celular',
    passing: 6,
    assessments: [
      ['Ensaio 1', 50],
      ['Ensaio final', 50],
    ],
  },
  {
    course: 'Inglês Básico',
    passing: 5,
    assessments: [
      ['Quiz de vocabulário', 40],
      ['Conversação', 60],
    ],
  },
];

/** Each student's grades per course name, one per assessment in order; null = not graded yet. */
export const DEMO_GRADES: Readonly<Record<string, Readonly<Record<string, readonly (number | null)[]>>>> = {
  demo: {
    'Introdução à Informática': [7, 6, null],
    'Matemática Financeira': [9, 8, 8.5],
    'Comunicação e Expressão': [10, 10, null],
  },
  aprovat: {
    'Introdução à Informática': [8, 7, 9],
    'Matemática Financeira': [6, 7, null],
    'Comunicação e Expressão': [4, 5, 3],
    Empreendedorismo: [9, null],
  },
  lxp: {
    'Introdução à Informática': [5, 4, 5],
    'Matemática Financeira': [2, 1, null],
    'Comunicação e Expressão': [7, 8, 7.5],
    Empreendedorismo: [6, 7],
  },
  eja: {
    'Introdução à Informática': [6, null, null],
    'Matemática Financeira': [7, 7, 7],
    'Comunicação e Expressão': [3, 4, 5],
    Empreendedorismo: [8, 8],
  },
  stream: {
    'Fotografia com o Celular': [8, 9],
    'Inglês Básico': [4, null],
  },
};

/** Demo dates: assessment n of every course is held 2026-03-02 + 21·n days, graded 4 days later. */
const heldAt = (position: number) => new Date(Date.UTC(2026, 2, 2 + 21 * (position - 1), 13)).toISOString();
const gradedAt = (position: number) => new Date(Date.UTC(2026, 2, 6 + 21 * (position - 1), 13)).toISOString();

/** Seeds the demo grading and grades that are missing. @returns true when it inserted something. */
export async function seedGrades(db: Db): Promise<boolean> {
  let inserted = 0;
  for (const grading of GRADING) {
    const courses = await db.rows<{ id: number }>(sql`SELECT id FROM courses WHERE name = ${grading.course}`);
    for (const course of courses) {
      inserted += (
        await db.rows(sql`
          INSERT INTO course_grading (course_id, passing_grade) VALUES (${course.id}, ${grading.passing})
          ON CONFLICT DO NOTHING RETURNING course_id`)
      ).length;
      for (const [index, [name, weight]] of grading.assessments.entries()) {
        inserted += (
          await db.rows(sql`
            INSERT INTO assessments (course_id, name, weight, position, held_at)
            VALUES (${course.id}, ${name}, ${weight}, ${index + 1}, ${heldAt(index + 1)})
            ON CONFLICT DO NOTHING RETURNING id`)
        ).length;
      }
    }
  }
  for (const [accessCode, byCourse] of Object.entries(DEMO_GRADES)) {
    const [user] = await db.rows<{ id: number; platform_id: number }>(sql`
      SELECT id, platform_id FROM users WHERE access_code = ${accessCode}`);
    if (!user) continue;
    for (const [courseName, grades] of Object.entries(byCourse)) {
      const assessments = await db.rows<{ id: number; position: number }>(sql`
        SELECT a.id, a.position FROM assessments a JOIN courses c ON c.id = a.course_id
        WHERE c.name = ${courseName} AND c.platform_id = ${user.platform_id}
        ORDER BY a.position, a.id`);
      for (const [index, assessment] of assessments.entries()) {
        const grade = grades[index];
        if (grade === null || grade === undefined) continue;
        inserted += (
          await db.rows(sql`
            INSERT INTO assessment_grades (assessment_id, user_id, grade, graded_at)
            VALUES (${assessment.id}, ${user.id}, ${grade}, ${gradedAt(assessment.position)})
            ON CONFLICT DO NOTHING RETURNING user_id`)
        ).length;
      }
    }
  }
  return inserted > 0;
}
