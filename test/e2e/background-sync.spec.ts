/**
 * Progress sent by the service worker (docs/offline.md "Progress sent with the app closed";
 * docs/decisions/0012-progress-sent-by-the-service-worker.md), in real Chromium against the
 * reference server: learning objects finished offline reach the server when the connection
 * returns with every page of the app closed (the worker's Background Sync, fired through the
 * DevTools protocol), once each, with the student's time, and the next open says so; the page and
 * the worker sending at once send each write once; signed out, the worker sends nothing.
 */
import type { CDPSession } from '@playwright/test';
import { expect, test, type Page } from './support/fixtures';
import {
  finishLearningObject,
  openFirstModule,
  outboxText,
  pickObjects,
  serverEvents,
  tokenOf,
} from './support/progress';

test.use({ serviceWorkers: 'allow' });

/**
 * Fires the app's service worker's `sync` event for the outbox (what Chromium does when the
 * connection returns), through the DevTools protocol of `page` (any page of the context).
 */
async function fireOutboxSync(page: Page, origin: string): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  const registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] = [];
  cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: updated }) => registrations.push(...updated));
  await cdp.send('ServiceWorker.enable');
  await expect
    .poll(() => registrations.find((r) => r.scopeURL === `${origin}/` && !r.isDeleted)?.registrationId)
    .toBeTruthy();
  const { registrationId } = registrations.find((r) => r.scopeURL === `${origin}/` && !r.isDeleted)!;
  await cdp.send('ServiceWorker.dispatchSyncEvent', { origin, registrationId, tag: 'lms-outbox', lastChance: false });
  return cdp;
}

/** The pending writes of the outbox on this device (IndexedDB `lms-outbox`). */
const storedWrites = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const open = indexedDB.open('lms-outbox');
        open.onsuccess = () => {
          const all = open.result.transaction('writes').objectStore('writes').getAll();
          all.onsuccess = () =>
            resolve((all.result as { status: string }[]).filter((e) => e.status === 'pending').length);
        };
      }),
  );

test('two learning objects finished offline reach the server with the app closed, once each; the next open says so', async ({
  page,
  context,
  request,
  signIn,
  baseURL,
}) => {
  const origin = new URL(baseURL!).origin;
  const moduleUrl = await openFirstModule(page, signIn, 'eja', { serviceWorker: true });
  const token = await tokenOf(context);
  const objects = await pickObjects(page, ['PDF', 'Página incorporada']);
  const moduleName = (await page.getByRole('heading', { level: 1 }).textContent()) ?? '';
  for (const lo of objects) {
    await page.locator(`a[href="${lo.href}"]`).click();
    await expect(page.getByRole('heading', { level: 1, name: lo.name })).toBeVisible();
    await page.getByRole('link', { name: 'Voltar ao módulo' }).click();
    await expect(page.getByRole('heading', { level: 1, name: moduleName })).toBeVisible();
  }
  await expect(outboxText(page)).toHaveText('');

  await context.setOffline(true);
  const finishedAt: Record<number, [number, number]> = {};
  for (const lo of objects) {
    await page.locator(`a[href="${lo.href}"]`).click();
    await expect(page.getByRole('heading', { level: 1, name: lo.name })).toBeVisible();
    const before = Date.now();
    await finishLearningObject(page);
    finishedAt[lo.id] = [before - 1000, Date.now() + 1000];
    await page.getByRole('link', { name: 'Voltar ao módulo' }).click();
  }
  await expect(outboxText(page)).toContainText('serão enviados assim que a conexão voltar');
  expect((await serverEvents(request, token)).filter((e) => e.kind === 'end')).toEqual([]);

  // Every page of the app closes; a blank page (no page of the app) drives the DevTools protocol.
  const blank = await context.newPage();
  await page.close();
  await context.setOffline(false);
  await fireOutboxSync(blank, origin);
  await expect
    .poll(async () => (await serverEvents(request, token)).filter((e) => e.kind === 'end').length)
    .toBe(objects.length);
  const ends = (await serverEvents(request, token)).filter((e) => e.kind === 'end');
  expect(ends.map((e) => e.learning_object_id).sort()).toEqual(objects.map((o) => o.id).sort());
  for (const end of ends) {
    const [from, to] = finishedAt[end.learning_object_id]!;
    const clientTime = Date.parse(end.client_time ?? '');
    expect(clientTime, `client time of ${end.learning_object_id}`).toBeGreaterThanOrEqual(from);
    expect(clientTime, `client time of ${end.learning_object_id}`).toBeLessThanOrEqual(to);
  }
  const rowsBefore = (await serverEvents(request, token)).length;

  // The next open: the notice, once; nothing waits, nothing is sent again.
  const reopened = await context.newPage();
  await reopened.goto(moduleUrl);
  const notice = reopened.getByText(/^2 atividades enviadas às \d{2}:\d{2} enquanto o app estava fechado\.$/);
  await expect(notice).toBeVisible();
  await expect(outboxText(reopened)).toHaveText('');
  for (const lo of objects) await expect(reopened.locator('.item', { hasText: lo.name })).toContainText('concluído');
  await reopened.getByRole('button', { name: 'Entendi' }).click();
  await expect(notice).toHaveCount(0);
  await reopened.reload();
  await expect(reopened.getByRole('heading', { level: 1, name: moduleName })).toBeVisible();
  await expect(reopened.getByText(/atividades enviadas às/)).toHaveCount(0);
  expect(await storedWrites(reopened)).toBe(0);
  expect((await serverEvents(request, token)).length).toBe(rowsBefore);
});

test('the page and the service worker sending at once: each of 50 queued writes arrives once', async ({
  page,
  context,
  request,
  signIn,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const origin = new URL(baseURL!).origin;
  await openFirstModule(page, signIn, 'lxp', { serviceWorker: true });
  const token = await tokenOf(context);
  const [lo] = await pickObjects(page, ['PDF']);
  // Progress writes cannot get through: the page's outbox waits to send again.
  let lessonId = NaN;
  await context.route('**/api/v1/lms/learningObjects/**', (route) => {
    if (route.request().method() !== 'PUT') return route.continue();
    lessonId = Number(new URL(route.request().url()).searchParams.get('lesson_id'));
    return route.abort('internetdisconnected');
  });
  await page.locator(`a[href="${lo!.href}"]`).click();
  await expect(outboxText(page)).toContainText('pendente');
  // 49 more starts of it (as opening it 49 times offline would leave), stored by the app's store.
  const userId = await page.evaluate(
    () => (JSON.parse(localStorage.getItem('lms.user.lastKnown') ?? '{}') as { id?: number }).id,
  );
  expect(userId).toBeTruthy();
  expect(lessonId).toBeGreaterThan(0);
  // Keys of this try only (a retry of the test must not meet its first try's keys as replays).
  const run = crypto.randomUUID().slice(0, 8);
  const stored = await page.evaluate(
    ({ userId, learningObjectId, lessonId, run }) =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('lms-outbox');
        open.onsuccess = () => {
          const tx = open.result.transaction('writes', 'readwrite');
          for (let i = 0; i < 49; i++)
            tx.objectStore('writes').add({
              id: `e2e-both-${run}-${i}:start`,
              userId,
              write: { kind: 'learningObject.start', learningObjectId, lessonId },
              clientTime: new Date(Date.now() - (49 - i) * 1000).toISOString(),
              status: 'pending',
            });
          tx.oncomplete = () => {
            const all = open.result.transaction('writes').objectStore('writes').getAll();
            all.onsuccess = () => resolve(all.result.length);
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    { userId: userId!, learningObjectId: lo!.id, lessonId, run },
  );
  expect(stored).toBe(50);
  const keys = (await serverEvents(request, token)).map((e) => e.idempotency_key);

  // Every progress write sent from now on, by its key: the page's requests and the worker's
  // (Chromium reports a service worker's requests to the context too).
  const sent = new Map<string, number>();
  context.on('request', (r) => {
    const key = r.headers()['idempotency-key'];
    if (!key?.startsWith('e2e-both-') && !key?.endsWith(':start')) return;
    sent.set(key, (sent.get(key) ?? 0) + 1);
  });

  // The connection returns: the page ('Sincronizar agora') and the worker (its sync) at once.
  await context.unroute('**/api/v1/lms/learningObjects/**');
  // 'Sincronizar agora' shows only while the page's outbox waits: once it retries by itself, or
  // waits for the worker's lock, the button is gone — then the page is sending (or about to) anyway.
  const syncNow = page.getByRole('button', { name: 'Sincronizar agora' });
  await Promise.all([fireOutboxSync(page, origin), syncNow.click({ timeout: 2_000 }).catch(() => undefined)]);
  // Without the click, the page's own retry comes after its backoff (at most 30 s).
  await expect(outboxText(page)).toHaveText('', { timeout: 35_000 });
  await expect.poll(() => storedWrites(page)).toBe(0);
  const events = (await serverEvents(request, token)).filter((e) => !keys.includes(e.idempotency_key));
  expect(events).toHaveLength(50);
  expect(new Set(events.map((e) => e.idempotency_key)).size).toBe(50);
  // Never the same write twice: one sender at a time, each reading what the other left.
  expect([...sent.values()].filter((n) => n > 1)).toEqual([]);
  expect(sent.size).toBe(50);
});

test('signed out, the service worker sends nothing; after sign-in the page sends the writes', async ({
  page,
  context,
  request,
  signIn,
  baseURL,
}) => {
  const origin = new URL(baseURL!).origin;
  await openFirstModule(page, signIn, 'demo', { serviceWorker: true });
  const token = await tokenOf(context);
  const [lo] = await pickObjects(page, ['PDF']);
  const moduleName = (await page.getByRole('heading', { level: 1 }).textContent()) ?? '';
  await page.locator(`a[href="${lo!.href}"]`).click();
  await expect(page.getByRole('heading', { level: 1, name: lo!.name })).toBeVisible();
  await page.getByRole('link', { name: 'Voltar ao módulo' }).click();
  await expect(page.getByRole('heading', { level: 1, name: moduleName })).toBeVisible();
  await expect(outboxText(page)).toHaveText('');
  const before = (await serverEvents(request, token)).length;
  await context.setOffline(true);
  await page.locator(`a[href="${lo!.href}"]`).click();
  await finishLearningObject(page);
  await expect(outboxText(page)).toContainText('serão enviados assim que a conexão voltar');
  // Signed out on this device (its cookies gone with the session), no page of the app open.
  const blank = await context.newPage();
  await page.close();
  await context.clearCookies();
  await context.setOffline(false);
  await fireOutboxSync(blank, origin);

  // Signing in again: until then nothing arrived (the worker had no session); then the page sends them.
  const again = await context.newPage();
  await again.goto('/login');
  await expect(again.getByRole('button', { name: 'Entrar' })).toBeVisible();
  expect((await serverEvents(request, token)).length).toBe(before);
  await signIn(again, 'demo', 'demo1234');
  await expect(again).toHaveURL(/\/home$/);
  await expect
    .poll(async () => (await serverEvents(request, await tokenOf(context))).slice(before).map((e) => e.kind))
    .toEqual(['start', 'end']);
  await expect(outboxText(again)).toHaveText('');
});
