/**
 * The areas of flagged students (Trânsito for `aprovat`, Graduação for `lxp`, TecMix for `eja`),
 * in real Chromium against its own reference server: no sideways scrolling at 320×640 and
 * 390×844, with the font size 'Normal' and 'Muito maior' chosen in the accessibility panel
 * (`document.documentElement.scrollWidth <= innerWidth`, naming the elements that stick out when
 * it fails). Every other signed-in screen, the Pix dialog and the chatbot are checked by the
 * layout sweep (layout-sweep.spec.ts).
 */
import { expect, test, type Page } from './support/fixtures';
import { startReferenceServer, type ReferenceServer } from './support/server';

const PHONES = [
  { width: 390, height: 844 },
  { width: 320, height: 640 },
];
const FONT_SIZES = ['Normal', 'Muito maior'] as const;

// Its own database: the areas' students are changed by nothing else here.
let server: ReferenceServer;
test.beforeAll(async () => {
  server = await startReferenceServer();
});
test.afterAll(async () => {
  await server?.dispose();
});

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

/** Loads `path` and waits until its content is in. */
async function open(page: Page, base: string, path: string, fontSize: string) {
  await page.goto(`${base}${path}`);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.locator('.page-loading')).toHaveCount(0);
  await expect(page.locator('html')).toHaveAttribute('data-font-size', fontSize);
}

/** No sideways scrolling at each phone size. */
async function checkAtEachPhoneSize(page: Page, label: string) {
  for (const phone of PHONES) {
    await page.setViewportSize(phone);
    // Layout settles after the resize (fonts, images): the report is taken once it has.
    await expect
      .poll(() => page.evaluate(overflowReport), {
        message: `sideways scrolling on ${label} at ${phone.width}×${phone.height}`,
        timeout: 2_000,
      })
      .toBeNull();
  }
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
      await open(page, server.base, path, String(index === 0 ? 1 : 3));
      await checkAtEachPhoneSize(page, `${path} (${student}), '${fontSize}'`);
    }
    await context.close();
  }
});
