/**
 * An `access_token` sign-in link (docs/product.md §2) in real Chromium against the reference
 * server: the pre-paint script (src/app/prepaint.js) takes the token out of the address before any
 * subresource is requested, so that no request of the page load — stylesheets, scripts, icons,
 * the manifest, API reads — carries it in its Referer (where it would land in CDN and server
 * logs), nor in its URL; and the student still lands signed in. The script alone cannot cover the
 * stylesheet: Chromium's preload scanner requests it before any script runs. That request goes
 * without a Referer because the server answers an address with `access_token` with
 * `Referrer-Policy: no-referrer` (`accessTokenReferrerPolicy`, server/security-headers.ts).
 */
import type { Request } from '@playwright/test';
import { expect, test } from './support/fixtures';

/** The Referer a request went out with (the headers Chromium sent, else the provisional ones). */
async function refererOf(request: Request): Promise<string> {
  try {
    return (await request.allHeaders())['referer'] ?? '';
  } catch {
    // The request's page went away (the boot's redirect) before its headers were read.
    return request.headers()['referer'] ?? '';
  }
}

test('no request of a /courses/1?access_token=… load carries the token; the student lands signed in', async ({
  page,
  request,
}) => {
  const answer = await request.post('/api/v1/auth/token', {
    data: { client_id: 'student-web', grant_type: 'password', username: 'demo', password: 'demo1234', scope: 'BRA' },
  });
  expect(answer.ok()).toBe(true);
  const { access_token } = (await answer.json()) as { access_token: string };
  const forms = [access_token, encodeURIComponent(access_token)];
  const link = `/courses/1?access_token=${encodeURIComponent(access_token)}`;

  const seen: { url: string; referer: Promise<string>; isLink: boolean }[] = [];
  page.on('request', (r) => {
    const isLink = r.isNavigationRequest() && r.url().endsWith(link);
    seen.push({ url: r.url(), referer: refererOf(r), isLink });
  });

  await page.goto(link);
  await expect(page).toHaveURL(/\/courses$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Meus cursos' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sair' })).toBeVisible();
  expect((await page.context().cookies()).find((c) => c.name === 'token')?.value).toBe(access_token);

  const requests = await Promise.all(seen.map(async (s) => ({ ...s, referer: await s.referer })));
  // The page load asked for its assets and the user read before the redirect to /courses.
  expect(requests.filter((r) => r.isLink)).toHaveLength(1);
  expect(requests.some((r) => r.url.includes('/assets/'))).toBe(true);
  expect(requests.some((r) => r.url.endsWith('/api/v1/users/self'))).toBe(true);
  const leaks = requests.filter(
    (r) => forms.some((t) => r.referer.includes(t)) || (!r.isLink && forms.some((t) => r.url.includes(t))),
  );
  expect(leaks.map((r) => `${r.url} (Referer: ${r.referer || 'none'})`)).toEqual([]);
  // The handover is used once: nothing of the token waits in the tab.
  expect(await page.evaluate(() => sessionStorage.getItem('lms.accessToken'))).toBeNull();
});
