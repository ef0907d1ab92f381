/**
 * The cross-actor generated paths in real Chromium against the fresh reference server: the plans
 * of ./app-plans.ts (xstate/graph over test/paths/app-model.ts, the oracle the Vitest replay
 * test/paths/app.paths.test.ts uses), each in a fresh browser context with the real service
 * worker, as a fresh student (`aluno<NNN>`, seeded for this run by ./global-setup.ts).
 *
 * How the browser makes each of the student's actions happen:
 * - SIGN_IN: the login form ('Código de acesso', 'Senha', 'Entrar');
 * - FINISH: the next of two learning objects of the module (a PDF, an embedded page: no media to
 *   play), 'Concluir', back to the module;
 * - SIGNAL_LOST / SIGNAL_BACK: `context.setOffline`;
 * - HOUR_PASSES: an hour and a second on Playwright's clock (`page.clock.fastForward`);
 * - REOPEN: the platform renames the student (so that a read of the user shows), an hour and a
 *   second pass on the clock — the `user` cookie's freshness — and the page is loaded again (the
 *   service worker answers it offline);
 * - SAIR: the header's 'Sair';
 * - EXPIRED_401: in the module, the module's read answered 401 (`page.route`), the page reloaded
 *   (a page load reads what it shows again: what the device kept is never taken as fresh).
 * After each step the page and the server must agree with the oracle's context: signed in (the
 * module, 'Sair', 'Olá, <name>' — the platform's name or the device's copy, the offline banner) or
 * on /login (with the module kept as `next_route` and the session-expired notice after a 401;
 * after signing in again, back in the module); every finished learning object on the server
 * exactly once (its `end` rows, `GET /lms/progress/events`), none of those made offline before the
 * platform may have them, and the outbox saying what waits. Nothing waits on wall-clock time: each
 * check waits for what the student sees.
 *
 * Plus the error-screen plan: the platform lookup answers 500, the countdown runs on the paused
 * clock, offline it stops ('Sem conexão: a contagem continua…'), back online it goes on, and at 0
 * the page reloads into the app.
 */
import { expect, test, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { createActor } from 'xstate';
import {
  BROWSER_START,
  PRODUCT,
  errorScreenModel,
  studentModel,
  type BrowserStudentEvent as StudentEvent,
  type StudentWorld,
} from '../paths/app-model';
import {
  APP_SECTION_NAME,
  ERROR_PLAN_EVENTS,
  ERROR_PLAN_ID,
  errorSituationOf,
  situationOf,
  studentPlans,
  type StudentPlan,
} from './app-plans';
import { finishLearningObject, pickObjects } from '../e2e/support/progress';
import { pauseClockSoon } from './clock';
import type { PathRecord, StepRecord } from './records';
import { ERROR_SCREEN, LAYOUT, SESSION } from './spec';

const PASSWORD = 'demo1234';
/**
 * How long a check waits for what follows the platform's answers (a read of the user, the writes
 * sent) once the signal is back: not a duration of the product (those are the Vitest paths'),
 * only room for a busy machine.
 */
const ANSWERED_MS = 15_000;
/** The learning objects finished, by their type label on the module page (no media to play). */
const OBJECT_TYPES = ['PDF', 'Página incorporada'];

/** The pt-BR sentence of each student action, for the report. */
const SAY: Record<StudentEvent['type'], string> = {
  SIGN_IN: "entra de novo pelo formulário ('Código de acesso', 'Senha', 'Entrar')",
  SAIR: "clica em 'Sair' no cabeçalho",
  SIGNAL_LOST: 'a internet cai (navegador offline)',
  SIGNAL_BACK: 'a internet volta',
  FINISH: "abre o próximo objeto de aprendizagem do módulo, clica em 'Concluir' e volta ao módulo",
  HOUR_PASSES: 'passa 1 h (relógio do Playwright)',
  REOPEN: 'a plataforma muda o nome do aluno; passa 1 h (o cookie user vence) e o app é aberto de novo',
  EXPIRED_401: 'no módulo, a página recarrega e a leitura do módulo responde 401',
};

/** A fresh student per try: `aluno<NNN>` of the load-test seed. */
function studentCode(n: number): string {
  const seeded = Number(process.env.LOAD_STUDENTS ?? '0');
  expect(n, `student ${n} of LOAD_STUDENTS=${seeded} (test/paths-e2e/global-setup.ts)`).toBeLessThanOrEqual(seeded);
  return `aluno${String(n).padStart(3, '0')}`;
}

interface Student {
  code: string;
  /** The reference server's API as this student (a token of its own, not the page's). */
  request: APIRequestContext;
  token: string;
}

async function studentOf(request: APIRequestContext, code: string): Promise<Student> {
  const answer = await request.post('/api/v1/auth/token', {
    data: { client_id: 'student-web', grant_type: 'password', username: code, password: PASSWORD, scope: 'BRA' },
  });
  expect(answer.ok(), `POST /auth/token as ${code}`).toBe(true);
  const { access_token } = (await answer.json()) as { access_token: string };
  return { code, request, token: access_token };
}

const headers = (student: Student) => ({ 'x-access-token': student.token, 'x-user-environment': 'WEB' });

/** The `end` rows of each learning object on the server (the reference server's audit trail). */
async function endsOnServer(student: Student, ids: number[]): Promise<number[]> {
  const answer = await student.request.get('/api/v1/lms/progress/events', { headers: headers(student) });
  expect(answer.status()).toBe(200);
  const events = ((await answer.json()) as { data: { learning_object_id: number; kind: string }[] }).data;
  return ids.map((id) => events.filter((e) => e.kind === 'end' && e.learning_object_id === id).length);
}

async function serverName(student: Student): Promise<string> {
  const answer = await student.request.get('/api/v1/users/self', { headers: headers(student) });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { data: { name: string } }).data.name;
}

async function rename(student: Student, name: string): Promise<void> {
  const answer = await student.request.put('/api/v1/users/self', { headers: headers(student), data: { name } });
  expect(answer.status(), 'PUT /users/self').toBe(200);
}

const signOutButton = (page: Page) => page.getByRole('banner').getByRole('button', { name: LAYOUT.signOut });
// The app's own line (#root): an early page shown over it on a page load has a copy of the layout
// (docs/testing.md "The early page's copies").
const outboxText = (page: Page) => page.locator('#root .outbox-status [role="status"]');
const offlineBanner = (page: Page) => page.getByRole('status').filter({ hasText: /^Você está offline/ });

async function fillLogin(page: Page, code: string) {
  await page.getByRole('textbox', { name: LAYOUT.accessCode }).fill(code);
  await page.getByLabel(LAYOUT.password).fill(PASSWORD);
  await page.getByRole('button', { name: LAYOUT.signIn }).click();
}

/** The reads the app keeps on the device (IndexedDB `portal-offline` / `queries`), as one text. */
const savedReads = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        const open = indexedDB.open('portal-offline');
        open.onupgradeneeded = () => open.result.createObjectStore('queries');
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('queries')) return resolve('');
          const all = db.transaction('queries').objectStore('queries').getAll();
          all.onsuccess = () => {
            db.close();
            resolve(all.result.map(String).join(' '));
          };
        };
      }),
  );

/** The module the plans work in, and its two learning objects (found by the first plan of a worker). */
interface Place {
  /** `/courses/<id>/modules/<id>`. */
  path: string;
  name: string;
  objects: { name: string; href: string; id: number }[];
}

let place: Place | null = null;

interface World extends Place {
  page: Page;
  context: BrowserContext;
  student: Student;
  /** Learning objects finished, in order (ids). */
  written: number[];
  /** The name the platform has now, and the one the device read last. */
  names: { server: string; device: string };
  renames: number;
}

const moduleHeading = (world: World) => world.page.getByRole('heading', { level: 1, name: world.name });

/**
 * What a stretch of a plan between two sign-ins needs ready beforehand: the learning objects it
 * finishes offline opened once online (the app shows them from what it read), and, when the app
 * is reopened in it, those reads kept on the device (IndexedDB) — offline, the service worker
 * opens the app, which shows what the device kept.
 */
interface Needs {
  seen: number[];
  kept: boolean;
}

/** `needs[k]`: the stretch after the k-th sign-in (0: the start); `serviceWorker`: reopened offline. */
function needsOf(plan: StudentPlan): { stretches: Needs[]; serviceWorker: boolean } {
  const stretches: Needs[] = [{ seen: [], kept: false }];
  let serviceWorker = false;
  for (const { event, before } of plan.steps) {
    if (event.type === 'SIGN_IN') stretches.push({ seen: [], kept: false });
    const now = stretches.at(-1)!;
    if (event.type === 'FINISH' && !before.reachable) now.seen.push(before.writes);
    if (event.type === 'REOPEN') {
      now.kept = true;
      if (!before.reachable) serviceWorker = true;
    }
  }
  return { stretches, serviceWorker };
}

/** Gets a stretch's needs ready (on the module page, online). */
async function prepare(world: World, needs: Needs | undefined) {
  const { page } = world;
  for (const lo of (needs?.seen ?? []).map((i) => world.objects[i]!)) {
    await page.locator(`a[href="${lo.href}"]`).click();
    await expect(page.getByRole('heading', { level: 1, name: lo.name })).toBeVisible();
    await page.getByRole('link', { name: 'Voltar ao módulo' }).click();
    await expect(moduleHeading(world)).toBeVisible();
  }
  if (!needs?.kept) return;
  const moduleId = world.path.split('/').pop();
  const markers = [
    `"queryKey":["module",${moduleId}]`,
    ...needs.seen.map((i) => `"queryKey":["learningObject",${world.objects[i]!.id},`),
  ];
  for (const marker of markers)
    await expect
      .poll(() => savedReads(page), { message: `kept on the device: ${marker}`, timeout: ANSWERED_MS })
      .toContain(marker);
}

/** Finds the module and its two learning objects through the app (on /home, signed in). */
async function findPlace(page: Page): Promise<Place> {
  await page.getByRole('navigation', { name: LAYOUT.nav }).getByRole('link', { name: LAYOUT.courses }).click();
  await page.locator('.card-title a').first().click();
  const moduleLink = page.locator('.item-title').first();
  const name = ((await moduleLink.textContent()) ?? '').trim();
  await moduleLink.click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  return { path: new URL(page.url()).pathname, name, objects: await pickObjects(page, OBJECT_TYPES) };
}

/**
 * Signs in with the form as a fresh student and opens the module (straight there by
 * `next_route` once a plan of this worker has found it).
 */
async function signInAndOpenModule(page: Page, context: BrowserContext, student: Student, serviceWorker: boolean) {
  await page.goto(place ? `/login?next_route=${encodeURIComponent(place.path)}` : '/login');
  await fillLogin(page, student.code);
  if (place) await expect(page).toHaveURL(place.path);
  else {
    await expect(page).toHaveURL(/\/home$/);
    place = await findPlace(page);
  }
  const world: World = { ...place, page, context, student, written: [], names: { server: '', device: '' }, renames: 0 };
  await expect(moduleHeading(world)).toBeVisible();
  if (serviceWorker) {
    // The service worker (registered by the first page) controls the page: a reload opens offline.
    await page.evaluate(() => navigator.serviceWorker.ready);
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  }
  const name = await serverName(student);
  world.names = { server: name, device: name };
  return world;
}

/** What the student sees, and what the server has, against the oracle's context `c`. */
async function expectView(world: World, c: StudentWorld) {
  const { page } = world;
  if (c.signedIn) {
    await expect(moduleHeading(world)).toBeVisible();
    expect(new URL(page.url()).pathname, 'in the module').toBe(world.path);
    await expect(signOutButton(page)).toBeVisible();
    const name = c.nameFresh ? world.names.server : world.names.device;
    await expect(page.locator('.user-name'), 'the name shown').toHaveText(`Olá, ${name}`, { timeout: ANSWERED_MS });
    if (c.reachable) await expect(offlineBanner(page)).toHaveCount(0, { timeout: ANSWERED_MS });
    else await expect(offlineBanner(page)).toBeVisible();
  } else {
    await expect(page.getByRole('button', { name: LAYOUT.signIn })).toBeVisible();
    const url = new URL(page.url());
    expect(url.pathname, 'on /login').toBe('/login');
    if (c.keptPlace !== null) {
      expect(url.searchParams.get('next_route'), '/login keeps the module').toBe(world.path);
      await expect(page.getByText(SESSION.expired), `the session-expired notice on ${page.url()}`).toBeVisible();
    } else expect(url.searchParams.get('next_route'), 'no place kept').toBeNull();
  }
  // Each finished learning object reaches the server once, when the rules say; the others not yet.
  const expected = world.written.map((_, i) => (i < c.arrived ? 1 : 0));
  if (c.signedIn && c.reachable) {
    await expect
      .poll(() => endsOnServer(world.student, world.written), {
        message: 'finished on the server',
        timeout: ANSWERED_MS,
      })
      .toEqual(expected);
    await expect(outboxText(page), 'nothing waits').toHaveText('', { timeout: ANSWERED_MS });
  } else if (c.signedIn && c.writes > c.arrived) {
    await expect(outboxText(page), 'the writes wait').toContainText('pendente');
  }
  expect(await endsOnServer(world.student, world.written), 'finished on the server, once each').toEqual(expected);
  // The device's copy of the user is the platform's once a read of it is shown.
  if (c.signedIn && c.nameFresh) world.names.device = world.names.server;
}

/** Makes the student's action happen (`before`: the oracle's context before it). */
async function drive(world: World, event: StudentEvent, before: StudentWorld, next: Needs | undefined) {
  const { page, context } = world;
  switch (event.type) {
    case 'SIGN_IN': {
      await fillLogin(page, world.student.code);
      // After a 401, back in the module; else the home page.
      if (before.keptPlace !== null) await expect(page).toHaveURL(world.path);
      else {
        await expect(page).toHaveURL(/\/home$/);
        await page.goto(world.path);
      }
      await expect(moduleHeading(world)).toBeVisible();
      await prepare(world, next);
      return;
    }
    case 'SAIR':
      await signOutButton(page).click();
      await expect(page).toHaveURL(/\/login/);
      return;
    case 'SIGNAL_LOST':
      await context.setOffline(true);
      return;
    case 'SIGNAL_BACK':
      await context.setOffline(false);
      return;
    case 'FINISH': {
      const lo = world.objects[world.written.length]!;
      await page.locator(`a[href="${lo.href}"]`).click();
      await expect(page.getByRole('heading', { level: 1, name: lo.name })).toBeVisible();
      await finishLearningObject(page);
      world.written.push(lo.id);
      await page.getByRole('link', { name: 'Voltar ao módulo' }).click();
      await expect(moduleHeading(world)).toBeVisible();
      return;
    }
    case 'HOUR_PASSES':
      await page.clock.fastForward(PRODUCT.userFreshMs + 1000);
      return;
    case 'REOPEN': {
      world.renames += 1;
      world.names.server = `${world.names.device} (nome novo ${world.renames})`;
      await rename(world.student, world.names.server);
      await page.clock.fastForward(PRODUCT.userFreshMs + 1000);
      await page.reload();
      await expect(moduleHeading(world)).toBeVisible();
      return;
    }
    case 'EXPIRED_401': {
      const moduleRead = `**/api/v1/lms/modules/${world.path.split('/').pop()}`;
      await page.route(moduleRead, (route) =>
        route.request().method() === 'GET'
          ? route.fulfill({ status: 401, json: { message: 'Token expirado.' } })
          : route.continue(),
      );
      // A page load reads what it shows again (what the device kept is never taken as fresh).
      await page.reload();
      await expect(page).toHaveURL(/\/login/);
      await page.unroute(moduleRead);
      return;
    }
  }
}

/** Runs a plan's steps, recording them for the report (`path-steps`), a screenshot of a failed one. */
async function recorded(
  page: Page,
  info: ReturnType<typeof test.info>,
  plan: string,
  records: StepRecord[],
  run: (step: (index: number) => void) => Promise<void>,
) {
  let current = 0;
  try {
    await run((index) => {
      if (index > 0) records[index - 1]!.status = 'passed';
      current = index;
    });
    records[current]!.status = 'passed';
  } catch (error) {
    const record = records[current]!;
    record.status = 'failed';
    record.error = String(error instanceof Error ? error.message : error).slice(0, 2000);
    const file = info.outputPath(`step-${current}.png`);
    await page.screenshot({ path: file, fullPage: true }).then(
      () => (record.screenshot = file),
      () => undefined,
    );
    throw error;
  } finally {
    const data: PathRecord = { machine: APP_SECTION_NAME, plan, steps: records };
    await info.attach('path-steps', { body: JSON.stringify(data), contentType: 'application/json' });
  }
}

const PLANS = studentPlans();

test.describe(APP_SECTION_NAME, () => {
  // The real service worker: the app reopens offline from the device.
  test.use({ serviceWorkers: 'allow' });

  for (const [index, plan] of PLANS.entries()) {
    test(`${plan.id}: ${plan.steps.map((s) => s.event.type).join(' → ')}`, async ({ page, context, request }, info) => {
      const code = studentCode(1 + index + info.retry * (PLANS.length + 1));
      const records = recordsOf(plan, code);
      await recorded(page, info, plan.id, records, async (step) => {
        step(0);
        await page.clock.install();
        const needs = needsOf(plan);
        const student = await studentOf(request, code);
        const world = await signInAndOpenModule(page, context, student, needs.serviceWorker);
        await prepare(world, needs.stretches[0]);
        const oracle = createActor(studentModel, { input: BROWSER_START }).start();
        await expectView(world, oracle.getSnapshot().context);
        let stretch = 0;
        for (const [i, { event }] of plan.steps.entries()) {
          step(i + 1);
          const before = oracle.getSnapshot().context;
          if (event.type === 'SIGN_IN') stretch += 1;
          await drive(world, event, before, needs.stretches[stretch]);
          oracle.send(event);
          await expectView(world, oracle.getSnapshot().context);
        }
      });
    });
  }

  test(`${ERROR_PLAN_ID}: a consulta da plataforma responde 500 → contagem → sem internet → volta → recarrega no app`, async ({
    page,
    context,
    request,
  }, info) => {
    const code = studentCode(1 + PLANS.length + info.retry * (PLANS.length + 1));
    const oracle = createActor(errorScreenModel).start();
    const records: StepRecord[] = [
      record(
        0,
        `entra como ${code}, abre o módulo e recarrega a página: a consulta da plataforma responde 500`,
        null,
        [errorSituationOf(oracle.getSnapshot().context)],
        [],
      ),
    ];
    {
      const preview = createActor(errorScreenModel).start();
      for (const [i, event] of ERROR_PLAN_EVENTS.entries()) {
        const before = errorSituationOf(preview.getSnapshot().context);
        preview.send(event);
        const after = preview.getSnapshot().context;
        const say =
          event.type === 'SECOND'
            ? 'passa 1 segundo (relógio do Playwright)'
            : event.type === 'SIGNAL_LOST'
              ? 'a internet cai (navegador offline)'
              : 'a internet volta';
        records.push(record(i + 1, say, event.type, [errorSituationOf(after)], [`${before}|${event.type}|0`]));
      }
      preview.stop();
    }
    await recorded(page, info, ERROR_PLAN_ID, records, async (step) => {
      step(0);
      await page.clock.install();
      const student = await studentOf(request, code);
      const world = await signInAndOpenModule(page, context, student, false);
      const dialog = page.getByRole('alertdialog', { name: ERROR_SCREEN.title });

      // The next page load's platform lookup is held, then answered 500 (and its retries too).
      let failing = true;
      let asked = 0;
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/api/v1/platforms/localhost', async (route) => {
        if (!failing) return route.continue();
        asked += 1;
        await held;
        await route.fulfill({ status: 500, json: { message: 'Erro interno do servidor.' } });
      });
      let loads = 0;
      page.on('load', () => (loads += 1));
      await page.reload();
      await expect.poll(() => asked, { message: 'the platform lookup asked for' }).toBeGreaterThan(0);
      // From here the page's time passes only when the plan says so.
      await pauseClockSoon(page, 500);
      loads = 0;
      release();
      for (let i = 0; i < 60 && !(await dialog.isVisible()); i++) {
        await page.clock.runFor(50);
        await page.waitForTimeout(50);
      }
      // The platform answers the next page load.
      failing = false;
      const check = async () => {
        const expected = oracle.getSnapshot().context;
        if (expected.reloads === 0) {
          await expect(dialog).toContainText(ERROR_SCREEN.countdown(expected.shown));
          if (expected.reachable) await expect(dialog).not.toContainText(ERROR_SCREEN.offline);
          else await expect(dialog).toContainText(ERROR_SCREEN.offline);
          expect(loads, 'no reload yet').toBe(0);
        } else {
          await expect.poll(() => loads, { message: 'the page reloads once' }).toBe(expected.reloads);
          await page.clock.resume();
          await expect(moduleHeading(world)).toBeVisible({ timeout: 15_000 });
          await expect(signOutButton(page)).toBeVisible();
          await expect(page.getByRole('alertdialog')).toHaveCount(0);
          expect(loads, 'the page reloaded exactly once').toBe(expected.reloads);
        }
      };
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText(`${ERROR_SCREEN.code} 500`);
      await check();
      for (const [i, event] of ERROR_PLAN_EVENTS.entries()) {
        step(i + 1);
        if (event.type === 'SECOND') await page.clock.runFor(PRODUCT.countdownTickMs);
        else await context.setOffline(event.type === 'SIGNAL_LOST');
        oracle.send(event);
        await check();
      }
    });
  });
});

function record(
  index: number,
  event: string,
  eventType: string | null,
  states: string[],
  transitions: string[],
): StepRecord {
  return {
    index,
    event,
    eventType,
    shows: states.join('; '),
    states,
    passedThrough: [],
    transitions,
    status: 'not run',
  };
}

function recordsOf(plan: StudentPlan, code: string): StepRecord[] {
  return [
    record(
      0,
      `entra como ${code} pelo formulário, abre um módulo e cada objeto de aprendizagem uma vez (com internet)`,
      null,
      [situationOf(plan.initial)],
      [],
    ),
    ...plan.steps.map((s, i) => record(i + 1, SAY[s.event.type], s.event.type, [s.situation], [s.transition])),
  ];
}
