/**
 * No sideways scrolling on any signed-in screen, and nothing under the chatbot, in real
 * Chromium against its own reference server: every signed-in route of
 * src/app/route-table.ts — home, the course list (with the short videos), a course, a module, a
 * learning object of each type (text, video, PDF, quiz), grades and a course's grade details,
 * the documents area (with the certificates) and one attachment, finances and its open Pix
 * dialog, 'Minha conta', the areas and the not-found page — on both brands, at 320×640 and
 * 390×844, with the font size 'Normal' and 'Muito maior': `document.documentElement.scrollWidth
 * <= innerWidth`, naming the elements that stick out when it fails. Where the chatbot shows
 * (/home on brand 1), no focusable element lies under its 'Fale conosco' button
 * (`elementFromPoint`), at the page's end nor when focused; elsewhere it is hidden and its room
 * given back. One sign-in per student; each screen is loaded once per font size and checked at
 * both viewport sizes.
 */
import { expect, test, type Page } from './support/fixtures';
import { startReferenceServer, type ReferenceServer } from './support/server';
import { studentPlaces } from './support/student-screens';

const PHONES = [
  { width: 390, height: 844 },
  { width: 320, height: 640 },
];
const FONT_SIZES = ['Normal', 'Muito maior'] as const;
const CHATBOT = 'Fale conosco';

// Its own database: opening every learning object records starts (and a short text or a
// video may end), which must not change what other specs' students have done.
let server: ReferenceServer;
test.beforeAll(async () => {
  server = await startReferenceServer();
});
test.afterAll(async () => {
  await server?.dispose();
});

/** One screen to check: its path, and whether its Pix dialog is opened. */
interface Screen {
  path: string;
  /** Opens the Pix dialog after loading (the dialog is checked, not only the page). */
  pix?: boolean;
}

/**
 * What sticks out of the viewport on the right — elements, and text that overflows its box (a
 * long word) — innermost and widest first, as short descriptions; null when nothing does.
 */
function overflowReport(): string | null {
  const width = window.innerWidth;
  const doc = document.documentElement.scrollWidth;
  const dialog = document.querySelector('dialog[open]');
  const dialogOverflow = dialog !== null && dialog.scrollWidth > dialog.clientWidth + 1;
  if (doc <= width && !dialogOverflow && (!dialog || dialog.getBoundingClientRect().right <= width + 0.5)) return null;
  /** Whether a box from `from` (inclusive) up clips what is inside it within the viewport. */
  const clippedFrom = (from: Element | null) => {
    for (let a = from; a && a !== document.body; a = a.parentElement) {
      const style = getComputedStyle(a);
      if (style.overflowX !== 'visible' && a.getBoundingClientRect().right <= width + 0.5) return true;
    }
    return false;
  };
  const describe = (el: Element, right: number, what = '') => {
    const classes =
      typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).join('.')}` : '';
    const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
    const box = el.getBoundingClientRect();
    return `<${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${classes}>${what} "${text}" ${Math.round(box.width)} px wide, reaching ${Math.round(right)} px`;
  };
  const found: { el: Element; right: number; what: string }[] = [];
  const elements = Array.from(document.querySelectorAll('body *')).filter((el) => {
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.right > width + 0.5 && !clippedFrom(el.parentElement);
  });
  for (const el of elements) {
    if (!elements.some((other) => other !== el && el.contains(other))) {
      found.push({ el, right: el.getBoundingClientRect().right, what: '' });
    }
  }
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || !node.textContent?.trim()) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    const right = Math.max(0, ...Array.from(range.getClientRects()).map((r) => r.right));
    if (right > width + 0.5 && !clippedFrom(parent)) {
      found.push({ el: parent, right, what: ' text' });
    }
  }
  const widest = found.sort((a, b) => b.right - a.right).slice(0, 3);
  const where = dialog ? ` (open dialog: scrollWidth ${dialog.scrollWidth} in ${dialog.clientWidth})` : '';
  const list = widest.map(({ el, right, what }) => describe(el, right, what)).join('; ');
  return `page is ${doc} px wide in ${width} px${where}; sticking out: ${list || 'nothing found'}`;
}

/** Focusable elements under the chatbot button (overlapping it, or covered at their centre), as short HTML. */
function coveredElements(mode: 'atEnd' | 'eachFocused'): string[] {
  const button = document.getElementById('chatbot-standin')!;
  const focusable = Array.from(
    document.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, [tabindex]'),
  ).filter((el) => el !== button && el.tabIndex >= 0 && el.getClientRects().length > 0 && !el.closest('[inert]'));
  const covered: string[] = [];
  if (mode === 'atEnd') window.scrollTo(0, document.documentElement.scrollHeight);
  for (const el of focusable) {
    if (mode === 'eachFocused') el.focus();
    const r = el.getBoundingClientRect();
    const b = button.getBoundingClientRect();
    if (r.bottom <= 0 || r.top >= innerHeight) continue; // not on screen
    const overlaps = r.right > b.left && r.left < b.right && r.bottom > b.top && r.top < b.bottom;
    const cx = Math.min(Math.max(r.left + r.width / 2, 0), innerWidth - 1);
    const cy = Math.min(Math.max(r.top + r.height / 2, 0), innerHeight - 1);
    const top = document.elementFromPoint(cx, cy);
    const hidden = top !== null && top !== el && !el.contains(top) && button.contains(top);
    if (overlaps || hidden) covered.push(el.outerHTML.slice(0, 100));
  }
  return covered;
}

/** Every signed-in screen of the student signed in on `page`, found through their own API reads. */
async function signedInScreens(page: Page, base: string): Promise<Screen[]> {
  const places = await studentPlaces(page, base);
  const screens: Screen[] = [
    { path: '/' },
    { path: '/home' },
    { path: '/courses' },
    { path: places.firstCourse },
    { path: places.firstModule },
    ...places.learningObjects.map((path) => ({ path })),
    { path: '/grades' },
    ...(places.gradeDetails ? [{ path: places.gradeDetails }] : []),
    { path: '/attachments' },
    ...(places.attachment ? [{ path: places.attachment }] : []),
    { path: '/finances' },
    { path: '/finances', pix: true },
    { path: '/conta' },
    { path: '/profissionalizante' },
    { path: '/nao-existe' },
  ];
  if (places.missingTypes.length)
    test.info().annotations.push({ type: 'no learning object', description: places.missingTypes.join(', ') });
  return screens;
}

/** Chooses the font size in the accessibility panel (kept on the device for the next loads). */
async function chooseFontSize(page: Page, size: (typeof FONT_SIZES)[number]) {
  // On a phone the header's controls are behind 'Menu'.
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  const visibleButton = page.getByRole('button', { name: 'Acessibilidade' }).filter({ visible: true });
  if ((await visibleButton.count()) === 0) await page.getByRole('button', { name: 'Menu' }).click();
  await visibleButton.first().click();
  const panel = page.getByRole('dialog', { name: 'Acessibilidade' });
  await panel.getByRole('group', { name: 'Tamanho da letra' }).getByRole('radio', { name: size }).check();
  await panel.getByRole('button', { name: 'Fechar' }).click();
  await expect(panel).toBeHidden();
}

/** Loads `screen` and waits until its content is in. */
async function open(page: Page, base: string, screen: Screen, fontSize: string) {
  await page.goto(`${base}${screen.path}`);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.locator('.page-loading')).toHaveCount(0);
  await expect(page.locator('html')).toHaveAttribute('data-font-size', fontSize);
  if (screen.pix) {
    await page
      .getByRole('button', { name: /^Pagar com Pix/ })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: /^Pagar com Pix/ });
    await expect(dialog.getByRole('textbox', { name: 'Pix Copia e Cola' })).not.toHaveValue('');
  }
}

/** No sideways scrolling at each phone size; the chatbot, where it shows, covers nothing. */
async function checkAtEachPhoneSize(page: Page, label: string, withChatbot: boolean) {
  for (const phone of PHONES) {
    await page.setViewportSize(phone);
    const where = `${label} at ${phone.width}×${phone.height}`;
    // Layout settles after the resize (fonts, images): the report is taken once it has.
    await expect
      .poll(() => page.evaluate(overflowReport), { message: `sideways scrolling on ${where}`, timeout: 2_000 })
      .toBeNull();
    if (withChatbot) {
      await expect(page.getByRole('button', { name: CHATBOT })).toBeVisible({ timeout: 10_000 });
      expect(await page.evaluate(coveredElements, 'atEnd' as const), `covered by the chatbot on ${where}`).toEqual([]);
      expect(await page.evaluate(coveredElements, 'eachFocused' as const), `covered when focused on ${where}`).toEqual(
        [],
      );
      await page.evaluate(() => window.scrollTo(0, 0));
    }
  }
}

const BRANDS = [
  { name: 'brand 1', base: () => server.base, student: 'demo', chatbot: true },
  { name: 'brand 2 (streaming)', base: () => server.base2, student: 'stream', chatbot: false },
];

for (const brand of BRANDS) {
  test(`${brand.name}: no signed-in screen scrolls sideways at 320 and 390 px, font sizes 1 and 3; the chatbot covers nothing`, async ({
    page,
    signIn,
  }) => {
    test.setTimeout(150_000);
    const base = brand.base();
    await page.setViewportSize(PHONES[0]!);
    await page.goto(`${base}/login`);
    await signIn(page, brand.student, 'demo1234');
    await expect(page).not.toHaveURL(/\/login/);
    const screens = await signedInScreens(page, base);
    for (const [index, fontSize] of FONT_SIZES.entries()) {
      await chooseFontSize(page, fontSize);
      for (const screen of screens) {
        await open(page, base, screen, String(index === 0 ? 1 : 3));
        const home = /^\/(home)?$/.test(screen.path) && new URL(page.url()).pathname === '/home';
        const withChatbot = brand.chatbot && home;
        if (!withChatbot) await expect(page.locator('html')).not.toHaveAttribute('data-chatbot', 'shown');
        await checkAtEachPhoneSize(
          page,
          `${screen.path}${screen.pix ? ' (Pix dialog open)' : ''}, '${fontSize}'`,
          withChatbot,
        );
      }
    }
    if (brand.chatbot) {
      // Away from /home in the app, the chatbot hides and the page gives its room back.
      await page.goto(`${base}/home`);
      const chatbot = page.getByRole('button', { name: CHATBOT });
      await expect(chatbot).toBeVisible({ timeout: 10_000 });
      await page.getByRole('button', { name: 'Menu' }).click();
      await page.getByRole('navigation', { name: 'Navegação do menu' }).getByRole('link', { name: 'Cursos' }).click();
      await expect(page).toHaveURL(/\/courses$/);
      await expect(chatbot).toBeHidden();
      await expect(page.locator('html')).not.toHaveAttribute('data-chatbot');
    }
  });
}

test('the areas of flagged students (brand 1): no sideways scrolling at 320 and 390 px, font sizes 1 and 3', async ({
  browser,
  signIn,
}) => {
  test.setTimeout(90_000);
  for (const [student, path] of [
    ['aprovat', '/transito'],
    ['lxp', '/graduacao'],
    ['eja', '/tecmix'],
  ] as const) {
    const context = await browser.newContext({ viewport: PHONES[0]! });
    const page = await context.newPage();
    await page.goto(`${server.base}/login`);
    await signIn(page, student, 'demo1234');
    await expect(page).toHaveURL(/\/home$/);
    for (const [index, fontSize] of FONT_SIZES.entries()) {
      await chooseFontSize(page, fontSize);
      await open(page, server.base, { path }, String(index === 0 ? 1 : 3));
      await checkAtEachPhoneSize(page, `${path} (${student}), '${fontSize}'`, false);
    }
    await context.close();
  }
});
