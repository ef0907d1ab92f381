/**
 * Course list search and status filter: kept in the URL (`?q=…&status=…&page=N`),
 * a new search or filter goes back to page 1, the count is announced politely, an empty
 * result offers to clear the filters, pagination keeps the query, the field follows the URL.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IntlProvider } from 'react-intl';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { CourseListQuery, CourseListResponse, CourseSummary } from '../../src/services/contract';

vi.mock('../../src/services/api/lms', () => ({ getCourses: vi.fn() }));
import * as lms from '../../src/services/api/lms';
import CoursesScreen, { coursesHref, parseCoursesQuery } from '../../src/views/courses/screen';

const course = (id: number, name: string, status: CourseSummary['status'], progress: number): CourseSummary => ({
  id,
  name,
  description: `Sobre ${name}`,
  image_url: null,
  progress,
  status,
  modules_count: 3,
});

const COURSES = [
  course(1, 'Introdução à Informática', 'in_progress', 40),
  course(2, 'Matemática Financeira', 'completed', 100),
  course(3, 'Comunicação e Expressão', 'not_started', 0),
];

const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** A fake v2 `GET /lms/courses`: filters and paginates COURSES like the server. */
function fakeCourses(query: CourseListQuery = {}): Promise<CourseListResponse> {
  const perPage = query.per_page ?? 12;
  const page = query.page ?? 1;
  const found = COURSES.filter(
    (c) => (!query.search || fold(c.name).includes(fold(query.search))) && (!query.status || c.status === query.status),
  );
  return Promise.resolve({
    pagination: {
      page,
      per_page: perPage,
      total: found.length,
      last_page: Math.max(1, Math.ceil(found.length / perPage)),
    },
    data: found.slice((page - 1) * perPage, page * perPage),
  });
}

function renderAt(path: string) {
  const location = memoryLocation({ path, record: true });
  render(
    <IntlProvider locale="pt-BR" defaultLocale="pt-BR" messages={{}}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <Router hook={location.hook} searchHook={location.searchHook}>
          <CoursesScreen />
        </Router>
      </QueryClientProvider>
    </IntlProvider>,
  );
  return { location, url: () => location.history!.at(-1) };
}

const searchBox = () => screen.getByRole('searchbox', { name: 'Buscar por nome' });
const statusFilter = () => screen.getByRole('combobox', { name: 'Situação' });

beforeEach(() => {
  vi.mocked(lms.getCourses).mockReset().mockImplementation(fakeCourses);
});

describe('URL query helpers', () => {
  it('parses the URL query with safe defaults', () => {
    expect(parseCoursesQuery('q=%20inform%20&status=completed&page=3')).toEqual({
      q: 'inform',
      status: 'completed',
      page: 3,
    });
    expect(parseCoursesQuery('status=todos&page=-1')).toEqual({ q: '', status: null, page: 1 });
    expect(parseCoursesQuery('page=1.5')).toMatchObject({ page: 1 });
  });

  it('builds /courses links leaving defaults out', () => {
    expect(coursesHref({})).toBe('/courses');
    expect(coursesHref({ q: ' matemática ', status: 'in_progress', page: 2 })).toBe(
      '/courses?q=matem%C3%A1tica&status=in_progress&page=2',
    );
    expect(coursesHref({ q: '', status: null, page: 1 })).toBe('/courses');
  });
});

describe('course list search and filter', () => {
  it('reads search, status and page from the URL and asks the API for them', async () => {
    renderAt('/courses?q=informatica&status=in_progress&page=1');
    expect(await screen.findByRole('link', { name: 'Introdução à Informática' })).toBeVisible();
    expect(lms.getCourses).toHaveBeenLastCalledWith(
      { page: 1, per_page: 12, search: 'informatica', status: 'in_progress' },
      expect.anything(),
    );
    expect(searchBox()).toHaveValue('informatica');
    expect(statusFilter()).toHaveDisplayValue('Em andamento');
    expect(screen.getByRole('search', { name: 'Buscar cursos' })).toContainElement(searchBox());
  });

  it('submits the search to the URL on page 1 and announces the count politely', async () => {
    const ui = userEvent.setup();
    const { url } = renderAt('/courses?page=2');
    const count = await screen.findByText('3 cursos encontrados');
    expect(count).toHaveAttribute('role', 'status');
    await ui.type(searchBox(), 'INFORMÁTICA');
    await ui.click(screen.getByRole('button', { name: 'Buscar' }));
    expect(url()).toBe('/courses?q=INFORM%C3%81TICA');
    expect(await screen.findByText('1 curso encontrado')).toHaveAttribute('role', 'status');
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Introdução à Informática' })).toHaveAttribute('href', '/courses/1');
    // Each card keeps its progress.
    expect(screen.getByRole('progressbar', { name: /Introdução à Informática: 40%/ })).toBeInTheDocument();
  });

  it('applies a status at once, keeping the search and going back to page 1', async () => {
    const ui = userEvent.setup();
    const { url } = renderAt('/courses?q=a&page=2');
    await screen.findByText(/encontrado/);
    await ui.selectOptions(statusFilter(), 'Concluído');
    expect(url()).toBe('/courses?q=a&status=completed');
    expect(await screen.findByRole('link', { name: 'Matemática Financeira' })).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Introdução à Informática' })).toBeNull();
    await ui.selectOptions(statusFilter(), 'Todos');
    expect(url()).toBe('/courses?q=a');
  });

  it('says when nothing matches and clears the filters, focusing the search field', async () => {
    const ui = userEvent.setup();
    const { url } = renderAt('/courses?q=informatica&status=completed');
    expect(await screen.findByText('Nenhum curso encontrado com a busca e a situação escolhidas.')).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('Nenhum curso encontrado');
    await ui.click(screen.getByRole('button', { name: 'Limpar filtros' }));
    expect(url()).toBe('/courses');
    expect(searchBox()).toHaveValue('');
    expect(searchBox()).toHaveFocus();
    expect(statusFilter()).toHaveDisplayValue('Todos');
    expect(await screen.findByText('3 cursos encontrados')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Limpar filtros' })).toBeNull();
    // The whole list is back.
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
    expect(screen.getByRole('link', { name: 'Comunicação e Expressão' })).toBeVisible();
  });

  it('while the list loads, card-sized placeholders say Carregando… and nothing else is listed', async () => {
    let answer: (response: CourseListResponse) => void = () => {};
    vi.mocked(lms.getCourses).mockReturnValue(new Promise((resolve) => (answer = resolve)));
    renderAt('/courses');
    const loading = screen.getAllByRole('status').find((s) => s.textContent === 'Carregando…');
    expect(loading).toBeDefined();
    // Six placeholders laid out in the cards' own grid (a first page's worth), hidden from screen readers.
    expect(loading!.querySelectorAll('.card-grid[aria-hidden="true"] .skeleton-card')).toHaveLength(6);
    expect(screen.queryByRole('list')).toBeNull();
    await act(async () => answer(await fakeCourses()));
    expect(await screen.findByRole('link', { name: 'Matemática Financeira' })).toBeVisible();
    expect(screen.queryByText('Carregando…')).toBeNull();
  });

  it('without filters, an empty list is the "no courses yet" text, with nothing to clear', async () => {
    vi.mocked(lms.getCourses).mockResolvedValue({
      pagination: { page: 1, per_page: 12, total: 0, last_page: 1 },
      data: [],
    });
    renderAt('/courses');
    expect(await screen.findByText('Você ainda não tem cursos.')).toBeVisible();
    expect(
      screen.getByText(
        'Quando você for matriculado em um curso, ele aparece aqui. Enquanto isso, veja o que há no início.',
      ),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Ir para o início' })).toHaveAttribute('href', '/home');
    expect(screen.queryByRole('button', { name: 'Limpar filtros' })).toBeNull();
  });

  it('keeps search and status in the pagination links', async () => {
    vi.mocked(lms.getCourses).mockImplementation((query) => fakeCourses({ ...query, per_page: 1 }));
    renderAt('/courses?q=a&page=2');
    const nav = await screen.findByRole('navigation', { name: 'Paginação dos cursos' });
    expect(within(nav).getByRole('link', { name: 'Página anterior' })).toHaveAttribute('href', '/courses?q=a');
    expect(within(nav).getByRole('link', { name: 'Próxima página' })).toHaveAttribute('href', '/courses?q=a&page=3');
    expect(within(nav).getByText('Página 2 de 3')).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Matemática Financeira' })).toBeVisible();
  });

  it('a page past the last one links back to the first', async () => {
    renderAt('/courses?q=a&page=9');
    expect(await screen.findByText('Esta página não existe mais.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Ir para a primeira página' })).toHaveAttribute('href', '/courses?q=a');
  });

  it('the search field follows the URL on back/forward', async () => {
    const { location } = renderAt('/courses?q=matematica');
    await screen.findByRole('link', { name: 'Matemática Financeira' });
    act(() => location.navigate('/courses?q=comunicacao&status=not_started'));
    expect(searchBox()).toHaveValue('comunicacao');
    expect(statusFilter()).toHaveDisplayValue('Não iniciado');
    expect(await screen.findByRole('link', { name: 'Comunicação e Expressão' })).toBeVisible();
  });
});
