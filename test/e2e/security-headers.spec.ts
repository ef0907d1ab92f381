/**
 * Security headers of the built app as `npm start` serves it (docs/architecture.md §D5; OWASP
 * ASVS v5 §3.4): the reference server serving dist/ sends the CSP (with the hashes of its three
 * inline scripts), Trusted Types report-only, Permissions-Policy, HSTS, nosniff and the
 * referrer policy; normal pages run without a single CSP or Trusted Types violation (sonner's
 * toasts included); and a page of another origin that frames the app shows nothing of it.
 */
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from './support/fixtures';
import { watchViolations } from './support/violations';

const base = () => process.env.E2E_BASE_URL!;

test('the app HTML carries the security headers; the CSP allows exactly its inline scripts (pre-paint, entry loader, early content)', async ({
  request,
}) => {
  // index.html, and the screens' own documents (docs/decisions/0015-a-document-per-screen.md).
  const allowed = new Set<string>();
  const carried = new Set<string>();
  for (const path of [
    '/',
    '/login',
    '/courses/1/modules/2',
    '/courses',
    '/grades',
    '/finances',
    '/attachments',
    '/home',
  ]) {
    const answer = await request.get(path);
    expect(answer.status(), path).toBe(200);
    const headers = answer.headers();
    const csp = headers['content-security-policy'] ?? '';
    const directives = Object.fromEntries(csp.split('; ').map((d) => [d.split(' ')[0], d]));
    expect(directives['default-src']).toBe("default-src 'self'");
    expect(directives['object-src']).toBe("object-src 'none'");
    expect(directives['base-uri']).toBe("base-uri 'none'");
    expect(directives['frame-ancestors']).toBe("frame-ancestors 'none'");
    expect(directives['style-src']).toBe("style-src 'self'");
    // The e2e build's widgets are same-origin stand-ins and its APIs same-origin: nothing else
    // but VLibras and the demo content host (docs/content.md), whose files a download fetches.
    expect(directives['connect-src']).toBe("connect-src 'self' http://conteudo.localhost:* https://vlibras.gov.br");
    // Course content: the content host and the embed providers' frames, no provider script.
    expect(directives['frame-src']).toContain('https://www.youtube-nocookie.com');
    expect(directives['frame-src']).toContain('http://conteudo.localhost:*');
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('unsafe-eval');

    // The inline scripts are the pre-paint one, the deferred-entry loader (the build's file names
    // are in a JSON data block, not script) and the document's early content's (docs/decisions/0014),
    // and their hashes are among the ones script-src allows: every document's, no other.
    const html = await answer.text();
    const inline = [
      ...html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*type="application\/json")[^>]*>([\s\S]*?)<\/script>/g),
    ].map((m) => m[1]!);
    expect(inline, path).toHaveLength(3);
    for (const code of inline) carried.add(`'sha256-${createHash('sha256').update(code).digest('base64')}'`);
    expect(directives['script-src']).toMatch(/^script-src 'self' ('sha256-[\w+/=]+' )+https:\/\/vlibras\.gov\.br$/);
    for (const hash of directives['script-src']!.split(' ').filter((source: string) => source.startsWith("'sha256-")))
      allowed.add(hash);

    expect(headers['content-security-policy-report-only']).toBe(
      "require-trusted-types-for 'script'; trusted-types dompurify widget-scripts",
    );
    expect(headers['permissions-policy']).toContain('camera=(self)');
    expect(headers['permissions-policy']).toContain('microphone=()');
    expect(headers['permissions-policy']).toContain('geolocation=()');
    expect(headers['strict-transport-security']).toBe('max-age=63072000; includeSubDomains');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['cache-control']).toBe('no-cache');
  }
  expect([...allowed].sort()).toEqual([...carried].sort());
  // Hashed assets: cached for a year, and nosniff / referrer policy / HSTS on every answer.
  const html = await (await request.get('/')).text();
  const asset = (
    JSON.parse(/<script type="application\/json" id="entry-data">([^<]*)<\/script>/.exec(html)![1]!) as {
      entry: string;
    }
  ).entry;
  expect(asset).toMatch(/^\/assets\/[^/]+\.js$/);
  const script = await request.get(asset);
  expect(script.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(script.headers()['x-content-type-options']).toBe('nosniff');
  const api = await request.get('/api/v1/platforms/localhost');
  expect(api.headers()['strict-transport-security']).toBe('max-age=63072000; includeSubDomains');
  expect(api.headers()['referrer-policy']).toBe('strict-origin-when-cross-origin');
});

test('normal pages (sign-in, widgets, rich text through DOMPurify, a sonner toast) cause no CSP, Trusted Types or Permissions-Policy complaint', async ({
  page,
  signIn,
}) => {
  const violations = watchViolations(page);
  await page.goto('/login');
  await signIn(page, 'demo', 'demo1234');
  await expect(page).toHaveURL(/\/home$/);
  await page.getByRole('navigation', { name: 'Navegação principal' }).getByRole('link', { name: 'Cursos' }).click();
  await page.locator('.card-title a').first().click();
  await page.locator('.item-title').nth(1).click();
  const openText = async () => {
    const text = page.locator('.item', { hasText: 'Texto ·' }).first().locator('.item-title');
    const name = (await text.textContent()) ?? '';
    await text.click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.locator('.lo-text')).toBeVisible();
  };
  // A rich-text learning object (module 2: ordinary HTML), as TrustedHTML of the `dompurify` policy.
  await openText();
  await expect(page.locator('.lo-text p').first()).toBeVisible();
  // The post-login setup loaded the (stand-in) widgets through the `widget-scripts` policy.
  await expect(page.locator('script[src*="/api/standins/chatbot.js"]')).toHaveCount(1, { timeout: 10_000 });
  expect(violations.console).toEqual([]);
  expect(await violations.events()).toEqual([]);

  // Module 1's text is an attack sample (a <script> and an <img onerror>): nothing of it runs or
  // stays; the only complaint is the CSP refusing the injected handler while DOMPurify parses it.
  await page.getByRole('link', { name: 'Voltar ao módulo' }).click();
  await page.locator('.breadcrumb li').nth(1).getByRole('link').click();
  await page.locator('.item-title').first().click();
  await openText();
  await expect(page.locator('.lo-text script, .lo-text [onerror]')).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined();
  for (const event of await violations.events())
    expect(event).toEqual({ directive: 'script-src-attr', blocked: 'inline' });

  // A toast: the error screen's code raises one (docs/product.md §2); sonner's styles come from a file.
  const failing = `${base().replace('localhost', 'falha.localhost')}/login`;
  await page.goto(failing);
  const dialog = page.getByRole('alertdialog', { name: 'Ops! Algo deu errado :(' });
  await dialog.getByRole('button', { name: '500' }).click();
  const toast = page.locator('[data-sonner-toast]');
  await expect(toast).toBeVisible();
  // Styled by sonner's stylesheet (positioned, not an unstyled list item).
  expect(await toast.evaluate((el) => getComputedStyle(el).position)).toBe('absolute');
  expect(await page.locator('style').count()).toBe(0);
  expect(violations.console.filter((m) => !/inline event handler/.test(m))).toEqual([]);
  expect(await violations.events()).toEqual([]);
});

test.describe('a page of another origin framing the app', () => {
  let other: Server;
  let otherOrigin = '';

  test.beforeAll(async () => {
    // A tiny site on 127.0.0.1 (another origin than the app's localhost) that frames the app.
    other = createServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end(
        `<!doctype html><title>Outro site</title><h1>Outro site</h1><iframe id="app" src="${base()}/login" width="600" height="400"></iframe>`,
      );
    });
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    otherOrigin = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
  });

  test.afterAll(async () => {
    await new Promise((resolve) => other.close(resolve));
  });

  test('renders nothing of the app (frame-ancestors none)', async ({ page }) => {
    const { console: violations } = watchViolations(page);
    const appRequested = page.waitForResponse((r) => r.url() === `${base()}/login`);
    await page.goto(`${otherOrigin}/`);
    await expect(page.getByRole('heading', { name: 'Outro site' })).toBeVisible();
    const answer = await appRequested;
    expect(answer.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    // The browser refuses to render the answer in the frame.
    await expect.poll(() => violations.some((v) => /frame-ancestors|Refused to frame/i.test(v))).toBe(true);
    const frame = page.locator('#app').contentFrame();
    await expect(frame.locator('#root')).toHaveCount(0);
    await expect(frame.getByRole('button', { name: 'Entrar' })).toHaveCount(0);
    expect(page.frames().some((f) => f.url().startsWith(base()) && f.url() !== 'about:blank')).toBe(false);
  });
});
