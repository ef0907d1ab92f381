/**
 * Account profile in real Chromium against the reference server: 'Minha conta' from
 * the header, CEP 01310-100 fills the address (announced, focus on 'Número'), number, phone (with
 * an edit in its middle: the imask mask and caret in a real browser) and a valid CPF are typed,
 * 'Salvar', and after a reload everything is still there, masked. Then the identity photo: Chromium here has no camera, so 'Tirar foto' explains and
 * points to 'Enviar arquivo'; a generated PNG goes through the file input, is previewed and
 * sent. axe-core on the page, after the camera explanation and with the preview. The input masks'
 * library (imask, its chunk `masking`) is not part of the page's load: it is asked for when a masked
 * field is first focused, what is typed before it arrives is kept, and nothing moves when it arrives.
 */
import { expect, test, type Page } from './support/fixtures';

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const profile = (page: Page) => page.getByRole('region', { name: 'Dados pessoais' });
const photo = (page: Page) => page.getByRole('region', { name: 'Foto para biometria' });
const box = (page: Page, name: string) => profile(page).getByRole('textbox', { name, exact: true });

test('profile edit with CEP autofill persists across a reload; identity photo through the file fallback', async ({
  page,
  signIn,
  expectNoA11yViolations,
}) => {
  await page.goto('/login');
  await signIn(page, 'aprovat', 'demo1234');
  await expect(page).toHaveURL(/\/home$/);
  await page.getByRole('link', { name: 'Minha conta' }).click();
  await expect(page).toHaveURL(/\/conta$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Minha conta' })).toBeVisible();
  await expect(box(page, 'Nome')).not.toHaveValue('');
  await expectNoA11yViolations(page);

  // CEP autofill at the 8th digit.
  await box(page, 'CEP').pressSequentially('01310100');
  await expect(box(page, 'CEP')).toHaveValue('01310-100');
  await expect(profile(page).getByRole('status').filter({ hasText: 'Endereço preenchido pelo CEP.' })).toBeVisible();
  await expect(box(page, 'Logradouro')).toHaveValue('Avenida Paulista');
  await expect(box(page, 'Bairro')).toHaveValue('Bela Vista');
  await expect(profile(page).getByRole('combobox', { name: 'Cidade' })).toHaveValue('São Paulo');
  await expect(profile(page).getByRole('combobox', { name: 'UF' })).toHaveValue('SP');
  await expect(box(page, 'Número')).toBeFocused();
  await page.keyboard.type('1578');
  await box(page, 'Telefone').pressSequentially('11987654321');
  await expect(box(page, 'Telefone')).toHaveValue('(11) 98765-4321');
  // imask keeps the mask and the caret when the middle is edited: the 9 after the DDD deleted
  // (10 digits: the hyphen moves back), then typed again where it was.
  await box(page, 'Telefone').press('Home');
  for (let i = 0; i < 5; i++) await box(page, 'Telefone').press('ArrowRight');
  await box(page, 'Telefone').press('Delete');
  await expect(box(page, 'Telefone')).toHaveValue('(11) 8765-4321');
  await box(page, 'Telefone').press('9');
  await expect(box(page, 'Telefone')).toHaveValue('(11) 98765-4321');
  await box(page, 'CPF').pressSequentially('52998224725');
  await expect(box(page, 'CPF')).toHaveValue('529.982.247-25');
  await profile(page).getByRole('button', { name: 'Salvar' }).click();
  await expect(profile(page).getByRole('status').filter({ hasText: 'Dados salvos.' })).toBeVisible();
  await expectNoA11yViolations(page);

  // An unknown CEP leaves the address to the student.
  await box(page, 'CEP').fill('');
  await box(page, 'CEP').pressSequentially('99999999');
  await expect(
    profile(page).getByRole('status').filter({ hasText: 'CEP não encontrado. Preencha o endereço.' }),
  ).toBeVisible();
  await expect(box(page, 'Logradouro')).toBeEditable();

  await page.reload();
  await expect(box(page, 'CEP')).toHaveValue('01310-100');
  await expect(box(page, 'Logradouro')).toHaveValue('Avenida Paulista');
  await expect(box(page, 'Número')).toHaveValue('1578');
  await expect(box(page, 'Bairro')).toHaveValue('Bela Vista');
  await expect(profile(page).getByRole('combobox', { name: 'Cidade' })).toHaveValue('São Paulo');
  await expect(profile(page).getByRole('combobox', { name: 'UF' })).toHaveValue('SP');
  await expect(box(page, 'Telefone')).toHaveValue('(11) 98765-4321');
  await expect(box(page, 'CPF')).toHaveValue('529.982.247-25');

  // Identity photo: no camera here → an explanation and the file fallback.
  await photo(page).getByRole('button', { name: 'Tirar foto' }).click();
  await expect(photo(page).getByRole('alert')).toContainText('Use “Enviar arquivo”');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expectNoA11yViolations(page);
  await photo(page)
    .getByLabel('Enviar arquivo')
    .setInputFiles({ name: 'rosto.png', mimeType: 'image/png', buffer: PNG });
  await expect(photo(page).getByRole('img', { name: 'Pré-visualização da foto' })).toBeVisible();
  await expectNoA11yViolations(page);
  await photo(page).getByRole('button', { name: 'Enviar foto' }).click();
  await expect(photo(page).getByRole('status')).toHaveText('Foto enviada.');
});

test('imask loads when a masked field is first focused; what is typed before it arrives is kept', async ({
  page,
  signIn,
}) => {
  const masking = /\/assets\/masking-[\w-]+\.js$/;
  const asked: string[] = [];
  page.on('request', (request) => {
    if (masking.test(new URL(request.url()).pathname)) asked.push(request.url());
  });
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(masking, async (route) => {
    await held;
    await route.continue();
  });
  // Layout shifts, as the browser reports them (what CLS adds up).
  await page.addInitScript(() => {
    const shifts: number[] = [];
    Object.assign(window, { layoutShifts: shifts });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) shifts.push(entry.startTime);
    }).observe({ type: 'layout-shift', buffered: true });
  });
  const shiftsSince = (since: number) =>
    page.evaluate((t) => (window as unknown as { layoutShifts: number[] }).layoutShifts.filter((at) => at >= t), since);
  await page.goto('/login');
  await signIn(page, 'demo', 'demo1234');
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/conta');
  await expect(box(page, 'Nome')).not.toHaveValue('');
  await box(page, 'Nome').click();
  await page.waitForLoadState('networkidle');
  expect(asked).toEqual([]);

  // Typed while imask is held back: masked all the same, and kept when it arrives.
  await box(page, 'CPF').fill('');
  await box(page, 'CPF').pressSequentially('529982');
  await expect(box(page, 'CPF')).toHaveValue('529.982');
  expect(asked).toHaveLength(1);
  const arrived = page.waitForResponse(masking);
  const releasedAt = await page.evaluate(() => performance.now());
  release();
  await arrived;
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await expect(box(page, 'CPF')).toBeFocused();
  await expect(box(page, 'CPF')).toHaveValue('529.982');
  // Nothing moved when it arrived.
  expect(await shiftsSince(releasedAt)).toEqual([]);
  await page.keyboard.type('24725');
  await expect(box(page, 'CPF')).toHaveValue('529.982.247-25');
  // imask's caret rules from then on: Backspace right after a separator steps over it; the next
  // one deletes the digit before it (the digits after it move left), and a digit typed there
  // goes back in the same place.
  await box(page, 'CPF').press('Home');
  for (let i = 0; i < 4; i++) await box(page, 'CPF').press('ArrowRight');
  await box(page, 'CPF').press('Backspace');
  await expect(box(page, 'CPF')).toHaveValue('529.982.247-25');
  await box(page, 'CPF').press('Backspace');
  await expect(box(page, 'CPF')).toHaveValue('529.822.472-5');
  await page.keyboard.type('9');
  await expect(box(page, 'CPF')).toHaveValue('529.982.247-25');
});

test('identity photo with a camera: live preview in a dialog, capture, send', async ({
  playwright,
  launchOptions,
  signIn,
  expectNoA11yViolations,
}) => {
  // Chromium's fake camera (a generated test pattern), allowed without a prompt.
  const browser = await playwright.chromium.launch({
    ...launchOptions,
    args: [...(launchOptions.args ?? []), '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'],
  });
  try {
    const context = await browser.newContext({
      baseURL: process.env.E2E_BASE_URL,
      locale: 'pt-BR',
      permissions: ['camera'],
    });
    const page = await context.newPage();
    await page.goto('/login');
    await signIn(page, 'aprovat', 'demo1234');
    await expect(page).toHaveURL(/\/home$/);
    await page.goto('/conta');
    await photo(page).getByRole('button', { name: 'Tirar foto' }).click();
    const dialog = page.getByRole('dialog', { name: 'Tirar foto' });
    await expect(dialog).toBeVisible();
    const video = dialog.locator('video');
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.videoWidth)).toBeGreaterThan(0);
    await expectNoA11yViolations(page);
    await dialog.getByRole('button', { name: 'Capturar' }).click();
    await expect(dialog).toBeHidden();
    await expect(photo(page).getByRole('img', { name: 'Pré-visualização da foto' })).toBeVisible();
    await photo(page).getByRole('button', { name: 'Enviar foto' }).click();
    await expect(photo(page).getByRole('status')).toHaveText('Foto enviada.');
    await context.close();
  } finally {
    await browser.close();
  }
});
