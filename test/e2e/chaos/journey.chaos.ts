/**
 * Fault injection end to end: the main journey — sign in → course → module → finish
 * learning objects → grades → finances — in real Chromium against a reference server started
 * with `CHAOS` (server/chaos.ts), once per fault kind. On every screen the test checks that the
 * page is not blank and that no unhandled error or CSP violation happened; where a read fails it
 * does what the app offers a student (the error catalogue, docs/product.md §8: 'Tentar novamente' on a
 * failed read, 'Atualizar' on the blocking error screen with its code, signing in again after a
 * sign-out, 'Sincronizar agora'). At the end the server is stopped and its database must hold
 * every progress write the browser sent exactly once (`progress_events`, by Idempotency-Key).
 *
 * Prints one line per fault kind: requests faulted, screens checked, writes lost (must be 0).
 */
import { appendFileSync, cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { startReferenceServer, type ReferenceServer } from './server';

/** Every API base of the app (not the widget stand-ins, the media files or the stats endpoint). */
const API = '/api/v1/**,/api/v2/**,/api/hub/**,/api/erp/**,/api/newlms/**,/api/certificates/**';
/** Progress writes (learning objects' start/end). */
const WRITES = '/api/v1/lms/learningObjects/**';

/**
 * One configuration per fault kind: faults on a share of all API requests (before the handler
 * runs), and on the first two progress writes that get past them after the handler ran (the
 * write is applied and its answer lost: the resend must be deduplicated by its Idempotency-Key).
 */
const KINDS: { kind: string; chaos: string }[] = [
  { kind: 'latency', chaos: `seed=101; latency=100-1500 rate=0.7 path=${API}` },
  {
    kind: 'status',
    chaos: `seed=102; status=500,502,503 rate=0.2 path=${API}; status=500,503 max=2 method=PUT at=response path=${WRITES}`,
  },
  {
    kind: 'timeout',
    chaos: `seed=103; timeout rate=0.06 max=4 path=${API}; timeout max=2 method=PUT at=response path=${WRITES}`,
  },
  { kind: 'drop', chaos: `seed=104; drop rate=0.15 path=${API}; drop max=2 method=PUT at=response path=${WRITES}` },
  {
    kind: 'malformed',
    chaos: `seed=105; malformed rate=0.15 path=${API}; malformed max=2 method=PUT at=response path=${WRITES}`,
  },
  {
    kind: 'shape',
    chaos: `seed=106; shape rate=0.15 path=${API}; shape max=2 method=PUT at=response path=${WRITES}`,
  },
];

interface KindResult {
  kind: string;
  requests: number;
  faulted: number;
  screens: number;
  recoveries: number;
  writes: number;
  resent: number;
  /** Applied writes whose answer the fault took away (the second rule). */
  answersLost: number;
  lost: number;
  duplicated: number;
  seconds: number;
}
/** One JSON line per kind; the suite's global teardown prints the table (global-setup.ts). */
const SUMMARY_FILE = '.tmp/chaos-summary.jsonl';

/** What the test watches on the page while the journey runs. */
class Watch {
  screens = 0;
  recoveries = 0;
  readonly pageErrors: string[] = [];
  readonly cspViolations: string[] = [];
  /** Idempotency-Key of every progress write the browser sent → how many times it was sent. */
  readonly writeKeys = new Map<string, number>();

  constructor(readonly page: Page) {
    page.on('pageerror', (error) => this.pageErrors.push(error.message));
    page.on('console', (message) => {
      if (/Content Security Policy|Trusted Type|Refused to (load|execute|apply)/i.test(message.text())) {
        this.cspViolations.push(message.text());
      }
    });
    page.on('request', (request) => {
      if (request.method() === 'PUT' && /\/api\/v1\/lms\/learningObjects\/\d+\/(start|end)/.test(request.url())) {
        const key = request.headers()['idempotency-key'];
        if (key) this.writeKeys.set(key, (this.writeKeys.get(key) ?? 0) + 1);
      }
    });
  }

  /** A screen: something is shown (never a blank page), and no unhandled error or CSP violation. */
  async checkScreen(label: string) {
    await expect
      .poll(() => this.page.evaluate(() => document.body.innerText.trim().length), { message: `blank: ${label}` })
      .toBeGreaterThan(0);
    expect(this.pageErrors, `unhandled errors by ${label}`).toEqual([]);
    expect(this.cspViolations, `CSP violations by ${label}`).toEqual([]);
    this.screens += 1;
  }
}

/**
 * Waits for `goal`; meanwhile answers what the app shows a student when something failed, as a
 * student would. @throws when `goal` is not reached after 12 recoveries.
 */
async function reach(watch: Watch, goal: Locator, label: string, signIn: () => Promise<void>) {
  const { page } = watch;
  const errorScreen = page.getByRole('alertdialog').filter({ hasText: 'Ops! Algo deu errado :(' });
  const retry = page.getByRole('button', { name: 'Tentar novamente' });
  const reload = page.getByRole('button', { name: 'Recarregar a página' });
  const signedOut = page.getByRole('button', { name: 'Entrar', exact: true });
  for (let attempt = 0; attempt < 12; attempt += 1) {
    await expect(goal.or(errorScreen).or(retry).or(reload).or(signedOut).first()).toBeVisible({ timeout: 30_000 });
    await watch.checkScreen(label);
    if (await goal.first().isVisible()) return;
    watch.recoveries += 1;
    if (await errorScreen.isVisible()) {
      // docs/product.md §2 error screen: the code of the stored error (HTTP status, or N/A) and the countdown.
      await expect(errorScreen).toContainText(/Registro de erro: Cód\. ?(\d{3}|N\/A)/);
      await expect(errorScreen).toContainText(/Atualizando em: 0:\d\d/);
      await errorScreen.getByRole('button', { name: 'Atualizar' }).click();
      await page.waitForLoadState('load');
    } else if (await retry.first().isVisible()) {
      await retry.first().click();
    } else if (await reload.isVisible()) {
      await reload.click();
      await page.waitForLoadState('load');
    } else {
      await signIn();
    }
  }
  throw new Error(`${label}: not reached after 12 recoveries`);
}

/** Fills and sends the login form until the main navigation shows (a failed sign-in is retried). */
async function signInAsDemo(watch: Watch) {
  const { page } = watch;
  const nav = page.getByRole('navigation', { name: 'Navegação principal' });
  for (let attempt = 0; attempt < 10; attempt += 1) {
    const accessCode = page.getByRole('textbox', { name: 'Código de acesso' });
    await expect(accessCode.or(nav).first()).toBeVisible({ timeout: 30_000 });
    if (await nav.isVisible()) return;
    await watch.checkScreen('login');
    await accessCode.fill('demo');
    await page.getByLabel('Senha').fill('demo1234');
    await page.getByRole('button', { name: 'Entrar', exact: true }).click();
    // 'Entrando…' while the sign-in (token, then user) is in flight.
    await expect(page.getByRole('button', { name: 'Entrando…' })).toHaveCount(0, { timeout: 30_000 });
    const failed = page.locator('#login-error');
    await expect(nav.or(failed).first()).toBeVisible({ timeout: 30_000 });
    if (await nav.isVisible()) return;
    watch.recoveries += 1;
  }
  throw new Error('could not sign in in 10 tries');
}

/** `progress_events` rows per Idempotency-Key, read from the stopped server's database. */
async function recordedWrites(dataDir: string): Promise<Map<string, number>> {
  const db = await PGlite.create({ dataDir });
  try {
    const { rows } = await db.query<{ key: string; n: number }>(
      'SELECT idempotency_key AS key, count(*)::int AS n FROM progress_events WHERE idempotency_key IS NOT NULL GROUP BY 1',
    );
    return new Map(rows.map((r) => [r.key, r.n]));
  } finally {
    await db.close();
  }
}

for (const { kind, chaos } of KINDS) {
  test(`the main journey under "${kind}" faults loses no progress write and never shows a blank screen`, async ({
    page,
  }) => {
    const started = Date.now();
    const dataDir = mkdtempSync(join(tmpdir(), `chaos-${kind}-`));
    cpSync(process.env.CHAOS_TEMPLATE_DATA_DIR!, dataDir, { recursive: true });
    let server: ReferenceServer | null = null;
    try {
      server = await startReferenceServer({ dataDir, distDir: process.env.CHAOS_DIST_DIR!, chaos });
      const base = server.base;
      const watch = new Watch(page);
      const signIn = () => signInAsDemo(watch);
      const nav = page.getByRole('navigation', { name: 'Navegação principal' });

      // Sign in.
      await page.goto(`${base}/login`);
      await reach(watch, page.getByRole('textbox', { name: 'Código de acesso' }).or(nav), 'login page', signIn);
      await signIn();
      await reach(watch, nav, 'home', signIn);

      // Course list → first course → first module.
      await nav.getByRole('link', { name: 'Cursos' }).click();
      await reach(watch, page.locator('.card-title a'), 'course list', signIn);
      await page.locator('.card-title a').first().click();
      await reach(watch, page.getByRole('heading', { level: 2, name: 'Módulos' }), 'course', signIn);
      await page.locator('.item-title').first().click();
      await reach(watch, page.locator('.lesson'), 'module', signIn);
      const moduleUrl = page.url();

      // Finish three learning objects with 'Concluir'.
      for (const label of ['PDF', 'Página incorporada', 'Áudio']) {
        const link = page
          .locator('.item', { hasText: `${label} ·` })
          .first()
          .locator('.item-title');
        const name = (await link.textContent()) ?? '';
        await link.click();
        const finish = page.getByRole('button', { name: 'Concluir' });
        await reach(watch, finish, `learning object "${name}"`, signIn);
        await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
        await finish.click();
        await expect(page.getByRole('status').filter({ hasText: 'Concluído' })).toBeVisible();
        await watch.checkScreen(`learning object "${name}" finished`);
        await page.getByRole('link', { name: 'Voltar ao módulo' }).click();
        await reach(watch, page.locator('.lesson'), 'module', signIn);
        if (!page.url().startsWith(moduleUrl)) await page.goto(moduleUrl);
      }

      // Grades, then finances.
      await nav.getByRole('link', { name: 'Notas' }).click();
      await reach(watch, page.locator('table'), 'grades', signIn);
      await nav.getByRole('link', { name: 'Financeiro' }).click();
      await reach(watch, page.getByRole('button', { name: /^Pagar com Pix:/ }), 'finances', signIn);

      // Every progress write reaches the server: the outbox empties ('Sincronizar agora' helps).
      const outbox = page.locator('#root .outbox-status');
      const syncNow = page.getByRole('button', { name: 'Sincronizar agora' });
      await expect
        .poll(
          async () => {
            // The button goes as soon as the outbox retries on its own: a click must not wait
            // for one that will never come back (the outbox then empties without it).
            if (await syncNow.isVisible()) await syncNow.click({ timeout: 1_000 }).catch(() => undefined);
            return outbox.evaluate((el) => el.outerHTML);
          },
          { timeout: 90_000, intervals: [1_000], message: 'the outbox empties' },
        )
        .toMatch(/^<div class="outbox-status" data-empty="">/);
      await watch.checkScreen('finances, outbox synced');

      const stats = (await (await fetch(`${base}/api/dev/chaos`)).json()) as {
        data: { requests: number; faulted: Record<string, number>; byRule: number[] };
      };
      const faulted = Object.values(stats.data.faulted).reduce((a, b) => a + b, 0);
      await page.close();
      await server.stop();
      server = null;

      const recorded = await recordedWrites(dataDir);
      const keys = [...watch.writeKeys.keys()];
      const resent = [...watch.writeKeys.values()].filter((n) => n > 1).length;
      const lost = keys.filter((k) => !recorded.has(k));
      const duplicated = keys.filter((k) => (recorded.get(k) ?? 0) > 1);
      const result: KindResult = {
        kind,
        requests: stats.data.requests,
        faulted,
        screens: watch.screens,
        recoveries: watch.recoveries,
        writes: keys.length,
        resent,
        answersLost: stats.data.byRule[1] ?? 0,
        lost: lost.length,
        duplicated: duplicated.length,
        seconds: Math.round((Date.now() - started) / 1000),
      };
      appendFileSync(SUMMARY_FILE, `${JSON.stringify(result)}\n`);
      console.log(
        `[chaos] ${kind}: ${faulted} requests faulted (of ${result.requests}), ${result.screens} screens checked, ` +
          `${result.recoveries} recoveries, ${result.writes} progress writes (${resent} resent, ${result.answersLost} answers lost after applying), ${result.lost} writes lost, ` +
          `${result.duplicated} duplicated, ${result.seconds} s`,
      );
      expect(faulted, 'the fault kind was exercised').toBeGreaterThan(0);
      // Every kind but latency also lost the answers of applied writes (rule 2), which were then
      // sent again — by the outbox, or by Chromium itself for a connection dropped on a reused socket.
      if (kind !== 'latency') expect(stats.data.byRule[1], 'applied writes whose answer was lost').toBeGreaterThan(0);
      expect(keys.length, 'start and end of three learning objects').toBeGreaterThanOrEqual(6);
      expect(lost, 'writes lost').toEqual([]);
      expect(duplicated, 'writes applied twice').toEqual([]);
    } finally {
      await server?.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
}
