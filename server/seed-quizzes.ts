/**
 * Demo quizzes (a simple quiz whose answers travel in the `end` body `data`, docs/product.md §7):
 * one multiple-choice quiz at the end of the second lesson of every module. Idempotent: a
 * lesson that already has a quiz gets none (a seed step of `seed-additions.ts`).
 */
import { sql } from 'drizzle-orm';
import type { Db } from './db/client';

/** A stored quiz question: the contract's `QuizQuestion` plus its right option id. */
export interface StoredQuizQuestion {
  id: string;
  text: string;
  options: { id: string; text: string }[];
  answer: string;
}

/**
 * A stored quiz: its questions (with the right answers), the right answers needed to pass
 * (`pass_score`, default 60 % of the questions rounded up), the attempts allowed
 * (`max_attempts`, absent = unlimited) and whether the student is shown the right answers once
 * no attempt is left (`show_correct_answer`, absent = true; false for a quiz whose questions are
 * reused, e.g. in a question bank).
 */
export interface StoredQuiz {
  questions: StoredQuizQuestion[];
  pass_score?: number;
  max_attempts?: number;
  show_correct_answer?: boolean;
}

/** The demo quiz, about studying well (the same in every module): 2 of 3 to pass, 3 attempts. */
export const DEMO_QUIZ: StoredQuiz = {
  pass_score: 2,
  max_attempts: 3,
  questions: [
    {
      id: 'q1',
      text: 'Qual é a melhor forma de fixar o conteúdo?',
      options: [
        { id: 'a', text: 'Estudar tudo de uma vez na véspera' },
        { id: 'b', text: 'Estudar um pouco por dia e revisar' },
        { id: 'c', text: 'Apenas assistir aos vídeos sem anotar' },
      ],
      answer: 'b',
    },
    {
      id: 'q2',
      text: 'O que fazer quando surge uma dúvida durante a leitura?',
      options: [
        { id: 'a', text: 'Anotar a dúvida e pesquisar depois' },
        { id: 'b', text: 'Ignorar e seguir em frente' },
      ],
      answer: 'a',
    },
    {
      id: 'q3',
      text: 'Pausas curtas durante o estudo…',
      options: [
        { id: 'a', text: 'atrapalham a concentração' },
        { id: 'b', text: 'ajudam a descansar e a manter o foco' },
        { id: 'c', text: 'só servem para quem estuda à noite' },
      ],
      answer: 'b',
    },
  ],
};

/** Adds the demo quiz to every second lesson that has none. @returns true when it added any. */
export async function seedQuizzes(db: Db): Promise<boolean> {
  const lessons = await db.rows<{ id: number; module_name: string; next_position: number }>(sql`
    SELECT l.id, m.name AS module_name, COALESCE(MAX(lo.position), 0) + 1 AS next_position
    FROM lessons l
    JOIN modules m ON m.id = l.module_id
    LEFT JOIN learning_objects lo ON lo.lesson_id = l.id
    WHERE l.position = 2
      AND NOT EXISTS (SELECT 1 FROM learning_objects q WHERE q.lesson_id = l.id AND q.type = 'quiz')
    GROUP BY l.id, m.name
    ORDER BY l.id`);
  for (const lesson of lessons) {
    await db.rows(sql`
      INSERT INTO learning_objects (lesson_id, name, type, position, quiz)
      VALUES (${lesson.id}, ${`Questionário: ${lesson.module_name}`}, 'quiz', ${lesson.next_position},
        ${JSON.stringify(DEMO_QUIZ)}::jsonb)`);
  }
  return lessons.length > 0;
}
