/** Authenticated routes of main v1/v2: the student and the learning journey (docs/product.md §7). */
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { CourseStatus, LearningObjectEndRequest, type User } from '../../src/services/contract';
import type { Db } from '../db/client';
import { contentOriginOf } from '../content-host';
import { loadUser, parseUserUpdate, updateUser } from './profile';
import { HttpProblem, idempotent, jsonBody, parseClientTimestamp, parseId, requireStudent, type AppEnv } from '../http';
import {
  endLearningObject,
  getCourse,
  getLearningObject,
  getModule,
  listCourses,
  listProgressEvents,
  resetCourse,
  resetLesson,
  startLearningObject,
  type LoLookupError,
  type QuizAnswersError,
  type WriteMeta,
} from '../lms';

/** The User with its profile fields (`routes/profile.ts`). */
const userById = (db: Db, id: number): Promise<User> => loadUser(db, id);

const LO_PROBLEMS: Record<LoLookupError, HttpProblem> = {
  not_found: new HttpProblem(404, 'Conteúdo não encontrado.'),
  wrong_lesson: new HttpProblem(404, 'Conteúdo não encontrado nesta aula.'),
};

function orProblem<T>(value: T | LoLookupError | QuizAnswersError): T {
  if (value === 'not_found' || value === 'wrong_lesson') throw LO_PROBLEMS[value as LoLookupError];
  if (typeof value === 'object' && value !== null && 'quizAnswers' in value) {
    throw new HttpProblem(400, value.quizAnswers);
  }
  return value as T;
}

/**
 * `PUT …/end` body: the contract's, but `data` must really be an object (valibot's
 * record() would turn an array into `{ "0": … }`).
 */
const EndBody = v.object({
  ...LearningObjectEndRequest.entries,
  data: v.optional(
    v.pipe(
      v.custom<Record<string, unknown>>((x) => typeof x === 'object' && x !== null && !Array.isArray(x)),
      v.record(v.string(), v.unknown()),
    ),
    {},
  ),
});

/** Main v1 routes that need a student. */
export function studentV1Routes(db: Db): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  // Only the student's own paths: any other /api/v1 path falls through to the 404 JSON.
  app.use('/users/*', requireStudent(db));
  app.use('/lms/*', requireStudent(db));

  app.get('/users/self', async (c) => c.json({ data: await userById(db, c.var.student.id) }));

  app.put('/users/self', async (c) => {
    // Profile validation with one pt-BR sentence per broken rule (`routes/profile.ts`).
    const changes = await parseUserUpdate(c);
    // A resend with the same Idempotency-Key replays the first answer (server/http.ts).
    return idempotent(c, db, async () => ({
      status: 200,
      body: { data: await updateUser(db, c.var.student.id, changes) },
    }));
  });

  app.get('/lms/courses/:id', async (c) => {
    const course = await getCourse(db, c.var.student.id, c.var.student.platformId, parseId(c.req.param('id')));
    if (!course) throw new HttpProblem(404, 'Curso não encontrado.');
    return c.json({ data: course });
  });

  app.post('/lms/courses/:id/reset', async (c) => {
    const id = parseId(c.req.param('id'));
    return idempotent(c, db, async () => {
      if (!(await resetCourse(db, c.var.student.id, c.var.student.platformId, id))) {
        throw new HttpProblem(404, 'Curso não encontrado.');
      }
      return { status: 200, body: { data: { id, reset: true } } };
    });
  });

  app.get('/lms/modules/:id', async (c) => {
    const module = await getModule(db, c.var.student.id, c.var.student.platformId, parseId(c.req.param('id')));
    if (!module) throw new HttpProblem(404, 'Módulo não encontrado.');
    return c.json({ data: module });
  });

  app.put('/lms/lessons/:id/reset', async (c) => {
    const id = parseId(c.req.param('id'));
    return idempotent(c, db, async () => {
      if (!(await resetLesson(db, c.var.student.id, c.var.student.platformId, id))) {
        throw new HttpProblem(404, 'Aula não encontrada.');
      }
      return { status: 200, body: { data: { id, reset: true } } };
    });
  });

  app.get('/lms/learningObjects/:id', async (c) => {
    const id = parseId(c.req.param('id'));
    const lessonId = parseId(c.req.query('lesson_id'), 'lesson_id');
    const lo = orProblem(
      await getLearningObject(
        db,
        c.var.student.id,
        c.var.student.platformId,
        id,
        lessonId,
        contentOriginOf(c.req.header('host')),
      ),
    );
    return c.json({ data: lo });
  });

  app.put('/lms/learningObjects/:id/start', async (c) => {
    const id = parseId(c.req.param('id'));
    const lessonId = parseId(c.req.query('lesson_id'), 'lesson_id');
    return idempotent(c, db, async () => ({
      status: 200,
      body: {
        data: orProblem(
          await startLearningObject(db, c.var.student.id, c.var.student.platformId, id, lessonId, writeMeta(c)),
        ),
      },
    }));
  });

  app.put('/lms/learningObjects/:id/end', async (c) => {
    const id = parseId(c.req.param('id'));
    const body = await jsonBody(c, EndBody);
    return idempotent(c, db, async () => ({
      status: 200,
      body: {
        data: orProblem(
          await endLearningObject(
            db,
            c.var.student.id,
            c.var.student.platformId,
            id,
            body.lesson_id,
            body.data,
            writeMeta(c),
          ),
        ),
      },
    }));
  });

  // Reference-server audit trail: every start/end applied, with its client time.
  app.get('/lms/progress/events', async (c) => c.json({ data: await listProgressEvents(db, c.var.student.id) }));

  return app;
}

/**
 * `X-Client-Timestamp` (ISO 8601, when the write happened on the device — the outbox may
 * send it much later) and `Idempotency-Key` of a write; @throws HttpProblem 400 when the
 * timestamp is not a sane date (`parseClientTimestamp`).
 */
function writeMeta(c: Context): WriteMeta {
  return {
    clientTime: parseClientTimestamp(c.req.header('x-client-timestamp')),
    idempotencyKey: c.req.header('idempotency-key') ?? null,
  };
}

const CourseQuery = v.object({
  page: v.optional(v.pipe(v.string(), v.regex(/^[1-9]\d{0,5}$/), v.transform(Number)), '1'),
  per_page: v.optional(v.pipe(v.string(), v.regex(/^[1-9]\d{0,2}$/), v.transform(Number), v.maxValue(100)), '12'),
  search: v.optional(v.pipe(v.string(), v.maxLength(200))),
  status: v.optional(CourseStatus),
});

/** Main v2 routes that need a student. */
export function studentV2Routes(db: Db): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.use('/lms/*', requireStudent(db));
  app.get('/lms/courses', async (c) => {
    const parsed = v.safeParse(CourseQuery, c.req.query());
    if (!parsed.success)
      throw new HttpProblem(400, 'Parâmetros de consulta inválidos (page, per_page, search, status).');
    const q = parsed.output;
    const answer = await listCourses(db, c.var.student.id, c.var.student.platformId, {
      page: Number(q.page),
      perPage: Number(q.per_page),
      search: q.search,
      status: q.status,
    });
    return c.json(answer);
  });
  return app;
}
