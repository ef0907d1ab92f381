/**
 * Third-party widgets (docs/product.md §2, §7) in Chromium against the reference server's stand-ins
 * (the e2e build points VITE_CLARITY_SRC / VITE_CHATBOT_SRC / VITE_SURVEY_SRC at
 * /api/standins/*.js, which record what they receive in GET /api/standins/log):
 * the chatbot 'Fale conosco' shows on /home and hides on /courses; the survey SDK hears each
 * route, gets courseId=1 on /courses/1 and drops its modals on /login; Clarity got the
 * platform's clarity_key.
 */
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './support/fixtures';

interface LogEntry {
  /** When the server recorded it (ISO 8601, the same machine's clock). */
  at: string;
  widget: 'clarity' | 'chatbot' | 'survey';
  event: string;
  data: Record<string, string | number | boolean | null>;
}

const readLog = async (request: APIRequestContext): Promise<LogEntry[]> =>
  ((await (await request.get('/api/standins/log')).json()) as { data: LogEntry[] }).data;

test('chatbot on /home only, survey told of routes and courseId, Clarity keyed', async ({
  page,
  signIn,
  expectNoA11yViolations,
}) => {
  // This test's entries by their time: the server keeps only the last 1 000 (the whole suite's
  // widgets write there), so a position read now would not point to them later.
  const since = new Date().toISOString();
  const log = async () => (await readLog(page.request)).filter((e) => e.at >= since);
  const surveyRoutes = async () =>
    (await log()).filter((e) => e.widget === 'survey' && e.event === 'route').map((e) => e.data.path);

  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/login');
  await signIn(page, 'demo', 'demo1234');
  await expect(page).toHaveURL(/\/home$/);

  // After the post-login setup (1 s) and first paint, the chatbot shows on /home.
  const chatbot = page.getByRole('button', { name: 'Fale conosco' });
  await expect(chatbot).toBeVisible({ timeout: 10_000 });
  await expectNoA11yViolations(page);
  await expect.poll(surveyRoutes).toContain('/home');

  // Away from / and /home it hides.
  const nav = page.getByRole('navigation', { name: 'Navegação principal' });
  await nav.getByRole('link', { name: 'Cursos' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Meus cursos' })).toBeVisible();
  await expect(chatbot).toBeHidden();
  // …and gives its room back (the page's bottom padding kept for it goes).
  await expect(page.locator('html')).not.toHaveAttribute('data-chatbot');
  await expect.poll(surveyRoutes).toContain('/courses');

  // A course path gives the survey its courseId.
  await page.getByRole('link', { name: 'Introdução à Informática' }).click();
  await expect(page).toHaveURL(/\/courses\/1$/);
  await expect.poll(surveyRoutes).toContain('/courses/1');
  await expect
    .poll(async () => (await log()).filter((e) => e.widget === 'survey' && e.event === 'attribute').map((e) => e.data))
    .toContainEqual({ name: 'courseId', value: '1' });

  // Back home: the chatbot shows again.
  await page.getByRole('banner').getByRole('link', { name: 'Escola Aprender' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(chatbot).toBeVisible();

  // The keys the platform configured (seed: brand 1 clarity_key / imbot_key).
  // Clarity's script loads on its own (after the first paint, beside the chatbot): wait for it.
  await expect.poll(log, { timeout: 15_000 }).toContainEqual(
    expect.objectContaining({
      widget: 'clarity',
      event: 'load',
      data: expect.objectContaining({ key: 'demo-clarity-1' }),
    }),
  );
  const entries = await log();
  expect(entries).toContainEqual(
    expect.objectContaining({
      widget: 'chatbot',
      event: 'init',
      data: expect.objectContaining({ key: 'demo-imbot-1' }),
    }),
  );
  // Hidden on /courses, shown on /home (the adapter drives the widget).
  expect(entries.filter((e) => e.widget === 'chatbot' && e.event === 'hide').map((e) => e.data.path)).toContain(
    '/courses',
  );

  // Signing out: /login is public — the survey's modals are removed, the chatbot hidden.
  await page.getByRole('button', { name: 'Sair' }).click();
  await expect(page).toHaveURL(/\/login/);
  await expect(chatbot).toBeHidden();
  await expect
    .poll(async () =>
      (await log()).filter((e) => e.widget === 'survey' && e.event === 'removeModals').map((e) => e.data.path),
    )
    .toContain('/login');
});
