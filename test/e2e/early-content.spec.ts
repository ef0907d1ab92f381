/**
 * Early content (docs/decisions/0014-early-content-before-the-app.md): a page load of /courses
 * shows the student's courses from the early read's answer before the app's code has run, and
 * the app takes the page over without the student losing what they see or tapped. The app's
 * code is held (its libraries' chunk) to look at the page in between; nothing waits on time.
 */
import type { Locator } from '@playwright/test';
import { expect, test, type Page } from './support/fixtures';
import { holdAppCode } from './support/hold-app-code';

test.beforeEach(async ({ page, signIn }) => {
  await page.goto('/login');
  await signIn(page, 'demo', 'demo1234');
  await expect(page).toHaveURL(/\/home$/);
});

/**
 * Waits until the page is the app's: its screen's content is in, and an early page shown on this
 * load has given way to it. Until then the app's own page renders, hidden, behind the early one —
 * /grades' summary with its dashes while its read is under way (docs/testing.md).
 */
async function appPage(page: Page): Promise<void> {
  await expect(page.locator('#root main')).toBeVisible();
  await expect(page.locator('#early-root')).toHaveCount(0);
  await expect(page.locator('html')).not.toHaveAttribute('data-early', 'shown');
}

/**
 * A screen's early page and the app's taking over: `path` loaded as the app shows it (`fromApp`
 * reads what else to compare), then again with the app's code held — the early page shows `items`
 * with the app's texts, then what `onEarlyPage` checks, and axe finds nothing —; once the code is
 * released the app's page replaces it with the same items, the first in the same place.
 */
async function expectEarlyPageThenTakeover(
  page: Page,
  path: string,
  items: Locator,
  {
    fromApp = async () => {},
    onEarlyPage,
    expectNoA11yViolations,
  }: {
    fromApp?: () => Promise<void>;
    onEarlyPage: () => Promise<void>;
    expectNoA11yViolations: (page: Page) => Promise<void>;
  },
): Promise<void> {
  await page.goto(path);
  await appPage(page);
  await expect(items.first()).toBeVisible();
  const texts = await items.allTextContents();
  await fromApp();

  const code = await holdAppCode(page);
  await page.goto(path, { waitUntil: 'commit' });
  await expect(page.locator('html')).toHaveAttribute('data-early', 'shown');
  await expect(items).toHaveText(texts);
  await onEarlyPage();
  await expectNoA11yViolations(page);
  const before = await items.first().boundingBox();

  await code.release();
  await expect(page.locator('html')).toHaveAttribute('data-early', 'done');
  await expect(page.locator('#early-root')).toHaveCount(0);
  await expect(items).toHaveText(texts);
  expect(await items.first().boundingBox()).toEqual(before);
}

const course = (page: Page) => page.getByRole('link', { name: 'Introdução à Informática' });

test('the courses show before the app’s code has run, and the app takes the page over where they are', async ({
  page,
  expectNoA11yViolations,
}) => {
  const code = await holdAppCode(page);
  await page.goto('/courses', { waitUntil: 'commit' });
  await expect(course(page)).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-early', 'shown');
  // The whole card, in the app's words: status, modules and progress.
  const card = page.getByRole('listitem').filter({ has: course(page) });
  await expect(card.getByRole('progressbar')).toHaveAccessibleName(/^Introdução à Informática: \d+%$/);
  await expect(card).toContainText(/\d+ módulos?/);
  await expect(card).toContainText(/(Em andamento|Concluído|Não iniciado)/);
  await expect(page.getByRole('heading', { name: 'Meus cursos', level: 1 })).toBeVisible();
  await expect(page.getByText(/^\d+ cursos? encontrados?$/)).toBeVisible();
  await expectNoA11yViolations(page);
  const before = await card.boundingBox();
  const names = await page.getByRole('listitem').locator('h2').allTextContents();

  await code.release();
  await expect(page.locator('html')).toHaveAttribute('data-early', 'done');
  await expect(page.locator('#early-root')).toHaveCount(0);
  // One list, the same courses in the same place: the app's page replaced the early one.
  await expect(course(page)).toHaveCount(1);
  await expect(page.getByRole('listitem').locator('h2')).toHaveText(names);
  expect(
    await page
      .getByRole('listitem')
      .filter({ has: course(page) })
      .boundingBox(),
  ).toEqual(before);
});

test('a course tapped before the app has taken over opens once it has', async ({ page }) => {
  const code = await holdAppCode(page);
  await page.goto('/courses', { waitUntil: 'commit' });
  await expect(page.locator('html')).toHaveAttribute('data-early', 'shown');
  const href = await course(page).getAttribute('href');
  await course(page).click();
  // Not a page load: the app opens it when it runs.
  await expect(page).toHaveURL(/\/courses$/);
  await code.release();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await expect(page.getByRole('heading', { name: 'Introdução à Informática', level: 1 })).toBeVisible();
});

test('a search typed and sent before the app has taken over is sent by the app', async ({ page }) => {
  const code = await holdAppCode(page);
  await page.goto('/courses', { waitUntil: 'commit' });
  await expect(page.locator('html')).toHaveAttribute('data-early', 'shown');
  const search = page.getByRole('searchbox', { name: 'Buscar por nome' });
  await search.fill('Matemática');
  await search.press('Enter');
  await expect(page).toHaveURL(/\/courses$/);
  await code.release();
  await expect(page).toHaveURL(/\/courses\?q=Matem%C3%A1tica$/);
  await expect(page.getByText('1 curso encontrado')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Matemática Financeira' })).toBeVisible();
  await expect(course(page)).toHaveCount(0);
});

test.describe('a student with pages of courses', () => {
  test.beforeEach(async ({ page, signIn }) => {
    await page.context().clearCookies();
    await page.goto('/login');
    await signIn(page, 'maratona', 'demo1234');
    await expect(page).not.toHaveURL(/\/login/);
  });

  test('sees the first page and its pagination early; the next page’s link works once the app runs', async ({
    page,
  }) => {
    const code = await holdAppCode(page);
    await page.goto('/courses', { waitUntil: 'commit' });
    await expect(page.locator('html')).toHaveAttribute('data-early', 'shown');
    const pagination = page.getByRole('navigation', { name: 'Paginação dos cursos' });
    await expect(pagination).toContainText('Página 1 de 10');
    await expect(page.getByText('120 cursos encontrados, página 1 de 10')).toBeVisible();
    await expect(
      page
        .getByRole('list')
        .filter({ has: page.getByRole('progressbar') })
        .getByRole('listitem'),
    ).toHaveCount(12);
    await pagination.getByRole('link', { name: 'Próxima página' }).click();
    await code.release();
    await expect(page).toHaveURL(/\/courses\?page=2$/);
    await expect(page.getByRole('navigation', { name: 'Paginação dos cursos' })).toContainText('Página 2 de 10');
  });
});

test('an answer the early page cannot show leaves the page to the app', async ({ page }) => {
  await page.route(/\/api\/v2\/lms\/courses\?/, (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: '{"data": "not a list"}' }),
  );
  await page.goto('/courses');
  // The app's own message for a malformed answer, and no early page under or over it.
  await expect(page.getByRole('alert')).toContainText('Não foi possível carregar');
  await expect(page.locator('#early-root')).toHaveCount(0);
  await expect(page.locator('#root')).toBeVisible();
});

test.describe('a module', () => {
  const lessonTitles = (page: Page) => page.locator('main .lesson h2');

  test('shows its lessons and learning objects before the app’s code has run; the app takes over where they are', async ({
    page,
    expectNoA11yViolations,
  }) => {
    // What the app shows for the module, to compare (once it has taken over from an early page).
    await page.goto('/courses/1/modules/1');
    await appPage(page);
    const title = await page.getByRole('heading', { level: 1 }).textContent();
    await expect(lessonTitles(page).first()).toBeVisible();
    const lessons = await lessonTitles(page).allTextContents();
    const rows = await page.locator('main .item-list .item').allTextContents();

    const code = await holdAppCode(page);
    await page.goto('/courses/1/modules/1', { waitUntil: 'commit' });
    await expect(page.locator('html')).toHaveAttribute('data-early', 'shown');
    await expect(page.getByRole('heading', { level: 1, name: title! })).toBeVisible();
    await expect(lessonTitles(page)).toHaveText(lessons);
    await expect(page.locator('main .item-list .item')).toHaveText(rows);
    await expect(page.getByRole('button', { name: 'Baixar para estudar offline' })).toBeVisible();
    await expectNoA11yViolations(page);
    const first = page.locator('main .item-list .item').first();
    const before = await first.boundingBox();

    await code.release();
    await expect(page.locator('html')).toHaveAttribute('data-early', 'done');
    await expect(page.locator('#early-root')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: title! })).toHaveCount(1);
    await expect(lessonTitles(page)).toHaveText(lessons);
    expect(await page.locator('main .item-list .item').first().boundingBox()).toEqual(before);
  });

  test('a learning object tapped before the app has taken over opens once it has', async ({ page }) => {
    const code = await holdAppCode(page);
    await page.goto('/courses/1/modules/1', { waitUntil: 'commit' });
    await expect(page.locator('html')).toHaveAttribute('data-early', 'shown');
    const link = page.locator('main .item-list a').first();
    const [href, name] = [await link.getAttribute('href'), await link.textContent()];
    await link.click();
    await expect(page).toHaveURL(/\/modules\/1$/);
    await code.release();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    await expect(page.getByRole('heading', { level: 1, name: name! })).toBeVisible();
  });

  test('a module the student cannot open leaves the page to the app', async ({ page }) => {
    await page.goto('/courses/999999/modules/999999');
    await expect(page.getByRole('heading', { level: 1, name: 'Conteúdo não encontrado' })).toBeVisible();
    await expect(page.locator('#early-root')).toHaveCount(0);
  });
});

test.describe('a course', () => {
  const moduleRows = (page: Page) => page.locator('main .item-list .item');

  test('shows its progress and modules before the app’s code has run; the app takes over where they are', async ({
    page,
    expectNoA11yViolations,
  }) => {
    await page.goto('/courses/1');
    await appPage(page);
    const title = await page.getByRole('heading', { level: 1 }).textContent();
    await expect(moduleRows(page).first()).toBeVisible();
    const rows = await moduleRows(page).allTextContents();
    const next = page.getByRole('link', { name: /^(Continuar|Começar o curso)$/ });
    const [nextName, nextHref] = [await next.textContent(), await next.getAttribute('href')];

    const code = await holdAppCode(page);
    await page.goto('/courses/1', { waitUntil: 'commit' });
    await expect(page.locator('html')).toHaveAttribute('data-early', 'shown');
    await expect(page.getByRole('heading', { level: 1, name: title! })).toBeVisible();
    await expect(moduleRows(page)).toHaveText(rows);
    await expect(page.getByRole('link', { name: nextName! })).toHaveAttribute('href', nextHref!);
    await expectNoA11yViolations(page);
    const before = await moduleRows(page).first().boundingBox();

    await code.release();
    await expect(page.locator('html')).toHaveAttribute('data-early', 'done');
    await expect(page.locator('#early-root')).toHaveCount(0);
    await expect(moduleRows(page)).toHaveText(rows);
    expect(await moduleRows(page).first().boundingBox()).toEqual(before);
  });

  test('“Continuar” tapped before the app has taken over opens the learning object once it has', async ({ page }) => {
    const code = await holdAppCode(page);
    await page.goto('/courses/1', { waitUntil: 'commit' });
    await expect(page.locator('html')).toHaveAttribute('data-early', 'shown');
    const next = page.getByRole('link', { name: /^(Continuar|Começar o curso)$/ });
    const href = await next.getAttribute('href');
    await next.click();
    await expect(page).toHaveURL(/\/courses\/1$/);
    await code.release();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
  });
});

test.describe('the grade list', () => {
  const rows = (page: Page) => page.locator('main tbody tr');

  test('shows the summary and the grades before the app’s code has run; the app takes over where they are', async ({
    page,
    expectNoA11yViolations,
  }) => {
    let summary: string | null = null;
    await expectEarlyPageThenTakeover(page, '/grades', rows(page), {
      expectNoA11yViolations,
      fromApp: async () => {
        summary = await page.locator('main dl').textContent();
      },
      onEarlyPage: async () => {
        await expect(page.getByRole('heading', { level: 1, name: 'Minhas notas' })).toBeVisible();
        await expect(page.getByRole('table', { name: 'Notas por curso' })).toBeVisible();
        await expect(page.locator('main dl')).toHaveText(summary!);
      },
    });
  });

  test('a column’s sort tapped before the app has taken over sorts once it has', async ({ page }) => {
    const code = await holdAppCode(page);
    await page.goto('/grades', { waitUntil: 'commit' });
    await expect(page.locator('html')).toHaveAttribute('data-early', 'shown');
    await page.getByRole('button', { name: /^Nota/ }).click();
    await expect(page).toHaveURL(/\/grades$/);
    await code.release();
    await expect(page).toHaveURL(/\/grades\?sort=grade/);
    await expect(page.getByRole('columnheader', { name: /^Nota/ }).first()).toHaveAttribute('aria-sort', /ending$/);
  });
});

test.describe('the bill list', () => {
  const bills = (page: Page) => page.locator('main li:has(h3)');

  test('shows the bills, grouped, before the app’s code has run; the app takes over where they are', async ({
    page,
    expectNoA11yViolations,
  }) => {
    const groups = page.getByRole('main').getByRole('heading', { level: 2 });
    let headings: string[] = [];
    await expectEarlyPageThenTakeover(page, '/finances', bills(page), {
      expectNoA11yViolations,
      fromApp: async () => {
        headings = await groups.allTextContents();
      },
      onEarlyPage: async () => {
        await expect(page.getByRole('heading', { level: 1, name: 'Financeiro' })).toBeVisible();
        await expect(page.getByRole('region', { name: /^Vencidas \(\d+\)$/ })).toBeVisible();
        await expect(groups).toHaveText(headings);
      },
    });
  });

  test.describe('of a student with pages of bills', () => {
    test.beforeEach(async ({ page, signIn }) => {
      await page.context().clearCookies();
      await page.goto('/login');
      await signIn(page, 'maratona', 'demo1234');
      await expect(page).not.toHaveURL(/\/login/);
    });

    test('shows the first page and its pagination early; “Pagar com Pix” tapped there opens the payment once the app runs', async ({
      page,
    }) => {
      const code = await holdAppCode(page);
      await page.goto('/finances', { waitUntil: 'commit' });
      await expect(page.locator('html')).toHaveAttribute('data-early', 'shown');
      await expect(page.getByRole('navigation', { name: 'Paginação das faturas' })).toBeVisible();
      await expect(page.getByText(/^24 de [\d.]+ faturas, página 1 de \d+$/)).toBeVisible();
      await expect(bills(page)).toHaveCount(24);
      const description = await bills(page).first().locator('h3').textContent();
      await bills(page)
        .first()
        .getByRole('button', { name: /^Pagar com Pix: / })
        .click();
      await code.release();
      await expect(page.getByRole('dialog', { name: `Pagar com Pix: ${description}` })).toBeVisible();
    });
  });
});

test.describe('the documents area', () => {
  const files = (page: Page) => page.locator('main li:has(a.item-title)');

  test('shows the student’s files and the documents before the app’s code has run; the app takes over where they are', async ({
    page,
    expectNoA11yViolations,
  }) => {
    const categories = page.getByRole('combobox', { name: 'Categoria' }).locator('option');
    let options: string[] = [];
    await expectEarlyPageThenTakeover(page, '/attachments', files(page), {
      expectNoA11yViolations,
      fromApp: async () => {
        options = await categories.allTextContents();
      },
      onEarlyPage: async () => {
        await expect(page.getByRole('heading', { level: 1, name: 'Documentos' })).toBeVisible();
        await expect(page.getByRole('region', { name: 'Seus arquivos' })).toBeVisible();
        await expect(categories).toHaveText(options);
      },
    });
  });

  test('a document tapped before the app has taken over opens once it has', async ({ page }) => {
    const code = await holdAppCode(page);
    await page.goto('/attachments', { waitUntil: 'commit' });
    await expect(page.locator('html')).toHaveAttribute('data-early', 'shown');
    const first = page.getByRole('region', { name: 'Documentos da instituição' }).locator('a.item-title').first();
    const name = await first.textContent();
    const href = await first.getAttribute('href');
    await first.click();
    await expect(page).toHaveURL(/\/attachments$/);
    await code.release();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    await expect(page.getByRole('heading', { level: 1, name: name! })).toBeVisible();
  });
});

test.describe('the home page', () => {
  const cards = (page: Page) => page.locator('main .card');

  test('shows the banners, the student’s areas, courses and what comes up before the app’s code has run; the app takes over where they are', async ({
    page,
    expectNoA11yViolations,
  }) => {
    const upcoming = page.getByRole('region', { name: 'Pendências e prazos' });
    let pending: string | null = null;
    let areas: string[] = [];
    await expectEarlyPageThenTakeover(page, '/home', cards(page), {
      expectNoA11yViolations,
      fromApp: async () => {
        pending = await upcoming.textContent();
        areas = await page.getByRole('navigation', { name: 'Áreas do aluno' }).getByRole('link').allTextContents();
      },
      onEarlyPage: async () => {
        await expect(page.getByRole('heading', { level: 1, name: 'Página inicial' })).toBeVisible();
        await expect(page.getByRole('region', { name: 'Destaques' })).toBeVisible();
        await expect(page.getByRole('group', { name: /^1 de \d+$/ })).toBeVisible();
        await expect(page.getByRole('navigation', { name: 'Áreas do aluno' }).getByRole('link')).toHaveText(areas);
        await expect(upcoming).toHaveText(pending!);
      },
    });
  });

  test('under reduced motion too: the carousel does not rotate, its button is ‘Continuar rotação’, early and after', async ({
    page,
    expectNoA11yViolations,
  }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const play = page.getByRole('button', { name: 'Continuar rotação' });
    await expectEarlyPageThenTakeover(page, '/home', cards(page), {
      expectNoA11yViolations,
      onEarlyPage: async () => {
        await expect(page.getByRole('region', { name: 'Destaques' })).toBeVisible();
        await expect(play).toBeVisible();
        await expect(page.getByRole('button', { name: 'Pausar' })).toHaveCount(0);
      },
    });
    await expect(play).toBeVisible();
  });

  test('“Continuar” tapped before the app has taken over opens the learning object once it has', async ({ page }) => {
    const code = await holdAppCode(page);
    await page.goto('/home', { waitUntil: 'commit' });
    await expect(page.locator('html')).toHaveAttribute('data-early', 'shown');
    const next = cards(page)
      .first()
      .getByRole('link', { name: /^(Continuar|Abrir curso): / });
    const href = await next.getAttribute('href');
    await next.click();
    await expect(page).toHaveURL(/\/home$/);
    await code.release();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
  });
});

test.describe('a learning object', () => {
  /** The path of the first learning object of `type` ('Vídeo', 'PDF'…) in the demo's first module. */
  async function learningObjectOf(page: Page, type: string): Promise<string> {
    await page.goto('/courses/1/modules/1');
    const row = page
      .locator('main .item-list .item')
      .filter({ hasText: `${type} ·` })
      .first();
    const href = await row.getByRole('link').getAttribute('href');
    expect(href).toMatch(/\/learningObjects\/\d+$/);
    return href!;
  }

  /** What the student reads of the viewer: where they are, the title, its type, the way back and on. */
  const chrome = (page: Page) =>
    page.locator(
      '.lo-page .breadcrumb li, .lo-page h1, .lo-page > p.muted, .lo-page .lo-nav a, .lo-page .lo-status button',
    );

  test('a file’s video: where it is, its title and player show before the app’s code has run; the app takes over where they are, and only its player loads the file', async ({
    page,
    expectNoA11yViolations,
  }) => {
    const path = await learningObjectOf(page, 'Vídeo');
    const files: string[] = [];
    await expectEarlyPageThenTakeover(page, path, chrome(page), {
      onEarlyPage: async () => {
        page.on('request', (request) => {
          if (request.url().includes('/api/files/')) files.push(request.url());
        });
        const video = page.locator('main video');
        await expect(video).toBeVisible();
        // The early player has no source: the file downloads once, by the app's player.
        await expect(video).not.toHaveAttribute('src');
        await expect(page.locator('main .lo-page > p.muted')).toHaveText('Vídeo');
        await expect(page.getByText('O vídeo é marcado como concluído quando termina.')).toBeVisible();
        expect(files).toEqual([]);
      },
      expectNoA11yViolations,
    });
    await expect(page.locator('main video')).toHaveAttribute('src', /\/api\/files\/media\//);
    await expect.poll(() => files.filter((url) => /\.(webm|mp4)$/.test(url)).length).toBeGreaterThan(0);
  });

  test('a PDF: its frame and link show early; ‘Próximo conteúdo’ tapped there opens once the app runs', async ({
    page,
    expectNoA11yViolations,
  }) => {
    const path = await learningObjectOf(page, 'PDF');
    await expectEarlyPageThenTakeover(page, path, chrome(page), {
      onEarlyPage: async () => {
        await expect(page.getByRole('link', { name: 'Abrir o PDF em nova aba' })).toHaveAttribute(
          'href',
          /\/api\/files\/media\/.+/,
        );
        await expect(page.locator('main iframe.lo-frame')).not.toHaveAttribute('src');
      },
      expectNoA11yViolations,
    });
    await expect(page.locator('main iframe.lo-frame')).toHaveAttribute('src', /\/api\/files\/media\//);

    const code = await holdAppCode(page);
    await page.goto(path, { waitUntil: 'commit' });
    await expect(page.locator('html')).toHaveAttribute('data-early', 'shown');
    const next = page.getByRole('navigation', { name: 'Navegação entre conteúdos' }).locator('a[rel="next"]');
    const href = await next.getAttribute('href');
    await next.click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await code.release();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
  });

  test('a quiz: its questions show early; the options chosen there are still chosen once the app runs', async ({
    page,
    expectNoA11yViolations,
  }) => {
    const path = await learningObjectOf(page, 'Questionário');
    const questions = page.locator('.lo-page fieldset legend');
    await expectEarlyPageThenTakeover(page, path, questions, {
      onEarlyPage: async () => {
        await expect(page.getByRole('button', { name: 'Enviar respostas' })).toBeVisible();
        await expect(page.locator('.lo-page .lo-status button')).toHaveCount(0);
      },
      expectNoA11yViolations,
    });

    const code = await holdAppCode(page);
    await page.goto(path, { waitUntil: 'commit' });
    await expect(page.locator('html')).toHaveAttribute('data-early', 'shown');
    const groups = page.locator('.lo-page fieldset');
    const count = await groups.count();
    const chosen: string[] = [];
    for (let i = 0; i < count; i++) {
      const option = groups.nth(i).getByRole('radio').last();
      await option.check();
      chosen.push((await option.getAttribute('value'))!);
    }
    await code.release();
    await expect(page.locator('html')).toHaveAttribute('data-early', 'done');
    for (let i = 0; i < count; i++)
      await expect(page.locator('#root fieldset').nth(i).getByRole('radio', { checked: true })).toHaveAttribute(
        'value',
        chosen[i]!,
      );
  });

  test('a text lesson leaves the page to the app (its HTML needs the sanitiser)', async ({ page }) => {
    const path = await learningObjectOf(page, 'Texto');
    // Whether an early page was ever put on this page (it would be gone once the app took over).
    await page.addInitScript(() => {
      new MutationObserver(() => {
        if (document.getElementById('early-root')) (window as { __sawEarly?: boolean }).__sawEarly = true;
      }).observe(document, { childList: true, subtree: true });
    });
    const code = await holdAppCode(page);
    const answered = page.waitForResponse(/\/lms\/learningObjects\/\d+\?lesson_id=/);
    await page.goto(path, { waitUntil: 'commit' });
    // The learning object's answer is in, and its page's stylesheet: an early page would show now.
    await (await answered).finished();
    await page.waitForFunction(() =>
      [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].every((link) => link.sheet),
    );
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
    await code.release();
    await expect(page.locator('#root .lo-page h1')).toBeVisible();
    expect(await page.evaluate(() => (window as { __sawEarly?: boolean }).__sawEarly ?? false)).toBe(false);
    await expect(page.locator('#root .lo-text')).toBeVisible();
  });
});
