/**
 * The layout sweep, in real Chromium against its own reference server: every signed-in screen
 * (home, the course list, a course, a module, a learning object of each type, grades and a
 * course's grade details, the documents area and one attachment, finances, 'Minha conta', the
 * professional courses) × the phones 320×640, 390×844 and 844×390 (a phone on its side) × text
 * 'Normal' and the largest text with the largest spacing (font_size 3, font_spacing 3 of
 * docs/product.md §3) × light and dark × both brands (brand by host: localhost and 127.0.0.1).
 * On each:
 * - the screen marks its content visible once (`content-visible:<screen>`, the bench's measure);
 * - in dark mode with the largest text and spacing, at 390×844: axe-core (WCAG 2.0/2.1 A and AA)
 *   finds nothing;
 * - no sideways scrolling: `document.scrollingElement.scrollWidth <= innerWidth`, and no text past
 *   the screen's right edge outside a row that scrolls sideways on purpose;
 * - the header is the phone header, at most 64 px high, in every phone case (portrait and
 *   landscape);
 * - the school's name in the header is whole: not hidden, nothing cut (its element's
 *   scrollWidth/scrollHeight within its clientWidth/clientHeight, so no ellipsis either);
 * - no interactive control on screen is covered by a fixed or sticky element (the
 *   pending-progress status, a dialog's bar…): `elementFromPoint` at each visible control's centre
 *   is the control or inside it, with the page at its start and at its end. The chatbot's floating
 *   'Fale conosco' (on /home, when the school has one, arriving once the page is idle) may lie over
 *   a control for a moment, like any floating button: a control under it must come out from under
 *   it when scrolled to the middle of the screen, and no control, once focused, is under it;
 * - on /finances, the Pix dialog of the first open bill fits the screen (no sideways scrolling
 *   inside it, no text past the edge).
 * With the largest text, progress writes wait to be sent (the platform unreachable for them), so
 * every screen is measured with the pending-progress status and its 'Sincronizar agora' shown.
 * One sign-in per brand; one browser context per (brand, text, theme) with the text and theme
 * set through the app's own stored settings (the `a11y:*` keys and the pre-paint script's
 * `prepaint` key of src/services/storage/accessibility-settings.ts), one page reused: each
 * screen is loaded once and measured at the three sizes. Failures are gathered and reported
 * together per context.
 */
import type { Browser, BrowserContext } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { WCAG_TAGS, expect, test, type Page } from './support/fixtures';
import { startReferenceServer, type ReferenceServer } from './support/server';
import { studentPlaces } from './support/student-screens';
import { applySettings } from './support/settings';
import { markOf } from '../../scripts/bench/visible';
import { DEFAULT_SETTINGS } from '../../src/services/storage/accessibility-settings';

const PHONES = [
  { width: 320, height: 640 },
  { width: 390, height: 844 },
  { width: 844, height: 390 },
];
const HEADER_MAX = 64;
const TEXTS = [
  { name: 'normal text', font_size: 1, font_spacing: 1 },
  { name: 'largest text and spacing', font_size: 3, font_spacing: 3 },
] as const;
const THEMES = [
  { name: 'light', is_dark_mode: false },
  { name: 'dark', is_dark_mode: true },
] as const;

// Its own database: opening every learning object records starts (and a short text may end),
// which must not change what other specs' students have done.
let server: ReferenceServer;

interface Brand {
  name: string;
  base: () => string;
  student: string;
  /** Whether its school has the chatbot (shown on /home once the page is idle). */
  chatbot: boolean;
  /** Cookies and storage of the signed-in student, and the screens found for them. */
  state?: Awaited<ReturnType<BrowserContext['storageState']>>;
  screens?: string[];
}

const BRANDS: Brand[] = [
  { name: 'brand 1', base: () => server.base, student: 'demo', chatbot: true },
  { name: 'brand 2', base: () => server.base2, student: 'stream', chatbot: false },
];

/** Every signed-in screen of the student signed in on `page`, found through their own API reads. */
async function signedInScreens(page: Page, base: string, landing: string): Promise<string[]> {
  const places = await studentPlaces(page, base);
  return [
    landing,
    '/courses',
    places.firstCourse,
    places.firstModule,
    ...places.learningObjects,
    '/grades',
    places.gradeDetails ?? '',
    '/attachments',
    places.attachment ?? '',
    '/finances',
    '/conta',
    '/profissionalizante',
    '/nao-existe',
  ].filter(Boolean);
}

/**
 * What is wrong with the layout now, measured in the page (an empty list when nothing is): the
 * page wider than the viewport, the header taller than `headerMax` or not the phone header, the
 * school's name hidden or cut, and the controls on screen that a fixed or sticky element covers
 * (with the page at its start and at its end).
 */
function layoutProblems(headerMax: number): string[] {
  const problems: string[] = [];
  const describe = (el: Element) => {
    const classes =
      typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).join('.')}` : '';
    const text = (el.textContent ?? el.getAttribute('aria-label') ?? '').trim().replace(/\s+/g, ' ').slice(0, 30);
    return `<${el.tagName.toLowerCase()}${classes}> "${text}"`;
  };
  /** Whether `from` or a box around it scrolls sideways on purpose (a row of cards, a wide table). */
  const inScroller = (from: Element | null) => {
    for (let a = from; a && a !== document.body; a = a.parentElement) {
      if (['auto', 'scroll'].includes(getComputedStyle(a).overflowX)) return true;
    }
    return false;
  };
  const scroller = document.scrollingElement ?? document.documentElement;
  if (scroller.scrollWidth > window.innerWidth) {
    const wide = Array.from(document.querySelectorAll('main *, header *'))
      .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 0.5 && !inScroller(el.parentElement))
      .filter((el, _, all) => !all.some((other) => other !== el && el.contains(other)))
      .slice(0, 3)
      .map((el) => `${describe(el)} reaching ${Math.round(el.getBoundingClientRect().right)} px`);
    problems.push(`page ${scroller.scrollWidth} px wide in ${window.innerWidth} px (${wide.join('; ')})`);
  }
  // Text past the screen's right edge, outside a box that scrolls sideways on purpose (a row of
  // cards): cut off even where the page itself does not scroll.
  const cut = new Set<string>();
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || !node.textContent?.trim() || getComputedStyle(parent).visibility === 'hidden') continue;
    // Visually hidden text (`.sr-only`, a 1 px box) is for assistive technology only.
    if (parent.getBoundingClientRect().width <= 1 || inScroller(parent)) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    const right = Math.max(0, ...Array.from(range.getClientRects()).map((r) => r.right));
    if (right > window.innerWidth + 0.5) cut.add(`${describe(parent)} reaching ${Math.round(right)} px`);
  }
  if (cut.size) problems.push(`text past the screen's edge: ${[...cut].slice(0, 3).join('; ')}`);
  const header = document.querySelector('header.app-header');
  if (!header) problems.push('no header');
  else {
    const height = header.getBoundingClientRect().height;
    if (height > headerMax) problems.push(`header ${Math.round(height)} px high (at most ${headerMax})`);
    const menu = header.querySelector('.menu-button');
    if (!menu || menu.getClientRects().length === 0) problems.push('not the phone header (no Menu button)');
    const name = header.querySelector<HTMLElement>('.brand-name');
    if (!name || name.getClientRects().length === 0 || name.clientWidth === 0)
      problems.push("the school's name hidden");
    else if (name.scrollWidth > name.clientWidth + 0.5 || name.scrollHeight > name.clientHeight + 0.5) {
      problems.push(
        `the school's name "${name.textContent}" cut (${name.scrollWidth}×${name.scrollHeight} px in ${name.clientWidth}×${name.clientHeight})`,
      );
    }
  }
  const controls = Array.from(
    document.querySelectorAll<HTMLElement>(
      'a[href], button, input:not([type="hidden"]), select, textarea, summary, [tabindex]:not([tabindex="-1"])',
    ),
  );
  /** Whether the point lies outside a box of an ancestor of `el` that clips (a scrolled carousel). */
  const clippedAt = (el: Element, x: number, y: number) => {
    for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
      if (getComputedStyle(a).overflow === 'visible') continue;
      const box = a.getBoundingClientRect();
      if (x < box.left || x > box.right || y < box.top || y > box.bottom) return true;
    }
    return false;
  };
  /** Whether `el`, scrolled to the middle of the screen, is on top at its centre (the scroll is put back). */
  const outFromUnder = (el: HTMLElement) => {
    const y = window.scrollY;
    el.scrollIntoView({ block: 'center', inline: 'nearest' });
    const r = el.getBoundingClientRect();
    const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    window.scrollTo(0, y);
    return top !== null && (top === el || el.contains(top));
  };
  const covered = new Set<string>();
  const check = () => {
    for (const el of controls) {
      if (el.closest('[inert], dialog:not([open])')) continue;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.opacity === '0') continue;
      const r = el.getBoundingClientRect();
      if (r.width < 2 || r.height < 2) continue;
      const x = r.left + r.width / 2;
      const y = r.top + r.height / 2;
      if (x < 0 || x >= window.innerWidth || y < 0 || y >= window.innerHeight || clippedAt(el, x, y)) continue;
      const top = document.elementFromPoint(x, y);
      if (!top || top === el || el.contains(top)) continue;
      for (let a: Element | null = top; a; a = a.parentElement) {
        const position = getComputedStyle(a).position;
        if (position === 'fixed' || position === 'sticky') {
          if (!a.contains(el) && !(a.id === 'chatbot-standin' && outFromUnder(el))) {
            covered.add(`${describe(el)} under ${describe(a)}`);
          }
          break;
        }
      }
    }
  };
  const scrollY = window.scrollY;
  window.scrollTo(0, 0);
  check();
  window.scrollTo(0, scroller.scrollHeight);
  check();
  window.scrollTo(0, scrollY);
  if (covered.size) problems.push(`covered by a fixed element: ${[...covered].slice(0, 4).join('; ')}`);
  return problems;
}

/**
 * What is wrong with the open dialog's layout (an empty list when nothing is): wider than the
 * screen, scrolling sideways inside, or text past the screen's right edge.
 */
function dialogProblems(): string[] {
  const dialog = document.querySelector('dialog[open]');
  if (!dialog) return ['no open dialog'];
  const problems: string[] = [];
  const box = dialog.getBoundingClientRect();
  if (box.left < -0.5 || box.right > window.innerWidth + 0.5)
    problems.push(`dialog from ${Math.round(box.left)} to ${Math.round(box.right)} px in ${window.innerWidth} px`);
  if (dialog.scrollWidth > dialog.clientWidth + 1)
    problems.push(`dialog scrolls sideways: ${dialog.scrollWidth} px in ${dialog.clientWidth} px`);
  const walker = document.createTreeWalker(dialog, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.textContent?.trim() || !node.parentElement || node.parentElement.getBoundingClientRect().width <= 1)
      continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    const right = Math.max(0, ...Array.from(range.getClientRects()).map((r) => r.right));
    if (right > window.innerWidth + 0.5)
      problems.push(`dialog text "${node.textContent.trim().slice(0, 30)}" reaching ${Math.round(right)} px`);
  }
  return problems;
}

/**
 * The focusable elements that, once focused (the browser scrolls them into view), lie under the
 * chatbot's floating button — focus must never be hidden behind it (WCAG 2.2 "Focus Not
 * Obscured"). Short HTML of each; the scroll and focus are put back.
 */
function focusedUnderChatbot(): string[] {
  const button = document.getElementById('chatbot-standin');
  if (!button) return ['no chatbot'];
  const scrollY = window.scrollY;
  const focusable = Array.from(
    document.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, [tabindex]'),
  ).filter((el) => el !== button && el.tabIndex >= 0 && el.getClientRects().length > 0 && !el.closest('[inert]'));
  const covered: string[] = [];
  for (const el of focusable) {
    el.focus();
    const r = el.getBoundingClientRect();
    const b = button.getBoundingClientRect();
    if (r.bottom <= 0 || r.top >= innerHeight) continue;
    const overlaps = r.right > b.left && r.left < b.right && r.bottom > b.top && r.top < b.bottom;
    const cx = Math.min(Math.max(r.left + r.width / 2, 0), innerWidth - 1);
    const cy = Math.min(Math.max(r.top + r.height / 2, 0), innerHeight - 1);
    const top = document.elementFromPoint(cx, cy);
    if (overlaps || (top !== null && top !== el && !el.contains(top) && button.contains(top)))
      covered.push(el.outerHTML.slice(0, 100));
  }
  (document.activeElement as HTMLElement | null)?.blur();
  window.scrollTo(0, scrollY);
  return covered;
}

/** Loads `path` and waits for its main heading, with its content in. */
async function open(page: Page, base: string, path: string) {
  await page.goto(`${base}${path}`);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 15_000 });
  await expect(page.locator('.page-loading')).toHaveCount(0);
  // Its reads settled: no skeleton left (the home's banners come after its heading).
  await expect(page.locator('.skeleton-list')).toHaveCount(0, { timeout: 15_000 });
}

/** The problems at `phone`, once the layout has settled after a resize (polled briefly), else the last ones seen. */
async function problemsAt(page: Page, phone: { width: number; height: number }) {
  await page.setViewportSize(phone);
  let last: string[];
  const deadline = Date.now() + 1_500;
  do {
    last = await page.evaluate(layoutProblems, HEADER_MAX);
    if (last.length === 0) return last;
    // The next frame: fonts, images and the resize's layout land between two measurements.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  } while (Date.now() < deadline);
  return last;
}

test.beforeAll(async ({ browser }: { browser: Browser }) => {
  test.setTimeout(120_000);
  server = await startReferenceServer();
  for (const brand of BRANDS) {
    const context = await browser.newContext({ viewport: PHONES[1], locale: 'pt-BR' });
    const page = await context.newPage();
    await page.goto(`${brand.base()}/login`);
    await page.getByRole('textbox', { name: 'Código de acesso' }).fill(brand.student);
    await page.getByLabel('Senha').fill('demo1234');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page).toHaveURL(/\/(home)?$/);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    brand.screens = await signedInScreens(page, brand.base(), new URL(page.url()).pathname);
    brand.state = await context.storageState();
    await context.close();
  }
});

test.afterAll(async () => {
  await server?.dispose();
});

for (const brand of BRANDS) {
  for (const text of TEXTS) {
    for (const theme of THEMES) {
      test(`${brand.name}, ${text.name}, ${theme.name}: every signed-in screen at 320×640, 390×844 and 844×390`, async ({
        browser,
      }) => {
        // axe on every screen (dark, largest text) doubles the time: 33–72 s measured, alone and in npm test.
        test.setTimeout(text.font_size === 3 && theme.is_dark_mode ? 180_000 : 120_000);
        const settings = { ...DEFAULT_SETTINGS, ...text, ...theme };
        const context = await browser.newContext({ storageState: brand.state, viewport: PHONES[0], locale: 'pt-BR' });
        await applySettings(context, settings);
        const page = await context.newPage();
        const pending = text.font_size === 3;
        if (pending) {
          // Progress writes cannot get through: opening a learning object queues its start, and the
          // pending-progress status shows on every screen after it.
          await page.route('**/api/v1/lms/learningObjects/**', (route) =>
            route.request().method() === 'PUT' ? route.abort('internetdisconnected') : route.continue(),
          );
          await open(
            page,
            brand.base(),
            brand.screens!.find((p) => p.includes('/learningObjects/'))!,
          );
        }
        const failures: string[] = [];
        for (const path of brand.screens!) {
          await open(page, brand.base(), path);
          if (pending) await expect(page.getByRole('button', { name: 'Sincronizar agora' })).toBeVisible();
          // Measured with the chatbot's floating button in, not before it arrives.
          if (brand.chatbot && new URL(page.url()).pathname === '/home') {
            await expect(page.getByRole('button', { name: 'Fale conosco' })).toBeVisible({ timeout: 10_000 });
          }
          // The screen marks its content visible once (what `npm run bench` measures, scripts/bench/visible.ts).
          const mark = markOf(new URL(page.url()).pathname);
          if (mark)
            await expect
              .poll(() =>
                page.evaluate((name) => performance.getEntriesByName(name, 'mark').length, `content-visible:${mark}`),
              )
              .toBe(1);
          await expect(page.locator('html')).toHaveAttribute('data-font-size', String(text.font_size));
          await expect(page.locator('html')).toHaveAttribute('data-theme', theme.name);
          const withChatbot = brand.chatbot && new URL(page.url()).pathname === '/home';
          for (const phone of PHONES) {
            const problems = await problemsAt(page, phone);
            for (const problem of problems) failures.push(`${path} at ${phone.width}×${phone.height}: ${problem}`);
            if (withChatbot) {
              for (const el of await page.evaluate(focusedUnderChatbot))
                failures.push(`${path} at ${phone.width}×${phone.height}: focused under the chatbot: ${el}`);
            }
            // LAYOUT_SWEEP_SHOTS=1: what a student sees, saved under .tmp/layout-sweep/ to look at.
            if (process.env.LAYOUT_SWEEP_SHOTS && [brand.screens![0], brand.screens![2]].includes(path)) {
              const name = `${brand.student}-${text.font_size}-${theme.name}-${path.split('/')[1] || 'landing'}-${phone.width}x${phone.height}`;
              await page.screenshot({ path: `.tmp/layout-sweep/${name}.png` });
            }
          }
          // Dark with the largest text and spacing, the hardest case for contrast and reflow: axe
          // (WCAG 2.0/2.1 A and AA) finds nothing on the phone in portrait.
          if (text.font_size === 3 && theme.is_dark_mode) {
            await page.setViewportSize(PHONES[1]!);
            const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
            for (const v of violations) {
              failures.push(
                `${path}: axe ${v.id} (${v.impact}) ${v.help}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
              );
            }
          }
          await page.setViewportSize(PHONES[0]!);
        }
        // The Pix dialog of the first open bill fits the phone too (both brands' students have open
        // bills). Paying needs the platform: with writes held back the app says it is offline and
        // disables 'Pagar com Pix', so the writes are let through first (the next load sends them).
        if (pending) await page.unroute('**/api/v1/lms/learningObjects/**');
        await open(page, brand.base(), '/finances');
        const pay = page.getByRole('button', { name: /^Pagar com Pix/ }).first();
        await expect(pay).toBeEnabled({ timeout: 30_000 });
        await pay.click();
        const dialog = page.getByRole('dialog', { name: /^Pagar com Pix/ });
        await expect(dialog.getByRole('textbox', { name: 'Pix Copia e Cola' })).not.toHaveValue('');
        for (const phone of PHONES) {
          await page.setViewportSize(phone);
          await expect
            .poll(() => page.evaluate(dialogProblems), { timeout: 2_000 })
            .toEqual([])
            .catch(async () => {
              for (const problem of await page.evaluate(dialogProblems))
                failures.push(`/finances, Pix dialog, at ${phone.width}×${phone.height}: ${problem}`);
            });
        }
        await context.close();
        expect(failures, failures.join('\n')).toEqual([]);
      });
    }
  }
}
