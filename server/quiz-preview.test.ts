/**
 * Quiz learning objects (answers in the `end` body's data, graded by the server) and the
 * public preview of a learning object (docs/product.md §2 `/lo/preview/{learningObject}`): content
 * without login, nothing recorded.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { sql } from 'drizzle-orm';
import {
  ErrorBody,
  LearningObjectProgressResponse,
  LearningObjectResponse,
  ModuleResponse,
  CourseResponse,
} from '../src/services/contract';
import { useTestServer, type ApiInit } from './test-support/harness';
import { seedAdditions } from './seed-additions';

const server = useTestServer();
let token: string;

const api = (path: string, init: ApiInit = {}) =>
  server.api(path, { ...init, token: init.token === undefined ? token : init.token });

beforeAll(async () => {
  token = await server.tokenOf('lxp');
});

/** The quiz of the first module of course 1, with its lesson id. */
async function firstQuiz() {
  const course = v.parse(CourseResponse, await (await api('/api/v1/lms/courses/1')).json()).data;
  const module = v.parse(ModuleResponse, await (await api(`/api/v1/lms/modules/${course.modules[0]!.id}`)).json()).data;
  const lesson = module.lessons.find((l) => l.learning_objects.some((lo) => lo.type === 'quiz'))!;
  const quiz = lesson.learning_objects.find((lo) => lo.type === 'quiz')!;
  return { id: quiz.id, lessonId: lesson.id };
}

describe('quiz learning objects', () => {
  it('are seeded once, in the second lesson of every module, even when the seed runs again', async () => {
    expect(await seedAdditions(server.db)).toBe(0);
    const course = v.parse(CourseResponse, await (await api('/api/v1/lms/courses/1')).json()).data;
    for (const summary of course.modules) {
      const module = v.parse(ModuleResponse, await (await api(`/api/v1/lms/modules/${summary.id}`)).json()).data;
      const quizzes = module.lessons.flatMap((l) => l.learning_objects.filter((lo) => lo.type === 'quiz'));
      expect(quizzes).toHaveLength(1);
      expect(module.lessons[1]!.learning_objects.at(-1)!.type).toBe('quiz');
    }
  });

  it('send their questions without the right answers', async () => {
    const { id, lessonId } = await firstQuiz();
    const body = await (await api(`/api/v1/lms/learningObjects/${id}?lesson_id=${lessonId}`)).json();
    const lo = v.parse(LearningObjectResponse, body).data;
    expect(lo.content.quiz?.questions.length).toBe(3);
    expect(lo.content.quiz?.questions[0]!.options.length).toBeGreaterThanOrEqual(2);
    expect(JSON.stringify(body)).not.toContain('"answer"');
    expect(lo.quiz_result).toBeNull();
  });

  it('refuse an end without an answer to every question, and grade a complete one', async () => {
    const { id, lessonId } = await firstQuiz();
    const end = (data: unknown, key: string) =>
      api(`/api/v1/lms/learningObjects/${id}/end`, {
        method: 'PUT',
        headers: { 'Idempotency-Key': key },
        body: JSON.stringify({ lesson_id: lessonId, data }),
      });
    const missing = await end({ answers: { q1: 'b' } }, 'quiz-1');
    expect(missing.status).toBe(400);
    expect(v.parse(ErrorBody, await missing.json()).message).toMatch(/q2/);
    const unknown = await end({ answers: { q1: 'b', q2: 'z', q3: 'b' } }, 'quiz-2');
    expect(unknown.status).toBe(400);
    const none = await end({}, 'quiz-3');
    expect(none.status).toBe(400);

    const ok = await end({ answers: { q1: 'b', q2: 'b', q3: 'b' } }, 'quiz-4');
    expect(ok.status).toBe(200);
    expect(v.parse(LearningObjectProgressResponse, await ok.json()).data.status).toBe('completed');
    const lo = v.parse(
      LearningObjectResponse,
      await (await api(`/api/v1/lms/learningObjects/${id}?lesson_id=${lessonId}`)).json(),
    ).data;
    expect(lo.quiz_result).toEqual({
      correct: 2,
      total: 3,
      answers: { q1: 'b', q2: 'b', q3: 'b' },
      questions: { q1: true, q2: false, q3: true },
      pass_score: 2,
      passed: true,
      attempts: 1,
      max_attempts: 3,
      can_retry: false,
      // Passed: no attempt left, so the right answers come with the grade.
      correct_answers: { q1: 'b', q2: 'a', q3: 'b' },
    });
  });

  it('grade each attempt: a failed one stays started with feedback; completed when passed or attempts are over', async () => {
    const course = v.parse(CourseResponse, await (await api('/api/v1/lms/courses/1')).json()).data;
    const quizOf = async (moduleIndex: number) => {
      const module = v.parse(
        ModuleResponse,
        await (await api(`/api/v1/lms/modules/${course.modules[moduleIndex]!.id}`)).json(),
      ).data;
      const lesson = module.lessons.find((l) => l.learning_objects.some((lo) => lo.type === 'quiz'))!;
      return { id: lesson.learning_objects.find((lo) => lo.type === 'quiz')!.id, lessonId: lesson.id };
    };
    const end = async (quiz: { id: number; lessonId: number }, answers: Record<string, string>, key: string) => {
      const answer = await api(`/api/v1/lms/learningObjects/${quiz.id}/end`, {
        method: 'PUT',
        headers: { 'Idempotency-Key': key },
        body: JSON.stringify({ lesson_id: quiz.lessonId, data: { answers } }),
      });
      expect(answer.status).toBe(200);
      return v.parse(LearningObjectProgressResponse, await answer.json()).data;
    };
    const read = async (quiz: { id: number; lessonId: number }) =>
      v.parse(
        LearningObjectResponse,
        await (await api(`/api/v1/lms/learningObjects/${quiz.id}?lesson_id=${quiz.lessonId}`)).json(),
      ).data;
    const wrong = { q1: 'a', q2: 'b', q3: 'b' }; // 1 of 3
    const right = { q1: 'b', q2: 'a', q3: 'b' };

    // Second module: fail, fail (its resend counts once), then pass.
    const second = await quizOf(1);
    const first = await end(second, wrong, 'att-1');
    expect(first.status).toBe('started');
    expect(first.quiz_result).toMatchObject({ correct: 1, passed: false, attempts: 1, can_retry: true });
    expect(first.quiz_result!.questions).toEqual({ q1: false, q2: false, q3: true });
    expect((await read(second)).quiz_result).toMatchObject({ correct: 1, attempts: 1, can_retry: true });
    expect((await read(second)).status).toBe('started');
    await end(second, wrong, 'att-2');
    await end(second, wrong, 'att-2');
    expect((await read(second)).quiz_result).toMatchObject({ attempts: 2, can_retry: true });
    const passed = await end(second, right, 'att-3');
    expect(passed.status).toBe('completed');
    expect(passed.quiz_result).toMatchObject({ correct: 3, passed: true, attempts: 3, can_retry: false });
    // Completed: a late attempt changes nothing.
    const late = await end(second, wrong, 'att-4');
    expect(late).toMatchObject({ status: 'completed', quiz_result: { correct: 3, passed: true, attempts: 3 } });

    // Third module: three failed attempts close it, not passed.
    const third = await quizOf(2);
    for (const key of ['fail-1', 'fail-2']) expect((await end(third, wrong, key)).status).toBe('started');
    const last = await end(third, wrong, 'fail-3');
    expect(last.status).toBe('completed');
    expect(last.quiz_result).toMatchObject({ passed: false, attempts: 3, max_attempts: 3, can_retry: false });

    // Resetting the lesson forgets the attempts.
    await api(`/api/v1/lms/lessons/${third.lessonId}/reset`, { method: 'PUT' });
    const afterReset = await read(third);
    expect(afterReset.quiz_result).toBeNull();
    expect((await end(third, wrong, 'fail-4')).quiz_result).toMatchObject({ attempts: 1, can_retry: true });
  });

  it('show the right answers once no attempt is left, unless the quiz keeps them secret', async () => {
    const course = v.parse(CourseResponse, await (await api('/api/v1/lms/courses/1')).json()).data;
    const quizOf = async (moduleIndex: number) => {
      const module = v.parse(
        ModuleResponse,
        await (await api(`/api/v1/lms/modules/${course.modules[moduleIndex]!.id}`)).json(),
      ).data;
      const lesson = module.lessons.find((l) => l.learning_objects.some((lo) => lo.type === 'quiz'))!;
      return { id: lesson.learning_objects.find((lo) => lo.type === 'quiz')!.id, lessonId: lesson.id };
    };
    const end = async (quiz: { id: number; lessonId: number }, key: string) => {
      const answer = await api(`/api/v1/lms/learningObjects/${quiz.id}/end`, {
        method: 'PUT',
        headers: { 'Idempotency-Key': key },
        body: JSON.stringify({ lesson_id: quiz.lessonId, data: { answers: { q1: 'a', q2: 'b', q3: 'b' } } }),
      });
      return v.parse(LearningObjectProgressResponse, await answer.json()).data.quiz_result!;
    };
    const read = async (quiz: { id: number; lessonId: number }) =>
      v.parse(
        LearningObjectResponse,
        await (await api(`/api/v1/lms/learningObjects/${quiz.id}?lesson_id=${quiz.lessonId}`)).json(),
      ).data.quiz_result!;
    const rightAnswers = { q1: 'b', q2: 'a', q3: 'b' };

    // A failed attempt with attempts left: the answers stay hidden.
    const shown = await quizOf(0);
    await api(`/api/v1/lms/lessons/${shown.lessonId}/reset`, { method: 'PUT' });
    expect((await end(shown, 'show-1')).correct_answers).toBeNull();
    expect((await end(shown, 'show-2')).correct_answers).toBeNull();
    // The last attempt: the right option of every question, in the answer and on a later read.
    expect((await end(shown, 'show-3')).correct_answers).toEqual(rightAnswers);
    expect((await read(shown)).correct_answers).toEqual(rightAnswers);

    // A quiz stored with show_correct_answer: false never shows them.
    const secret = await quizOf(1);
    await api(`/api/v1/lms/lessons/${secret.lessonId}/reset`, { method: 'PUT' });
    await server.db.rows(
      sql`UPDATE learning_objects SET quiz = quiz || '{"show_correct_answer": false}'::jsonb WHERE id = ${secret.id}`,
    );
    for (const key of ['secret-1', 'secret-2']) await end(secret, key);
    const last = await end(secret, 'secret-3');
    expect(last).toMatchObject({ can_retry: false, correct_answers: null });
    expect((await read(secret)).correct_answers).toBeNull();
  });
});

describe('public preview', () => {
  it('answers the content without a session, with no progress, and records nothing', async () => {
    const { id } = await firstQuiz();
    const answer = await api(`/api/v1/lms/learningObjects/${id}`, { token: null });
    expect(answer.status).toBe(200);
    const lo = v.parse(LearningObjectResponse, await answer.json()).data;
    // This student completed the quiz above: the preview still shows no progress.
    expect(lo).toMatchObject({ id, status: 'not_started', completed_at: null, previous: null, next: null });
    expect(lo.quiz_result).toBeNull();
    expect(lo.content.quiz?.questions.length).toBe(3);
  });

  it('keeps the student read behind a session; unknown or other-brand objects 404, a bad id 400', async () => {
    const { id, lessonId } = await firstQuiz();
    expect((await api(`/api/v1/lms/learningObjects/${id}?lesson_id=${lessonId}`, { token: null })).status).toBe(401);
    expect((await api('/api/v1/lms/learningObjects/999999', { token: null })).status).toBe(404);
    // Course 5 belongs to brand 2 (127.0.0.1): its objects are not previewable on localhost.
    const other = await server.db.rows<{ id: number }>(sql`
      SELECT lo.id FROM learning_objects lo JOIN lessons l ON l.id = lo.lesson_id
      JOIN modules m ON m.id = l.module_id JOIN courses c ON c.id = m.course_id
      WHERE c.platform_id = 2 LIMIT 1`);
    expect((await api(`/api/v1/lms/learningObjects/${other[0]!.id}`, { token: null })).status).toBe(404);
    expect((await api('/api/v1/lms/learningObjects/abc', { token: null })).status).toBe(400);
  });
});
