/**
 * Progress that is never lost (docs/architecture.md §D2 outbox), in real Chromium against the
 * reference server: learning objects finished offline are kept on the device across a
 * reload and reach the server exactly once, with the time they were finished; a server
 * answering 500 for a minute loses nothing either.
 */
import { expect, test } from './support/fixtures';
import {
  finishLearningObject,
  openFirstModule,
  outboxText,
  pickObjects,
  serverEvents,
  tokenOf,
} from './support/progress';

test('three learning objects finished offline reach the server once each, with their own time', async ({
  page,
  context,
  request,
  signIn,
  expectNoA11yViolations,
}) => {
  const moduleUrl = await openFirstModule(page, signIn, 'novo');
  const objects = await pickObjects(page, ['PDF', 'Página incorporada', 'Áudio']);
  const moduleName = (await page.getByRole('heading', { level: 1 }).textContent()) ?? '';

  // Seen once online (the app keeps what it read in memory for the offline part).
  for (const lo of objects) {
    await page.locator(`a[href="${lo.href}"]`).click();
    await expect(page.getByRole('heading', { level: 1, name: lo.name })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Em andamento' })).toBeVisible();
    await page.getByRole('link', { name: 'Voltar ao módulo' }).click();
    await expect(page.getByRole('heading', { level: 1, name: moduleName })).toBeVisible();
  }
  await expect(outboxText(page)).toHaveText('');

  // Offline: finish all three.
  await context.setOffline(true);
  const finishedAt: Record<number, [number, number]> = {};
  for (const lo of objects) {
    await page.locator(`a[href="${lo.href}"]`).click();
    await expect(page.getByRole('heading', { level: 1, name: lo.name })).toBeVisible();
    const before = Date.now();
    await finishLearningObject(page);
    finishedAt[lo.id] = [before - 1000, Date.now() + 1000];
    await page.getByRole('link', { name: 'Voltar ao módulo' }).click();
    await expect(page.locator('.item', { hasText: lo.name })).toContainText('concluído');
  }
  await expect(outboxText(page)).toContainText('serão enviados assim que a conexão voltar');
  await expect(page.getByRole('button', { name: 'Sincronizar agora' })).toBeVisible();
  await expectNoA11yViolations(page);
  expect((await serverEvents(request, await tokenOf(context))).filter((e) => e.kind === 'end')).toEqual([]);

  // Reload while progress writes still cannot get through (the page itself loads).
  const blocked: string[] = [];
  await page.route('**/api/v1/lms/learningObjects/**', (route) => {
    if (route.request().method() !== 'PUT') return route.continue();
    blocked.push(route.request().url());
    return route.abort('internetdisconnected');
  });
  await context.setOffline(false);
  await page.goto(moduleUrl);
  await expect(outboxText(page)).toContainText('registros de progresso pendentes');
  for (const lo of objects) await expect(page.locator('.item', { hasText: lo.name })).toContainText('concluído');
  expect(blocked.length).toBeGreaterThan(0);

  // 'Sincronizar agora' tries at once, without waiting for the backoff (still blocked here).
  const triedBefore = blocked.length;
  await page.getByRole('button', { name: 'Sincronizar agora' }).click();
  await expect.poll(() => blocked.length).toBeGreaterThan(triedBefore);

  // Back online for real: the writes go (by the next retry, or at once with 'Sincronizar agora'
  // while it still shows), the count returns to 0.
  await page.unroute('**/api/v1/lms/learningObjects/**');
  const sync = page.getByRole('button', { name: 'Sincronizar agora' });
  if (await sync.isVisible()) await sync.click().catch(() => undefined); // gone if the retry came first
  await expect(outboxText(page)).toHaveText('');
  await expect(page.getByRole('button', { name: 'Sincronizar agora' })).toHaveCount(0);

  const ends = (await serverEvents(request, await tokenOf(context))).filter((e) => e.kind === 'end');
  expect(ends.map((e) => e.learning_object_id).sort()).toEqual(objects.map((o) => o.id).sort());
  for (const end of ends) {
    const [from, to] = finishedAt[end.learning_object_id]!;
    const clientTime = Date.parse(end.client_time ?? '');
    expect(clientTime, `client time of ${end.learning_object_id}`).toBeGreaterThanOrEqual(from);
    expect(clientTime, `client time of ${end.learning_object_id}`).toBeLessThanOrEqual(to);
    expect(Date.parse(end.received_at)).toBeGreaterThan(clientTime);
  }

  // The server's own view agrees after a fresh load.
  await page.reload();
  for (const lo of objects) await expect(page.locator('.item', { hasText: lo.name })).toContainText('concluído');
});

test('a minute of 500s on progress writes loses nothing: retried by itself, recorded once', async ({
  page,
  context,
  request,
  signIn,
}) => {
  // A fake clock makes the minute (and the backoff: 1, 2, 4, 8, 16, 30 s) pass quickly.
  await page.clock.install();
  await openFirstModule(page, signIn, 'aprovat');
  const [lo] = await pickObjects(page, ['PDF']);
  let failures = 0;
  await page.route('**/api/v1/lms/learningObjects/**', (route) => {
    if (route.request().method() !== 'PUT') return route.continue();
    failures += 1;
    return route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ message: 'Falha simulada' }),
    });
  });
  await page.locator(`a[href="${lo!.href}"]`).click();
  await expect(page.getByRole('heading', { level: 1, name: lo!.name })).toBeVisible();
  await finishLearningObject(page);
  await expect(outboxText(page)).toContainText('2 registros de progresso pendentes');

  for (let second = 0; second < 60; second += 5) {
    await page.clock.runFor(5_000);
    await page.waitForTimeout(50);
  }
  expect(failures).toBeGreaterThanOrEqual(5);
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  expect((await serverEvents(request, await tokenOf(context))).filter((e) => e.learning_object_id === lo!.id)).toEqual(
    [],
  );

  // The server recovers; the next automatic retry (≤ 30 s later) delivers both, in order.
  await page.unroute('**/api/v1/lms/learningObjects/**');
  for (let second = 0; second < 35; second += 5) {
    await page.clock.runFor(5_000);
    await page.waitForTimeout(50);
  }
  await expect(outboxText(page)).toHaveText('');
  const events = (await serverEvents(request, await tokenOf(context))).filter((e) => e.learning_object_id === lo!.id);
  expect(events.map((e) => e.kind)).toEqual(['start', 'end']);
});
