/**
 * The learning-object lifecycle's browser model (lifecycleMachine, docs/product.md §4 "started, then
 * ended"; docs/decisions/0006-the-outbox-retries-writes.md). In the app `start` and `end` store
 * the write in the outbox (IndexedDB) and the outbox sends it; a failure of `start`/`end` means
 * the write could not be stored. So the model controls that store from the page: an init script
 * wraps `IDBObjectStore.prototype.add` for the `learningObject.start`/`.end` writes and HOLDS each
 * one (the page shows 'Registrando…') until the path's `done` (stored, then handed to the outbox)
 * or `error` (refused: nothing stored, like a full disk) releases it — decided per write from the
 * path's own order of done/error events.
 * The student `aprovat` opens the PDF of course 2's first module (finished with 'Concluir'); the
 * lesson's progress is reset through the platform API first, so every path starts not completed.
 */
import { expect, type Page } from '@playwright/test';
import { lifecycleMachine } from '../../src/machines/lifecycle.machine';
import type { MachineModel } from './model';
import { LAYOUT } from './spec';

/** The view's texts (src/views/learning-object/messages.ts, the product's wording). */
const LO = {
  starting: 'Registrando acesso…',
  started: 'Em andamento',
  ending: 'Registrando conclusão…',
  ended: 'Concluído',
  startFailed: 'Não foi possível registrar seu acesso a este conteúdo.',
  endFailed: 'Não foi possível registrar a conclusão deste conteúdo.',
  retry: 'Tentar novamente',
  finish: 'Concluir',
} as const;

interface Notes {
  /** The learning object's name (its heading and its link on the module page). */
  name: string;
}

type Outcome = 'done' | 'error';

/** Page side: holds the lifecycle's writes to the outbox store (see the file header). */
function gateWrites(outcomes: Outcome[]) {
  const gate = { outcomes: [...outcomes], held: [] as { kind: string; release: () => void }[] };
  (window as unknown as { __lifecycleGate: typeof gate }).__lifecycleGate = gate;
  const add = IDBObjectStore.prototype.add;
  IDBObjectStore.prototype.add = function (this: IDBObjectStore, value: unknown, key?: IDBValidKey) {
    const kind = (value as { write?: { kind?: string } } | null)?.write?.kind ?? '';
    if (kind !== 'learningObject.start' && kind !== 'learningObject.end') return add.call(this, value, key);
    const outcome = gate.outcomes.shift() ?? 'done';
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    gate.held.push({ kind, release });
    if (outcome === 'error') {
      // Nothing is stored; the store's promise rejects once the path says so.
      return {
        then: (_: unknown, reject: (e: unknown) => void) =>
          released.then(() => reject(new DOMException('Armazenamento recusado (teste)', 'QuotaExceededError'))),
      } as unknown as IDBRequest<IDBValidKey>;
    }
    const request = add.call(this, value, key);
    const stored = new Promise<IDBValidKey>((resolve, reject) => {
      request.addEventListener('success', () => resolve(request.result));
      request.addEventListener('error', () => reject(request.error));
    });
    return {
      then: (resolve: (v: unknown) => void, reject: (e: unknown) => void) =>
        Promise.all([stored, released])
          .then(([result]) => result)
          .then(resolve, reject),
    } as unknown as IDBRequest<IDBValidKey>;
  };
}

/** Releases the oldest held write of `kind`. */
async function release(page: Page, kind: string) {
  await expect
    .poll(() =>
      page.evaluate(
        (k) =>
          (window as unknown as { __lifecycleGate: { held: { kind: string }[] } }).__lifecycleGate.held.some(
            (h) => h.kind === k,
          ),
        kind,
      ),
    )
    .toBe(true);
  await page.evaluate((k) => {
    const gate = (window as unknown as { __lifecycleGate: { held: { kind: string; release: () => void }[] } })
      .__lifecycleGate;
    const i = gate.held.findIndex((h) => h.kind === k);
    gate.held.splice(i, 1)[0]!.release();
  }, kind);
}

const status = (page: Page) =>
  page
    .getByRole('main')
    .getByRole('status')
    .filter({ hasText: /Registrando|Em andamento|Concluído/ });
const alert = (page: Page) => page.getByRole('main').getByRole('alert');
const finish = (page: Page) => page.getByRole('main').getByRole('button', { name: LO.finish });

export const lifecycleModel: MachineModel<Notes> = {
  name: 'lifecycle',
  title: 'Ciclo de vida de um conteúdo (acesso registrado, Concluir, falhas, Tentar novamente)',
  machine: lifecycleMachine,
  generate: {
    input: { kind: 'learningObject', id: 1, lessonId: 1, completed: false },
    samples: (type) => [{ type }],
  },
  startSay: () => "entra como aprovat e abre o 1º módulo do curso 2 (a aula do PDF volta a 'não iniciada')",
  async start({ page, plan }) {
    const outcomes = plan.steps
      .map((step) => step.event.type)
      .filter((type) => /^xstate\.(done|error)\.actor\.(start|end)$/.test(type))
      .map((type) => (type.startsWith('xstate.done') ? 'done' : 'error') as Outcome);
    await page.addInitScript(gateWrites, outcomes);
    await page.goto('/login');
    await page.getByRole('textbox', { name: LAYOUT.accessCode }).fill('aprovat');
    await page.getByLabel(LAYOUT.password).fill('demo1234');
    await page.getByRole('button', { name: LAYOUT.signIn }).click();
    await expect(page).toHaveURL(/\/home$/);
    await page.goto('/courses/2');
    const moduleRead = page.waitForResponse((r) => /\/api\/v1\/lms\/modules\/\d+$/.test(new URL(r.url()).pathname));
    await page.locator('.item-title').first().click();
    const module = (await (await moduleRead).json()) as {
      data: { lessons: { id: number; learning_objects: { name: string; type: string }[] }[] };
    };
    const lesson = module.data.lessons.find((l) => l.learning_objects.some((lo) => lo.type === 'pdf'))!;
    const name = lesson.learning_objects.find((lo) => lo.type === 'pdf')!.name;
    const token = (await page.context().cookies()).find((c) => c.name === 'token')?.value ?? '';
    const reset = await page.request.put(`/api/v1/lms/lessons/${lesson.id}/reset`, {
      headers: { 'x-access-token': token, 'x-user-environment': 'WEB', 'Idempotency-Key': `paths-${Date.now()}` },
    });
    expect(reset.status(), 'the lesson reset').toBe(200);
    await page.reload();
    return { name };
  },
  events: {
    'lifecycle.open': {
      say: () => 'clica no PDF da aula',
      drive: ({ page, notes }) => page.getByRole('link', { name: notes.name }).first().click(),
    },
    'lifecycle.finish': { say: () => `clica em '${LO.finish}'`, drive: ({ page }) => finish(page).click() },
    'lifecycle.retry': {
      say: () => `clica em '${LO.retry}'`,
      drive: ({ page }) => alert(page).getByRole('button', { name: LO.retry }).click(),
    },
    'xstate.done.actor.start': {
      say: () => 'o acesso fica guardado na fila de envio (IndexedDB)',
      drive: ({ page }) => release(page, 'learningObject.start'),
    },
    'xstate.error.actor.start': {
      say: () => 'o navegador recusa guardar o acesso (armazenamento cheio)',
      drive: ({ page }) => release(page, 'learningObject.start'),
    },
    'xstate.done.actor.end': {
      say: () => 'a conclusão fica guardada na fila de envio (IndexedDB)',
      drive: ({ page }) => release(page, 'learningObject.end'),
    },
    'xstate.error.actor.end': {
      say: () => 'o navegador recusa guardar a conclusão (armazenamento cheio)',
      drive: ({ page }) => release(page, 'learningObject.end'),
    },
  },
  states: {
    'lifecycle.idle': {
      say: ({ notes }) => `a página do módulo com o link '${notes.name}'`,
      async expect({ page, notes }) {
        await expect(page.getByRole('link', { name: notes.name }).first()).toBeVisible();
        await expect(finish(page)).toHaveCount(0);
      },
    },
    'lifecycle.starting': {
      say: () => `o conteúdo com '${LO.starting}'`,
      async expect({ page, notes }) {
        await expect(page.getByRole('heading', { level: 1, name: notes.name })).toBeVisible();
        await expect(status(page)).toHaveText(LO.starting);
      },
    },
    'lifecycle.startFailed': {
      say: () => `o alerta '${LO.startFailed}' com '${LO.retry}'`,
      async expect({ page }) {
        await expect(alert(page)).toContainText(LO.startFailed);
        await expect(alert(page).getByRole('button', { name: LO.retry })).toBeVisible();
      },
    },
    'lifecycle.started': {
      say: () => `'${LO.started}' e o botão '${LO.finish}'`,
      async expect({ page }) {
        await expect(status(page)).toHaveText(LO.started);
        await expect(finish(page)).toBeEnabled();
        await expect(alert(page)).toHaveCount(0);
      },
    },
    'lifecycle.ending': {
      say: () => `'${LO.ending}' com '${LO.finish}' desabilitado`,
      async expect({ page }) {
        await expect(status(page)).toHaveText(LO.ending);
        await expect(finish(page)).toBeDisabled();
        await expect(alert(page)).toHaveCount(0);
      },
    },
    'lifecycle.endFailed': {
      say: () => `o alerta '${LO.endFailed}' com '${LO.retry}', '${LO.finish}' desabilitado`,
      async expect({ page }) {
        await expect(alert(page)).toContainText(LO.endFailed);
        await expect(alert(page).getByRole('button', { name: LO.retry })).toBeVisible();
        await expect(finish(page)).toBeDisabled();
      },
    },
    'lifecycle.ended': {
      say: () => `'✓ ${LO.ended}' e nenhum botão '${LO.finish}'`,
      async expect({ page }) {
        await expect(status(page)).toHaveText(`✓ ${LO.ended}`);
        await expect(finish(page)).toHaveCount(0);
      },
    },
  },
  excluded: {},
};
