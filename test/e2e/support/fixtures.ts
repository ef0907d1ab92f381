/**
 * Playwright fixtures of the end-to-end suite:
 * - `signIn(page, accessCode, password)`: fills the login form by role and label
 *   ('Código de acesso', 'Senha', 'País' left at Brasil) and presses 'Entrar';
 * - `expectNoA11yViolations(page)`: axe-core (WCAG 2.0/2.1 A and AA) must find nothing;
 *   fails listing each violation with its nodes.
 */
import { test as base, expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';

/** The axe-core rule sets every accessibility check runs: WCAG 2.0 and 2.1, levels A and AA. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

export interface Fixtures {
  signIn: (page: Page, accessCode: string, password: string) => Promise<void>;
  expectNoA11yViolations: (page: Page) => Promise<void>;
}

export const test = base.extend<Fixtures>({
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
      const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
      const report = results.violations
        .map((v) => `${v.id} (${v.impact}): ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(' ')}`).join('\n')}`)
        .join('\n');
      expect(results.violations, `axe violations on ${page.url()}:\n${report}`).toEqual([]);
    });
  },
});

export { expect, type Page };
