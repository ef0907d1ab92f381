/**
 * Progress writes in the browser tests (outbox.spec.ts, background-sync.spec.ts): the module a
 * student works in, the learning objects picked there, the outbox's status line, and the start/end
 * writes the reference server applied (its audit endpoint `GET /lms/progress/events`).
 */
import { expect, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { serviceWorkerReady } from './service-worker';

/** One start/end write as the server applied it. */
export interface ProgressEvent {
  learning_object_id: number;
  kind: 'start' | 'end';
  /** When the student did it (the device's time), ISO; null when the write did not say. */
  client_time: string | null;
  idempotency_key: string | null;
  /** When the server received it, ISO. */
  received_at: string;
}

/** The signed-in student's token (the `token` cookie of `context`); fails the test without one. */
export async function tokenOf(context: BrowserContext): Promise<string> {
  const token = (await context.cookies()).find((c) => c.name === 'token')?.value;
  expect(token, 'token cookie').toBeTruthy();
  return token!;
}

/** The start/end writes the server applied for the student of `token`, in order. */
export async function serverEvents(request: APIRequestContext, token: string): Promise<ProgressEvent[]> {
  const answer = await request.get('/api/v1/lms/progress/events', {
    headers: { 'x-access-token': token, 'x-user-environment': 'WEB' },
  });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { data: ProgressEvent[] }).data;
}

/**
 * The outbox's status line ('… pendente', 'Enviando…') — the app's, in #root: on a page load of
 * /courses the early page (docs/decisions/0014-early-content-before-the-app.md) carries an empty
 * copy of it until the app takes the page over (a clean clone's run: a strict-mode violation, two
 * elements, after a reload under 1 000 pending writes).
 */
export const outboxText = (page: Page) => page.locator('#root .outbox-status [role="status"]');

/**
 * Signs `user` in (password demo1234) and opens the first module of the first course;
 * `serviceWorker`: waits on /home until the service worker controls the page. A student who has
 * not accepted the LGPD terms is asked 1 s after arriving on /home (unless they left it first):
 * Escape postpones it, whenever the dialog comes. @returns the module's URL.
 */
export async function openFirstModule(
  page: Page,
  signIn: (p: Page, u: string, s: string) => Promise<void>,
  user: string,
  { serviceWorker = false } = {},
): Promise<string> {
  await page.addLocatorHandler(page.getByRole('dialog', { name: 'Privacidade e proteção de dados' }), () =>
    page.keyboard.press('Escape'),
  );
  await page.goto('/login');
  await signIn(page, user, 'demo1234');
  await expect(page).toHaveURL(/\/home$/);
  if (serviceWorker) await serviceWorkerReady(page);
  await page.getByRole('navigation', { name: 'Navegação principal' }).getByRole('link', { name: 'Cursos' }).click();
  await page.locator('.card-title a').first().click();
  await page.locator('.item-title').first().click();
  await expect(page.locator('.lesson').first()).toBeVisible();
  return page.url();
}

/** The first learning object of each type label on the module page (`PDF`, `Página incorporada` …): name (trimmed), link, id. */
export async function pickObjects(page: Page, labels: string[]) {
  const picked: { name: string; href: string; id: number }[] = [];
  for (const label of labels) {
    const link = page
      .locator('.item', { hasText: `${label} ·` })
      .first()
      .locator('.item-title');
    const href = (await link.getAttribute('href')) ?? '';
    picked.push({ name: ((await link.textContent()) ?? '').trim(), href, id: Number(href.split('/').pop()) });
  }
  return picked;
}

/**
 * Finishes the open learning object with 'Concluir' and waits for 'Concluído'. A text also
 * finishes when its end comes into view (src/views/learning-object/rich-text.tsx), and
 * Playwright's own scroll before the click can bring it there: the button is then replaced by
 * the status between the scroll and the click. Either way the student sees 'Concluído'; the
 * click is tried again only while that status is not shown (a second 'Concluir' in the
 * 'ended' state is ignored by the lifecycle, so nothing is written twice).
 */
export async function finishLearningObject(page: Page): Promise<void> {
  const done = page.getByRole('status').filter({ hasText: 'Concluído' });
  await expect(async () => {
    if (!(await done.isVisible())) await page.getByRole('button', { name: 'Concluir' }).click({ timeout: 2_000 });
    await expect(done).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}
