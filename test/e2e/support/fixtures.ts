/**
 * Playwright fixtures of the end-to-end suite:
 * - `referenceServer` (per worker, automatic): the reference server this worker's tests talk to.
 *   The first worker uses the one the global setup started; each further worker (`workers` > 1)
 *   starts its own, on its own fresh database, so that two workers never share a student's
 *   progress. It sets `E2E_BASE_URL` / `E2E_BASE_URL_BRAND2` for the worker's process and is
 *   the `baseURL` of pages and `request`;
 * - `signIn(page, accessCode, password)`: fills the login form by role and label
 *   ('Código de acesso', 'Senha', 'País' left at Brasil) and presses 'Entrar';
 * - `expectNoA11yViolations(page)`: axe-core (WCAG 2.0/2.1 A and AA) must find nothing;
 *   fails listing each violation with its nodes.
 */
import { test as base, expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { E2E_SERVER_ENV } from './global-setup';
import { startReferenceServer } from './server';

export interface Fixtures {
  signIn: (page: Page, accessCode: string, password: string) => Promise<void>;
  expectNoA11yViolations: (page: Page) => Promise<void>;
}

/** The reference server of a worker: brand 1 (localhost) and brand 2 (127.0.0.1) origins. */
export interface WorkerServer {
  base: string;
  base2: string;
}

export const test = base.extend<Fixtures, { referenceServer: WorkerServer }>({
  referenceServer: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, workerInfo) => {
      if (workerInfo.parallelIndex === 0) {
        await use({ base: process.env.E2E_BASE_URL!, base2: process.env.E2E_BASE_URL_BRAND2! });
        return;
      }
      const server = await startReferenceServer({ env: E2E_SERVER_ENV });
      process.env.E2E_BASE_URL = server.base;
      process.env.E2E_BASE_URL_BRAND2 = server.base2;
      process.env.E2E_DATA_DIR = server.dataDir;
      await use(server);
      await server.dispose();
    },
    { scope: 'worker', auto: true, timeout: 120_000 },
  ],
  baseURL: async ({ referenceServer }, use) => {
    await use(referenceServer.base);
  },
  // eslint-disable-next-line no-empty-pattern
  signIn: async ({}, use) => {
    await use(async (page, accessCode, password) => {
      await page.getByRole('textbox', { name: 'Código de acesso' }).fill(accessCode);
      await page.getByLabel('Senha').fill(password);
      await expect(page.getByRole('combobox', { name: 'País' })).toHaveValue('Brasil');
      await page.getByRole('button', { name: 'Entrar' }).click();
    });
  },
  // eslint-disable-next-line no-empty-pattern
  expectNoA11yViolations: async ({}, use) => {
    await use(async (page) => {
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      const report = results.violations
        .map((v) => `${v.id} (${v.impact}): ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(' ')}`).join('\n')}`)
        .join('\n');
      expect(results.violations, `axe violations on ${page.url()}:\n${report}`).toEqual([]);
    });
  },
});

export { expect, type Page };
