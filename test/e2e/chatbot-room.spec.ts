/**
 * The floating chatbot button covers nothing (issue 23 item 3) in real Chromium at 390×844 and
 * 320×640 on /home, with the reference server's chatbot stand-in (which, like a vendor's widget,
 * leaves the page alone): at the page's end no focusable element lies under 'Fale conosco', and
 * every focusable element, focused from the keyboard, is shown clear of it (the topmost element
 * at its centre is itself — `elementFromPoint`). On /courses the chatbot and its room are gone.
 */
import { expect, test } from './support/fixtures';

const PHONES = [
  { width: 390, height: 844 },
  { width: 320, height: 640 },
];

/** Focusable elements that overlap the chatbot button, or are covered at their centre, as short HTML. */
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
    if (r.bottom <= 0 || r.top >= innerHeight) continue; // not on screen at the page's end
    const overlaps = r.right > b.left && r.left < b.right && r.bottom > b.top && r.top < b.bottom;
    const cx = Math.min(Math.max(r.left + r.width / 2, 0), innerWidth - 1);
    const cy = Math.min(Math.max(r.top + r.height / 2, 0), innerHeight - 1);
    const top = document.elementFromPoint(cx, cy);
    const hidden = top !== null && top !== el && !el.contains(top) && button.contains(top);
    if (overlaps || hidden) covered.push(el.outerHTML.slice(0, 100));
  }
  return covered;
}

for (const phone of PHONES) {
  test(`'Fale conosco' covers nothing on /home at ${phone.width}×${phone.height}`, async ({ page, signIn }) => {
    await page.setViewportSize(phone);
    await page.goto('/login');
    await signIn(page, 'demo', 'demo1234');
    await expect(page).toHaveURL(/\/home$/);
    const chatbot = page.getByRole('button', { name: 'Fale conosco' });
    await expect(chatbot).toBeVisible({ timeout: 10_000 });
    await expect(page.getByRole('link', { name: 'Ver todos os cursos' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-chatbot', 'shown');

    expect(await page.evaluate(coveredElements, 'atEnd' as const)).toEqual([]);
    expect(await page.evaluate(coveredElements, 'eachFocused' as const)).toEqual([]);

    // Away from /home the chatbot hides and the page gives its room back.
    // On a phone the navigation is behind the header's 'Menu' (issue 18).
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('navigation', { name: 'Navegação do menu' }).getByRole('link', { name: 'Cursos' }).click();
    await expect(page).toHaveURL(/\/courses$/);
    await expect(chatbot).toBeHidden();
    await expect(page.locator('html')).not.toHaveAttribute('data-chatbot');
  });
}
