/**
 * Sign-in, route guards and session expiry in real Chromium against a fresh reference
 * server (docs/product.md §2 Navigation behaviours, §4 Auth, §6, §8 401).
 */
import { expect, test } from './support/fixtures';

test.describe('sign-in and guards', () => {
  test('a protected deep link while signed out goes to login and back to the deep link', async ({ page, signIn }) => {
    await page.goto('/courses?page=1');
    await expect(page).toHaveURL(/\/login\?next_route=%2Fcourses%3Fpage%3D1$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Entrar' })).toBeVisible();
    await signIn(page, 'demo', 'demo1234');
    await expect(page).toHaveURL(/\/courses\?page=1$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Meus cursos' })).toBeVisible();
  });

  test('without next_route, platform 1 lands on /home; login is then off-limits', async ({ page, signIn }) => {
    await page.goto('/login');
    await signIn(page, 'demo', 'demo1234');
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole('button', { name: 'Sair' })).toBeVisible();
    await page.goto('/login');
    await expect(page).toHaveURL(/\/home$/);
  });

  test('an unsafe next_route is not followed', async ({ page, signIn }) => {
    await page.goto('/login?next_route=' + encodeURIComponent('//evil.example.com/x'));
    await signIn(page, 'demo', 'demo1234');
    await expect(page).toHaveURL(/\/home$/);
  });

  test("the 'user' cookie and the last known user hold no personal data; 'Minha conta' reads it from the platform", async ({
    page,
    request,
    signIn,
  }) => {
    // demo's profile filled in through the API, so that there is personal data to leak.
    const answer = await request.post('/api/v1/auth/token', {
      data: { client_id: 'student-web', grant_type: 'password', username: 'demo', password: 'demo1234', scope: 'BRA' },
    });
    expect(answer.ok()).toBe(true);
    const { access_token } = (await answer.json()) as { access_token: string };
    const profile = (data: object) =>
      request.put('/api/v1/users/self', {
        headers: { 'x-access-token': access_token, 'Idempotency-Key': crypto.randomUUID() },
        data,
      });
    const filled = await profile({
      cpf: '52998224725',
      phone: '11987654321',
      birth_date: '1990-04-17',
      address: {
        cep: '01310100',
        street: 'Avenida Paulista',
        number: '1578',
        complement: 'Conjunto 42',
        district: 'Bela Vista',
        city: 'São Paulo',
        state: 'SP',
      },
    });
    expect(filled.ok(), await filled.text()).toBe(true);
    const { data: demo } = (await filled.json()) as { data: { email: string | null; access_code: string } };
    expect(demo.email).toBeTruthy();
    const personal = [
      demo.email!,
      `"${demo.access_code}"`,
      '52998224725',
      '11987654321',
      '1990-04-17',
      '01310100',
      'Avenida Paulista',
      'Conjunto 42',
      'Bela Vista',
    ];
    const expectNoPersonalData = async () => {
      const cookie = (await page.context().cookies()).find((c) => c.name === 'user');
      expect(cookie, "the 'user' cookie").toBeDefined();
      const cookieText = decodeURIComponent(cookie!.value);
      const stored = (await page.evaluate(() => localStorage.getItem('lms.user.lastKnown'))) ?? '';
      expect(cookieText).toContain('Ana Souza');
      for (const value of personal) {
        expect(cookieText, "the 'user' cookie").not.toContain(value);
        expect(stored, 'the last known user').not.toContain(value);
      }
    };
    try {
      await page.goto('/login');
      await signIn(page, 'demo', 'demo1234');
      await expect(page).toHaveURL(/\/home$/);
      await expectNoPersonalData();
      // The account screen still shows it: it reads `GET /users/self`, not the cookie.
      await page.getByRole('link', { name: 'Minha conta' }).click();
      const data = page.getByRole('region', { name: 'Dados pessoais' });
      await expect(data.getByRole('textbox', { name: 'CPF', exact: true })).toHaveValue('529.982.247-25');
      await expect(data.getByRole('textbox', { name: 'E-mail', exact: true })).toHaveValue(demo.email!);
      await expectNoPersonalData();
    } finally {
      await profile({ cpf: null, phone: null, birth_date: null, address: null });
    }
  });

  test('wrong credentials say so in an alert and stay on login', async ({ page, signIn }) => {
    await page.goto('/login');
    await signIn(page, 'demo', 'senha-errada');
    await expect(page.getByRole('alert')).toHaveText('Código de acesso ou senha incorretos.');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('Sair signs out and protected pages ask for login again', async ({ page, signIn }) => {
    await page.goto('/login');
    await signIn(page, 'demo', 'demo1234');
    await page.getByRole('button', { name: 'Sair' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/courses');
    await expect(page).toHaveURL(/\/login\?next_route=%2Fcourses$/);
  });

  test('?access_token signs in, goes to /courses and leaves the address bar', async ({ page, request }) => {
    const answer = await request.post('/api/v1/auth/token', {
      data: { client_id: 'student-web', grant_type: 'password', username: 'demo', password: 'demo1234', scope: 'BRA' },
    });
    expect(answer.ok()).toBe(true);
    const { access_token } = (await answer.json()) as { access_token: string };
    await page.goto(`/home?access_token=${encodeURIComponent(access_token)}`);
    await expect(page).toHaveURL(/\/courses$/);
    expect(page.url()).not.toContain('access_token');
    await expect(page.getByRole('heading', { level: 1, name: 'Meus cursos' })).toBeVisible();
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === 'token')?.value).toBe(access_token);
  });

  test('?access_token the server does not know: stored auth cleared, /login (docs/product.md §8), never a blank page', async ({
    page,
  }) => {
    await page.goto('/home?access_token=token-que-o-servidor-nao-conhece');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Entrar' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === 'token')).toBeUndefined();
  });

  test('a 401 in the middle of a session sends the student to /login', async ({ page, signIn, request }) => {
    await page.goto('/login');
    await signIn(page, 'demo', 'demo1234');
    await expect(page).toHaveURL(/\/home$/);
    // The home's own reads (dashboard, banners) and the post-login setup (1 s after sign-in,
    // docs/product.md §9: user refresh …) finish first: revoking before them would already end the
    // session on /home, before the click this test is about.
    await expect(page.getByRole('heading', { level: 2, name: 'Continue estudando' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Destaques' })).toBeVisible();
    await page.waitForTimeout(1500);
    await page.waitForLoadState('networkidle');
    const token = (await page.context().cookies()).find((c) => c.name === 'token')?.value;
    expect(token).toBeTruthy();
    // The server revokes the token behind the app's back (e.g. signed out elsewhere).
    const revoked = await request.post('/api/v1/auth/logout', { headers: { 'x-access-token': token! } });
    expect(revoked.status()).toBeLessThan(300);
    await page.getByRole('navigation', { name: 'Navegação principal' }).getByRole('link', { name: 'Cursos' }).click();
    await expect(page).toHaveURL(/\/login\?expired=1&next_route=%2Fcourses$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Entrar' })).toBeVisible();
  });

  for (const [path, heading, allowed] of [
    ['/transito', 'Educação para o trânsito', 'aprovat'],
    ['/graduacao', 'Graduação', 'lxp'],
    ['/tecmix', 'Educação de Jovens e Adultos', 'eja'],
  ] as const) {
    test(`${path} is only for ${allowed}; others go to /home`, async ({ page, signIn }) => {
      await page.goto(path);
      await signIn(page, 'demo', 'demo1234');
      await expect(page).toHaveURL(/\/home$/);

      await page.getByRole('button', { name: 'Sair' }).click();
      // Signed out only once the token is revoked and cleared (then /login): not before.
      await expect(page).toHaveURL(/\/login/);
      await page.goto(path);
      await signIn(page, allowed, 'demo1234');
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    });
  }

  test('an unknown path shows the not-found page', async ({ page }) => {
    await page.goto('/isto-nao-existe');
    await expect(page.getByRole('heading', { level: 1, name: 'Página não encontrada' })).toBeVisible();
  });

  test('signed in, the not-found page keeps the header and navigation (issue 23)', async ({ page, signIn }) => {
    await page.goto('/login');
    await signIn(page, 'demo', 'demo1234');
    await expect(page).toHaveURL(/\/home$/);
    await page.goto('/isto-nao-existe');
    await expect(page.getByRole('heading', { level: 1, name: 'Página não encontrada' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Navegação principal' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sair' })).toBeVisible();
    await expect(page.getByRole('main')).toHaveCount(1);
  });
});

test.describe('brands by host', () => {
  for (const [origin, account, primary, template] of [
    [() => process.env.E2E_BASE_URL!, 'demo', '#0b57d0', 'default'],
    [() => process.env.E2E_BASE_URL_BRAND2!, 'stream', '#7a1fa2', 'streaming'],
  ] as const) {
    test(`the ${template} brand shows on its host`, async ({ page, signIn, expectNoA11yViolations }) => {
      await page.goto(`${origin()}/courses`);
      await signIn(page, account, 'demo1234');
      await expect(page.getByRole('heading', { level: 1, name: 'Meus cursos' })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('data-template', template);
      const color = await page.evaluate(() =>
        getComputedStyle(document.documentElement).getPropertyValue('--color-primary').trim(),
      );
      expect(color).toBe(primary);
      await expect(page.locator('.card-title a').first()).toBeVisible();
      await expectNoA11yViolations(page);
    });
  }
});
