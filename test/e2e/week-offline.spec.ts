/**
 * A week offline, in real Chromium against its own reference server (its own
 * database: the 1 000 writes touch no other spec's data): the heavy student `maratona` has
 * 1 000 progress writes waiting in the outbox — start/end of 200 learning objects of the big
 * course, five writes each (start, end, start, end, start), made over the last seven days while
 * offline — and then comes back online. Every write must reach the server exactly once (the
 * reference server's audit of applied writes, by Idempotency-Key), the outbox status shows the
 * count going down and ends empty, a reload in the middle of the replay loses and duplicates
 * nothing; the replay time and the longest task during it are measured and printed.
 *
 * How the writes are queued: the app exposes no test hook and this test adds none to
 * production. The writes are stored, while offline, in the app's own IndexedDB outbox
 * (`lms-outbox` / `writes`) in exactly the shape `services/storage/outbox-store.ts` stores
 * (`{ id, userId, write: { kind, learningObjectId, lessonId, data? }, clientTime, status }`,
 * key generator order = write order), i.e. what `record()` would have stored; from there on,
 * everything is the app's: the outbox loads them when the page opens for the student and its
 * actor delivers them one by one (`Idempotency-Key`, `X-Client-Timestamp`), removing each
 * only after a 2xx.
 */
import { expect, test } from './support/fixtures';
import { outboxText } from './support/progress';
import { startReferenceServer } from './support/server';

const WRITES_PER_OBJECT = 5; // start, end, start, end, start
const OBJECTS = 200;
const TOTAL = OBJECTS * WRITES_PER_OBJECT;

interface ModuleAnswer {
  data: { lessons: { id: number; learning_objects: { id: number; type: string }[] }[] };
}
interface ProgressEvent {
  learning_object_id: number;
  kind: 'start' | 'end';
  idempotency_key: string | null;
}

test('a week offline: 1 000 progress writes reach the server exactly once, a reload mid-replay included', async ({
  page,
  context,
  signIn,
}) => {
  test.setTimeout(150_000);
  const server = await startReferenceServer();
  try {
    const api = async <T>(path: string, token: string): Promise<T> => {
      const answer = await fetch(`${server.base}${path}`, {
        headers: { 'x-access-token': token, 'x-user-environment': 'WEB' },
      });
      expect(answer.status, path).toBe(200);
      return (await answer.json()) as T;
    };
    const events = (token: string) =>
      api<{ data: ProgressEvent[] }>('/api/v1/lms/progress/events', token).then((a) => a.data);

    // Long tasks of every page load of this test, kept across the reload.
    await context.addInitScript(() => {
      const w = window as unknown as { __longTasks: number[] };
      w.__longTasks = [];
      try {
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) w.__longTasks.push(Math.round(entry.duration));
        }).observe({ type: 'longtask', buffered: true });
      } catch {
        // no longtask support: nothing measured
      }
    });
    const longTasks = () => page.evaluate(() => (window as unknown as { __longTasks: number[] }).__longTasks);

    await page.goto(`${server.base}/login`);
    await signIn(page, 'maratona', 'demo1234');
    await expect(page).toHaveURL(/\/home$/);
    const token = (await context.cookies()).find((c) => c.name === 'token')?.value ?? '';
    expect(token).not.toBe('');
    const self = await api<{ data: { id: number } }>('/api/v1/users/self', token);

    // 200 learning objects of the big course that are not quizzes (a quiz's end needs answers),
    // from modules 5 to 8 (never started in the seed).
    const courses = await api<{ data: { id: number }[] }>(
      `/api/v2/lms/courses?search=${encodeURIComponent('Formação Completa')}`,
      token,
    );
    const course = await api<{ data: { modules: { id: number }[] } }>(
      `/api/v1/lms/courses/${courses.data[0]!.id}`,
      token,
    );
    const objects: { id: number; lessonId: number }[] = [];
    for (const module of course.data.modules.slice(4, 8)) {
      const answer = await api<ModuleAnswer>(`/api/v1/lms/modules/${module.id}`, token);
      for (const lesson of answer.data.lessons)
        for (const lo of lesson.learning_objects)
          if (lo.type !== 'quiz') objects.push({ id: lo.id, lessonId: lesson.id });
    }
    expect(objects.length).toBeGreaterThanOrEqual(OBJECTS);
    const chosen = objects.slice(0, OBJECTS);
    expect(await events(token)).toEqual([]);

    // Offline for a week: the writes pile up in the app's outbox (see the header comment).
    await page.getByRole('navigation', { name: 'Navegação principal' }).getByRole('link', { name: 'Cursos' }).click();
    await expect(page).toHaveURL(/\/courses/);
    await expect(page.locator('.card-title a').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    await context.setOffline(true);
    const ids = await page.evaluate(
      async ({ userId, chosen, perObject }) => {
        const db = await new Promise<IDBDatabase>((resolve, reject) => {
          // The store at the version the app made it, or its first version when the app has not yet
          // opened it (the app then upgrades it, keeping these writes).
          const open = indexedDB.open('lms-outbox');
          open.onupgradeneeded = () => {
            const store = open.result.createObjectStore('writes', { keyPath: 'seq', autoIncrement: true });
            store.createIndex('by-id', 'id', { unique: true });
            store.createIndex('by-user', 'userId');
          };
          open.onsuccess = () => resolve(open.result);
          open.onerror = () => reject(open.error);
        });
        const weekAgo = Date.now() - 7 * 24 * 3600_000;
        const total = chosen.length * perObject;
        const written: string[] = [];
        const tx = db.transaction('writes', 'readwrite');
        let n = 0;
        for (let round = 0; round < perObject; round++) {
          for (const lo of chosen) {
            const id = crypto.randomUUID();
            const clientTime = new Date(weekAgo + Math.floor((n * 6.9 * 24 * 3600_000) / total)).toISOString();
            const write =
              round % 2 === 0
                ? { kind: 'learningObject.start', learningObjectId: lo.id, lessonId: lo.lessonId }
                : { kind: 'learningObject.end', learningObjectId: lo.id, lessonId: lo.lessonId, data: {} };
            tx.objectStore('writes').add({ id, userId, write, clientTime, status: 'pending' });
            written.push(id);
            n++;
          }
        }
        await new Promise<void>((resolve, reject) => {
          tx.oncomplete = () => resolve();
          tx.onerror = () => reject(tx.error);
        });
        db.close();
        return written;
      },
      { userId: self.data.id, chosen, perObject: WRITES_PER_OBJECT },
    );
    expect(new Set(ids).size).toBe(TOTAL);

    // Back on the network, but progress writes still cannot get through: the page (re)opens and
    // its outbox finds the 1 000 writes waiting.
    await page.route('**/api/v1/lms/learningObjects/**', (route) =>
      route.request().method() === 'PUT' ? route.abort('internetdisconnected') : route.continue(),
    );
    await context.setOffline(false);
    await page.reload();
    // pt-BR groups thousands: '1.000 registros de progresso pendentes…'.
    await expect(outboxText(page)).toContainText(/1\.?000 registros de progresso pendentes/, { timeout: 15_000 });
    await expect(page.getByRole('button', { name: 'Sincronizar agora' })).toBeVisible();
    expect(await events(token)).toEqual([]);

    // Really online: 'Sincronizar agora' starts the replay — unless the outbox's own retry (its
    // backoff has been running since the writes failed) gets there first: then the replay is under
    // way, the button is gone, and a click would wait for it until the test's end.
    await page.unroute('**/api/v1/lms/learningObjects/**');
    const tasksBefore = (await longTasks()).length;
    const started = Date.now();
    const syncNow = page.getByRole('button', { name: 'Sincronizar agora' });
    await syncNow.click({ timeout: 5_000 }).catch(async () => {
      await expect(syncNow).toHaveCount(0);
    });

    // The status shows progress: the count goes down.
    const counts: number[] = [];
    const countNow = async () => {
      const text = (await outboxText(page).textContent()) ?? '';
      const match = /(\d[\d.]*) registros? de progresso/.exec(text);
      return match ? Number(match[1]!.replace(/\./g, '')) : 0;
    };
    while ((await events(token)).length < TOTAL * 0.3) {
      counts.push(await countNow());
      await page.waitForTimeout(500);
    }
    const tasksFirstHalf = (await longTasks()).slice(tasksBefore);

    // A reload in the middle of the replay.
    const atReload = (await events(token)).length;
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const tasksAfterReloadStart = (await longTasks()).length;
    await expect
      .poll(
        async () => {
          counts.push(await countNow());
          return (await events(token)).length;
        },
        { timeout: 90_000, intervals: [500] },
      )
      .toBeGreaterThanOrEqual(TOTAL);
    const replayMs = Date.now() - started;
    await expect(outboxText(page)).toHaveText('', { timeout: 15_000 });
    await expect(page.getByRole('button', { name: 'Sincronizar agora' })).toHaveCount(0);
    const tasksSecondHalf = (await longTasks()).slice(tasksAfterReloadStart);

    // Exactly once: every client event id once, nothing else, per object start/end/start/end/start.
    const applied = await events(token);
    expect(applied).toHaveLength(TOTAL);
    const keys = applied.map((e) => e.idempotency_key);
    expect(new Set(keys).size).toBe(TOTAL);
    expect(new Set(keys)).toEqual(new Set(ids));
    const perObject = new Map<number, string[]>();
    for (const e of applied)
      perObject.set(e.learning_object_id, [...(perObject.get(e.learning_object_id) ?? []), e.kind]);
    expect(perObject.size).toBe(OBJECTS);
    for (const kinds of perObject.values()) expect(kinds).toEqual(['start', 'end', 'start', 'end', 'start']);
    expect(
      await page.evaluate(async () => {
        const db = await new Promise<IDBDatabase>((resolve) => {
          const open = indexedDB.open('lms-outbox');
          open.onsuccess = () => resolve(open.result);
        });
        const n = await new Promise<number>((resolve) => {
          const req = db.transaction('writes').objectStore('writes').count();
          req.onsuccess = () => resolve(req.result);
        });
        db.close();
        return n;
      }),
    ).toBe(0);

    // The count went down as writes were sent (status UI progress).
    const shown = counts.filter((n) => n > 0);
    expect(shown.length).toBeGreaterThan(2);
    expect(Math.min(...shown)).toBeLessThan(Math.max(...shown));

    const tasks = [...tasksFirstHalf, ...tasksSecondHalf];
    const maxTask = tasks.length ? Math.max(...tasks) : 0;
    console.log(
      `week offline: ${TOTAL} writes replayed in ${(replayMs / 1000).toFixed(1)} s ` +
        `(reload after ${atReload} applied); long tasks during the replay: ${tasks.length}, ` +
        `max ${maxTask} ms, over 200 ms: ${tasks.filter((t) => t > 200).length}`,
    );
    test
      .info()
      .annotations.push(
        { type: 'replay-ms', description: String(replayMs) },
        { type: 'max-long-task-ms', description: String(maxTask) },
      );
    expect(replayMs, 'replay of the 1 000 writes (issue 17: ≤ 60 s)').toBeLessThanOrEqual(60_000);
    expect(maxTask, 'longest task during the replay (issue 17: none over 200 ms)').toBeLessThanOrEqual(200);
  } finally {
    await server.dispose();
  }
});
