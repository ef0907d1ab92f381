/**
 * The PWA update's browser model (appUpdateMachine, docs/offline.md "Updates"; docs/product.md §4 Service
 * worker): real builds under one reference server of the model's own, with the real service
 * worker (test/e2e/pwa-update.spec.ts's approach and helpers, test/e2e/support/deploy.ts).
 * - v1 is the run's build (`dist`, its version read from its pre-rendered /login); v2 is built
 *   once per run with another version (`PATHS_E2E_CACHE`, ./global-setup.ts) in this model's
 *   `beforeAll`; v3 is v2 whose service worker file changed (a deploy that changes only the worker:
 *   a third new worker without a third build).
 * - Each path opens /login twice: the first visit installs v1's worker, the second is the student
 *   coming back, the page controlled by it, and v2 is found within a minute of that page load.
 *   Workbox (workbox-window 7) stops listening for new workers after the first one it takes for
 *   another tab's — any found on a first visit after the page's own install, or more than 60 s
 *   after the page load — so only then does a second new version (v3) reach the same tab:
 *   `dismissed --update.available-->` (docs/testing.md).
 * - `update.available`: the next version is deployed into the served folder and the tab becomes
 *   visible again (it then asks for a new version); the step ends when the new worker is installed
 *   and waits.
 * - `activate` (invoked on 'Atualizar agora'): an init script HOLDS the page's `SKIP_WAITING`
 *   message to the waiting worker (the page shows 'Atualizando…'); `done` delivers it (the worker
 *   takes over, the page reloads into v2), `error` leaves it held and moves Playwright's clock by
 *   the 10 s the page gives the new worker to take over (services/pwa/register.ts).
 * - `remindDelay` ('Depois'): the clock is paused at the click and moved 29 min 59 s (the notice
 *   stays hidden), then 1 s (it is back).
 */
import { appendFileSync, cpSync, existsSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { pauseClockSoon } from './clock';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import { appUpdateMachine } from '../../src/machines/app-update.machine';
import { buildApp, deploy, entryOf } from '../e2e/support/deploy';
import { startReferenceServer, type ReferenceServer } from '../e2e/support/server';
import type { MachineModel } from './model';
import { APP_UPDATE, LAYOUT } from './spec';

type Version = 'v1' | 'v2' | 'v3';

interface Notes {
  /** The version the served folder holds. */
  deployed: Version;
  /** Page loads after the path's start (each is a reload). */
  reloads: number;
  /** Paths the page itself requested since its document last changed (its own, not its worker's). */
  requests: string[];
}

/** The second version's version string (v3 shows the same: only its service worker differs). */
const V2 = '2.0.0-caminhos';
/** How long the page waits for the new worker to take over (services/pwa/register.ts `activateWaiting`). */
const TAKE_OVER_MS = 10_000;
const AFTER = 'xstate.after.remindDelay.appUpdate.dismissed';

/** What the model's `beforeAll` prepared. */
let setup: { server: ReferenceServer; site: string; v1Version: string; builds: Record<Version, string> } | null = null;
const prepared = () => {
  if (!setup) throw new Error('app-update: beforeAll did not run');
  return setup;
};

const notice = (page: Page) => page.getByRole('complementary', { name: APP_UPDATE.notice });
const announcement = (page: Page) => page.getByRole('status').filter({ hasText: APP_UPDATE.notice });

/**
 * Runs the page's pending tasks (React renders after a state change) without moving its clock.
 * The channel is kept on `window` until its message comes: a promise the page may garbage-collect
 * fails `page.evaluate` ('Resulting promise was garbage collected', seen in CI on this model).
 */
const flush = (page: Page) =>
  page.evaluate(async () => {
    const keep = window as unknown as { __flushChannel?: MessageChannel };
    for (let i = 0; i < 2; i++) {
      await new Promise<void>((resolve) => {
        const channel = new MessageChannel();
        keep.__flushChannel = channel;
        channel.port1.onmessage = () => resolve();
        channel.port2.postMessage(null);
      });
    }
    delete keep.__flushChannel;
  });

interface Gate {
  held: (() => void)[];
}

/** Page side: holds every `SKIP_WAITING` message to a service worker until the model releases it. */
function holdSkipWaiting() {
  const gate: Gate = { held: [] };
  (window as unknown as { __updateGate: Gate }).__updateGate = gate;
  const post = ServiceWorker.prototype.postMessage;
  ServiceWorker.prototype.postMessage = function (this: ServiceWorker, ...args: unknown[]) {
    if ((args[0] as { type?: unknown } | null)?.type === 'SKIP_WAITING') {
      gate.held.push(() => post.apply(this, args as never));
      return;
    }
    post.apply(this, args as never);
  };
}

const heldMessages = (page: Page) =>
  page.evaluate(() => (window as unknown as { __updateGate: Gate }).__updateGate.held.length);

/** Common to every state in which the tab still runs v1: its version marker on /login. */
async function stillV1(page: Page) {
  await expect(page.getByText(APP_UPDATE.version(prepared().v1Version))).toBeVisible();
  await expect(page.getByRole('button', { name: LAYOUT.signIn })).toBeVisible();
}

export const appUpdateModel: MachineModel<Notes> = {
  name: 'app-update',
  title: "Atualização do app (PWA): 'Nova versão disponível', 'Atualizar agora', 'Depois'",
  machine: appUpdateMachine,
  generate: {
    samples: (type) =>
      type === 'xstate.error.actor.activate'
        ? [{ type, error: { message: 'the new version did not take over' } }]
        : [{ type }],
  },
  use: { serviceWorkers: 'allow' },
  beforeAll: {
    // The second build: about 20 s alone, a minute or more on a busy machine.
    timeoutMs: 240_000,
    async run() {
      const cache = process.env.PATHS_E2E_CACHE;
      if (!cache) throw new Error('PATHS_E2E_CACHE is not set (test/paths-e2e/global-setup.ts)');
      const builds: Record<Version, string> = {
        v1: 'dist',
        v2: join(cache, 'app-update-v2'),
        v3: join(cache, 'app-update-v3'),
      };
      const v1Version = /Versão ([^<\s]+)</.exec(readFileSync(join(builds.v1, 'index.html'), 'utf8'))?.[1];
      if (!v1Version) throw new Error("dist/index.html: no 'Versão …' in the pre-rendered /login");
      if (v1Version === V2) throw new Error(`dist is already version ${V2}`);
      // Once per run: a restarted worker finds them (v3 is written last).
      if (!existsSync(join(builds.v3, 'sw.js'))) {
        buildApp(builds.v2, V2);
        const partial = `${builds.v3}-partial`;
        rmSync(partial, { recursive: true, force: true });
        cpSync(builds.v2, partial, { recursive: true });
        appendFileSync(join(partial, 'sw.js'), '\n// v3: the same app, another service worker\n');
        rmSync(builds.v3, { recursive: true, force: true });
        renameSync(partial, builds.v3);
      }
      const site = join(cache, 'app-update-site');
      deploy(builds.v1, site);
      setup = { server: await startReferenceServer({ distDir: site }), site, v1Version, builds };
    },
  },
  async afterAll() {
    await setup?.server.dispose();
    if (setup) rmSync(setup.site, { recursive: true, force: true });
    setup = null;
  },
  startSay: () =>
    'v1 publicada; abre /login (o service worker se instala) e volta a abrir (o service worker controla a página); relógio do Playwright instalado, o pedido SKIP_WAITING da página retido',
  async start({ page }) {
    const { server, site, builds } = prepared();
    deploy(builds.v1, site);
    await page.addInitScript(holdSkipWaiting);
    await page.clock.install();
    await page.goto(`${server.base}/login`);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    // The student comes back: the worker installed by the first visit controls this page load.
    await page.reload();
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    const notes: Notes = { deployed: 'v1', reloads: 0, requests: [] };
    page.on('load', () => notes.reloads++);
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) notes.requests = [];
    });
    page.on('request', (request) => {
      if (!request.serviceWorker()) notes.requests.push(new URL(request.url()).pathname);
    });
    return notes;
  },
  events: {
    'update.available': {
      say: () =>
        'outra versão é publicada no servidor e a aba volta a ficar visível: ela procura, o novo service worker instala e fica esperando',
      async drive({ page, notes }) {
        // After 'Depois' the clock is paused; Workbox says 'waiting' 200 ms (page time) after the install.
        await page.clock.resume();
        notes.deployed = notes.deployed === 'v1' ? 'v2' : 'v3';
        const { builds, site } = prepared();
        deploy(builds[notes.deployed], site);
        // The registration (and with it the listeners that resolve this promise) is kept on
        // `window` until the new worker has installed: in CI the page once garbage-collected it
        // while the install was still running, and `page.evaluate` failed ('Resulting promise was
        // garbage collected').
        await page.evaluate(
          () =>
            new Promise<void>((resolve) => {
              void navigator.serviceWorker.getRegistration().then((registration) => {
                const keep = window as unknown as { __updateWait?: Record<string, unknown> };
                keep.__updateWait = { registration, resolve };
                const installed = () => {
                  delete keep.__updateWait;
                  resolve();
                };
                const follow = (worker: ServiceWorker) => {
                  keep.__updateWait!.worker = worker;
                  if (worker.state === 'installed') installed();
                  else
                    worker.addEventListener('statechange', () => {
                      if (worker.state === 'installed') installed();
                    });
                };
                // The new version may be installing already (the page's own check, once the clock
                // resumed): a listener added after its 'updatefound' would wait forever. (A worker
                // already waiting may be the version dismissed before: not this one.)
                if (registration!.installing) return follow(registration!.installing);
                registration!.addEventListener('updatefound', () => follow(registration!.installing!), {
                  once: true,
                });
                // The tab checks for a new version whenever it becomes visible.
                document.dispatchEvent(new Event('visibilitychange'));
              });
            }),
        );
      },
    },
    'update.accept': {
      say: () =>
        `clica em '${APP_UPDATE.accept}' (a página pede ao novo service worker que assuma; o pedido fica retido)`,
      async drive({ page }) {
        await notice(page).getByRole('button', { name: APP_UPDATE.accept }).click();
        await expect.poll(() => heldMessages(page), { message: 'SKIP_WAITING sent to the waiting worker' }).toBe(1);
      },
    },
    'update.dismiss': {
      say: () => `clica em '${APP_UPDATE.dismiss}' (o relógio do Playwright para nesse instante)`,
      async drive({ page }) {
        await pauseClockSoon(page, 1000);
        await notice(page).getByRole('button', { name: APP_UPDATE.dismiss }).click();
      },
    },
    'xstate.done.actor.activate': {
      say: () => 'o pedido retido é entregue: o novo service worker assume a página',
      async drive({ page }) {
        await page.evaluate(() =>
          (window as unknown as { __updateGate: Gate }).__updateGate.held.splice(0).forEach((send) => send()),
        );
      },
    },
    'xstate.error.actor.activate': {
      say: () => `o novo service worker não assume: passam ${TAKE_OVER_MS / 1000} s no relógio do Playwright`,
      drive: ({ page }) => page.clock.runFor(TAKE_OVER_MS),
    },
    [AFTER]: {
      say: () =>
        `passam ${APP_UPDATE.remindMs / 60_000} minutos no relógio do Playwright (aos 29 min 59 s a oferta ainda não voltou)`,
      async drive({ page }) {
        await page.clock.runFor(APP_UPDATE.remindMs - 1000);
        await flush(page);
        await expect(notice(page), 'no offer 1 s before the 30 minutes').toHaveCount(0);
        await page.clock.runFor(1000);
      },
    },
  },
  states: {
    'appUpdate.idle': {
      say: () => `/login na v1 ('${APP_UPDATE.version(prepared().v1Version)}'), sem oferta de atualização`,
      async expect({ page }) {
        await stillV1(page);
        await expect(notice(page)).toHaveCount(0);
        await expect(announcement(page)).toHaveCount(0);
      },
    },
    'appUpdate.available': {
      say: ({ step }) =>
        `'${APP_UPDATE.notice}' com '${APP_UPDATE.accept}' e '${APP_UPDATE.dismiss}', anunciada; ainda a v1` +
        (step?.snapshot.context.error ? `; e o alerta '${APP_UPDATE.failed}'` : ''),
      async expect({ page, step }) {
        const offer = notice(page);
        await expect(offer).toBeVisible();
        await expect(offer).toContainText(APP_UPDATE.text);
        await expect(offer.getByRole('button', { name: APP_UPDATE.accept })).not.toHaveAttribute(
          'aria-disabled',
          'true',
        );
        await expect(offer.getByRole('button', { name: APP_UPDATE.dismiss })).toBeEnabled();
        await expect(announcement(page)).toBeAttached();
        const alert = offer.getByRole('alert');
        if (step?.snapshot.context.error) await expect(alert).toHaveText(APP_UPDATE.failed);
        else await expect(alert).toHaveCount(0);
        await stillV1(page);
      },
    },
    'appUpdate.activating': {
      say: () => `'${APP_UPDATE.busy}' (indisponível) e '${APP_UPDATE.dismiss}' desativado; ainda a v1`,
      async expect({ page }) {
        const offer = notice(page);
        await expect(offer.getByRole('button', { name: APP_UPDATE.busy })).toHaveAttribute('aria-disabled', 'true');
        await expect(offer.getByRole('button', { name: APP_UPDATE.dismiss })).toBeDisabled();
        await expect(offer.getByRole('alert')).toHaveCount(0);
        await stillV1(page);
      },
    },
    'appUpdate.dismissed': {
      say: () => `a oferta some; ainda a v1`,
      async expect({ page }) {
        await expect(notice(page)).toHaveCount(0);
        await expect(announcement(page)).toHaveCount(0);
        await stillV1(page);
      },
    },
    'appUpdate.reloading': {
      say: () =>
        `a página recarrega uma vez e mostra '${APP_UPDATE.version(V2)}' (o script de entrada da v2), sem oferta`,
      async expect({ page, notes }) {
        await expect.poll(() => notes.reloads, { timeout: 15_000 }).toBe(1);
        await expect(page.getByText(APP_UPDATE.version(V2))).toBeVisible({ timeout: 15_000 });
        // The static /login shows first; its entry is imported after its chunks (Playwright's clock
        // empties performance.getEntries: the page's requests say which entry it loaded).
        const { builds } = prepared();
        await expect.poll(() => notes.requests).toContain(entryOf(builds.v2));
        expect(notes.requests).not.toContain(entryOf(builds.v1));
        await expect(notice(page)).toHaveCount(0);
        expect(notes.reloads, 'the page reloads exactly once').toBe(1);
      },
    },
  },
  excluded: {},
};
