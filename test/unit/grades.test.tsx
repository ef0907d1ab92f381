/**
 * Grades: the list's summary and table in pt-BR numbers (7,5 · 10,0), sorting by
 * the column header buttons (`aria-sort`) and filtering kept in the URL and sent to the API,
 * empty states, error with retry; one course's details with its assessments and each variant
 * of the "what you still need" sentence.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IntlProvider } from 'react-intl';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { ReactNode } from 'react';
import type { GradeDetails, GradeListQuery, GradeListResponse, GradeSummary } from '../../src/services/contract';
import { ApiError, NetworkError } from '../../src/services/http/errors';

vi.mock('../../src/services/api/grades', () => ({ getGrades: vi.fn(), getGradeDetails: vi.fn() }));
import * as api from '../../src/services/api/grades';
import GradesScreen from '../../src/views/grades/screen';
import { gradesHref, parseGradesQuery } from '../../src/views/grades/url-query';
import GradeDetailsScreen from '../../src/views/grades/details';
import { prefetchRouteReads } from '../../src/app/startup-reads';
import { createQueryClient } from '../../src/app/query/client';

const summary = (
  course_id: number,
  course_name: string,
  grade: number | null,
  status: GradeSummary['status'],
  passing_grade: number | null = 6,
): GradeSummary => ({
  course_id,
  course_name,
  grade,
  status,
  passing_grade,
  graded_assessments: grade === null ? 0 : 2,
  total_assessments: 3,
  updated_at: grade === null ? null : '2026-03-27T13:00:00.000Z',
});

const GRADES = [
  summary(1, 'Introdução à Informática', 7.5, 'approved'),
  summary(2, 'Matemática Financeira', 10, 'approved', 7),
  summary(3, 'Comunicação e Expressão', 3.25, 'failed'),
  summary(4, 'Empreendedorismo', null, 'in_progress', null),
];

/** A fake `GET /lms/student/grades` over GRADES: filters, sorts by name or grade, paginates, stats. */
function fakeGrades(query: GradeListQuery = {}): Promise<GradeListResponse> {
  const perPage = query.per_page ?? 10;
  const page = query.page ?? 1;
  const found = GRADES.filter(
    (g) =>
      (!query.search || g.course_name.toLowerCase().includes(query.search.toLowerCase())) &&
      (!query.status || g.status === query.status),
  ).sort((a, b) =>
    query.sort === 'grade'
      ? ((a.grade ?? -1) - (b.grade ?? -1)) * (query.order === 'desc' ? -1 : 1)
      : a.course_name.localeCompare(b.course_name) * (query.order === 'desc' ? -1 : 1),
  );
  const grades = found.map((g) => g.grade).filter((g): g is number => g !== null);
  return Promise.resolve({
    pagination: {
      page,
      per_page: perPage,
      total: found.length,
      last_page: Math.max(1, Math.ceil(found.length / perPage)),
    },
    data: found.slice((page - 1) * perPage, page * perPage),
    stats: {
      average: grades.length ? grades.reduce((s, g) => s + g, 0) / grades.length : null,
      approved: found.filter((g) => g.status === 'approved').length,
      in_progress: found.filter((g) => g.status === 'in_progress').length,
      failed: found.filter((g) => g.status === 'failed').length,
    },
  });
}

const newClient = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

function renderAt(ui: ReactNode, path: string, client: QueryClient = newClient()) {
  const location = memoryLocation({ path, record: true });
  render(
    <IntlProvider locale="pt-BR" defaultLocale="pt-BR" messages={{}}>
      <QueryClientProvider client={client}>
        <Router hook={location.hook} searchHook={location.searchHook}>
          {ui}
        </Router>
      </QueryClientProvider>
    </IntlProvider>,
  );
  return { url: () => location.history!.at(-1) };
}

const summaryValue = (term: string) => {
  const region = screen.getByRole('region', { name: 'Resumo' });
  return within(region).getByText(term).nextElementSibling?.textContent;
};
const rowOf = (course: string) => screen.getByRole('rowheader', { name: new RegExp(course) }).closest('tr')!;
const header = (name: string) => screen.getByRole('columnheader', { name });

beforeEach(() => {
  vi.mocked(api.getGrades).mockReset().mockImplementation(fakeGrades);
  vi.mocked(api.getGradeDetails).mockReset();
});

describe('URL query helpers', () => {
  it('parses the URL query with safe defaults', () => {
    expect(parseGradesQuery('q=%20mat%20&status=failed&sort=grade&order=desc&page=2')).toEqual({
      q: 'mat',
      status: 'failed',
      sort: 'grade',
      order: 'desc',
      page: 2,
    });
    expect(parseGradesQuery('status=x&sort=nome&order=up&page=0')).toEqual({
      q: '',
      status: null,
      sort: 'course_name',
      order: 'asc',
      page: 1,
    });
  });

  it('builds /grades links leaving defaults out', () => {
    expect(gradesHref({})).toBe('/grades');
    expect(gradesHref({ sort: 'course_name', order: 'asc', page: 1 })).toBe('/grades');
    expect(gradesHref({ q: 'mat', status: 'approved', sort: 'grade', order: 'desc', page: 3 })).toBe(
      '/grades?q=mat&status=approved&sort=grade&order=desc&page=3',
    );
  });
});

describe('grade list', () => {
  it('shows the summary and the grades in pt-BR, each course linking to its details', async () => {
    renderAt(<GradesScreen />, '/grades');
    expect(await screen.findByRole('heading', { level: 1, name: 'Minhas notas' })).toBeVisible();
    expect(await screen.findByText('4 cursos encontrados')).toHaveAttribute('role', 'status');
    // (7,5 + 10 + 3,25) / 3 = 6,9166… → 6,9
    expect(summaryValue('Média geral')).toBe('6,9');
    expect(summaryValue('Aprovados')).toBe('2');
    expect(summaryValue('Em andamento')).toBe('1');
    expect(summaryValue('Reprovados')).toBe('1');
    expect(api.getGrades).toHaveBeenLastCalledWith(
      { page: 1, per_page: 10, sort: 'course_name', order: 'asc' },
      expect.anything(),
    );

    const table = screen.getByRole('table', { name: 'Notas por curso' });
    expect(within(table).getAllByRole('row')).toHaveLength(5);
    expect(within(rowOf('Introdução à Informática')).getByText('7,5')).toBeVisible();
    expect(within(rowOf('Matemática Financeira')).getByText('10,0')).toBeVisible();
    expect(within(rowOf('Matemática Financeira')).getByText('7,0')).toBeVisible();
    expect(within(rowOf('Comunicação e Expressão')).getByText('3,3')).toBeVisible();
    expect(within(rowOf('Comunicação e Expressão')).getByText('Reprovado')).toBeVisible();
    expect(within(rowOf('Empreendedorismo')).getByText('Sem nota')).toBeVisible();
    expect(within(rowOf('Empreendedorismo')).getByText('Não há')).toBeVisible();
    expect(within(rowOf('Introdução à Informática')).getByText('27/03/2026')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Matemática Financeira' })).toHaveAttribute('href', '/grades/course/2');
  });

  it('sorts with the column header buttons: URL, request and aria-sort follow', async () => {
    const ui = userEvent.setup();
    const { url } = renderAt(<GradesScreen />, '/grades');
    await screen.findByRole('table', { name: 'Notas por curso' });
    expect(header('Curso')).toHaveAttribute('aria-sort', 'ascending');
    expect(header('Nota')).not.toHaveAttribute('aria-sort');

    await ui.click(within(header('Nota')).getByRole('button', { name: 'Nota' }));
    expect(url()).toBe('/grades?sort=grade&order=desc');
    expect(api.getGrades).toHaveBeenLastCalledWith(
      { page: 1, per_page: 10, sort: 'grade', order: 'desc' },
      expect.anything(),
    );
    await vi.waitFor(() => expect(header('Nota')).toHaveAttribute('aria-sort', 'descending'));
    expect(header('Curso')).not.toHaveAttribute('aria-sort');
    await vi.waitFor(() =>
      expect(screen.getAllByRole('rowheader').map((cell) => cell.querySelector('a')!.textContent)).toEqual([
        'Matemática Financeira',
        'Introdução à Informática',
        'Comunicação e Expressão',
        'Empreendedorismo',
      ]),
    );

    // The same header again flips the order.
    await ui.click(screen.getByRole('button', { name: 'Nota' }));
    expect(url()).toBe('/grades?sort=grade&order=asc');
    await vi.waitFor(() => expect(header('Nota')).toHaveAttribute('aria-sort', 'ascending'));
  });

  it('filters by status and searches by name through the URL, keeping the sort', async () => {
    const ui = userEvent.setup();
    const { url } = renderAt(<GradesScreen />, '/grades?sort=grade&order=desc');
    await screen.findByRole('table', { name: 'Notas por curso' });
    await ui.selectOptions(screen.getByRole('combobox', { name: 'Situação' }), 'Reprovado');
    expect(url()).toBe('/grades?status=failed&sort=grade&order=desc');
    expect(api.getGrades).toHaveBeenLastCalledWith(
      { page: 1, per_page: 10, sort: 'grade', order: 'desc', status: 'failed' },
      expect.anything(),
    );
    expect(await screen.findByText('1 curso encontrado')).toBeVisible();
    expect(summaryValue('Reprovados')).toBe('1');
    expect(summaryValue('Aprovados')).toBe('0');

    await ui.selectOptions(screen.getByRole('combobox', { name: 'Situação' }), 'Todas');
    const search = screen.getByRole('searchbox', { name: 'Buscar por curso' });
    await ui.type(search, 'matem');
    await ui.click(screen.getByRole('button', { name: 'Buscar' }));
    expect(url()).toBe('/grades?q=matem&sort=grade&order=desc');
    expect(await screen.findByText('1 curso encontrado')).toBeVisible();
    expect(screen.getByRole('search', { name: 'Buscar notas' })).toContainElement(search);
  });

  it('offers to clear a search that finds nothing, and says when there are no grades at all', async () => {
    const ui = userEvent.setup();
    const { url } = renderAt(<GradesScreen />, '/grades?q=xyz&sort=grade&order=asc');
    expect(await screen.findByText('Nenhum curso encontrado com a busca e a situação escolhidas.')).toBeVisible();
    expect(screen.queryByRole('table')).toBeNull();
    await ui.click(screen.getByRole('button', { name: 'Limpar filtros' }));
    expect(url()).toBe('/grades?sort=grade&order=asc');
    expect(await screen.findByRole('table', { name: 'Notas por curso' })).toBeVisible();
    expect(screen.getByRole('searchbox', { name: 'Buscar por curso' })).toHaveFocus();
  });

  it('says when the student has no grades yet', async () => {
    vi.mocked(api.getGrades).mockResolvedValue({
      pagination: { page: 1, per_page: 10, total: 0, last_page: 1 },
      data: [],
      stats: { average: null, approved: 0, in_progress: 0, failed: 0 },
    });
    renderAt(<GradesScreen />, '/grades');
    expect(await screen.findByText('Você ainda não tem notas.')).toBeVisible();
    expect(summaryValue('Média geral')).toBe('Sem nota');
  });

  it('paginates keeping the query', async () => {
    const ui = userEvent.setup();
    vi.mocked(api.getGrades).mockImplementation((query) => fakeGrades({ ...query, per_page: 2 }));
    const { url } = renderAt(<GradesScreen />, '/grades?sort=grade&order=desc');
    const pages = await screen.findByRole('navigation', { name: 'Paginação das notas' });
    expect(within(pages).getByText('Página 1 de 2')).toHaveAttribute('aria-current', 'page');
    await ui.click(within(pages).getByRole('link', { name: 'Próxima página' }));
    expect(url()).toBe('/grades?sort=grade&order=desc&page=2');
    expect(api.getGrades).toHaveBeenLastCalledWith(
      { page: 2, per_page: 10, sort: 'grade', order: 'desc' },
      expect.anything(),
    );
    expect(await screen.findByText('Página 2 de 2')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Página anterior' })).toHaveAttribute(
      'href',
      '/grades?sort=grade&order=desc',
    );
  });

  it('on a page load, shows the list page its startup read asked for, without asking again', async () => {
    // src/app/startup-reads.ts: /grades's first read leaves with the app's boot, before the screen
    // (the app's own client: reads fresh for 30 s).
    const client = createQueryClient();
    await prefetchRouteReads(client, '/grades', '?q=mat&sort=grade&order=desc');
    expect(api.getGrades).toHaveBeenCalledTimes(1);
    expect(api.getGrades).toHaveBeenCalledWith(
      { search: 'mat', sort: 'grade', order: 'desc', page: 1, per_page: 10 },
      expect.anything(),
    );
    renderAt(<GradesScreen />, '/grades?q=mat&sort=grade&order=desc', client);
    expect(await screen.findByRole('rowheader', { name: /Matemática Financeira/ })).toBeInTheDocument();
    expect(api.getGrades).toHaveBeenCalledTimes(1);
  });

  it('shows the error with a retry that reads again', async () => {
    const ui = userEvent.setup();
    vi.mocked(api.getGrades).mockRejectedValueOnce(new NetworkError());
    renderAt(<GradesScreen />, '/grades');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Sem conexão com o servidor');
    await ui.click(within(alert).getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('table', { name: 'Notas por curso' })).toBeVisible();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

const DETAILS: GradeDetails = {
  course_id: 2,
  course_name: 'Matemática Financeira',
  passing_grade: 7,
  final_grade: 6.6,
  status: 'in_progress',
  assessments: [
    { id: 1, name: 'Lista de exercícios', weight: 20, grade: 6, date: '2026-03-02T13:00:00.000Z' },
    { id: 2, name: 'Prova 1', weight: 30, grade: 7.5, date: '2026-03-23T13:00:00.000Z' },
    { id: 3, name: 'Prova 2', weight: 50, grade: null, date: null },
  ],
  pass_outlook: 'needed',
  needed_to_pass: 6.5,
};

describe('grade details', () => {
  it('shows the breadcrumb, partial grade, passing grade, status and every assessment', async () => {
    vi.mocked(api.getGradeDetails).mockResolvedValue(DETAILS);
    renderAt(<GradeDetailsScreen courseId="2" />, '/grades/course/2');
    expect(await screen.findByRole('heading', { level: 1, name: 'Matemática Financeira' })).toBeVisible();
    expect(api.getGradeDetails).toHaveBeenCalledWith(2, expect.anything());
    const trail = screen.getByRole('navigation', { name: 'Você está em' });
    expect(within(trail).getByRole('link', { name: 'Minhas notas' })).toHaveAttribute('href', '/grades');
    expect(screen.getByText('Nota parcial').nextElementSibling).toHaveTextContent('6,6');
    expect(screen.getByText('Nota mínima para aprovação').nextElementSibling).toHaveTextContent('7,0');
    expect(screen.getByText('Em andamento')).toBeVisible();
    expect(screen.getByText('Para ser aprovado, você precisa de média 6,5 nas avaliações restantes.')).toBeVisible();

    const table = screen.getByRole('table', { name: 'Avaliações' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['20%', '02/03/2026', '6,0'],
      ['30%', '23/03/2026', '7,5'],
      ['50%', 'A definir', 'Aguardando nota'],
    ]);
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Lista de exercícios', 'Prova 1', 'Prova 2']);
  });

  it.each([
    [{ pass_outlook: 'reached', needed_to_pass: null }, 'Você já atingiu a nota mínima.'],
    [{ pass_outlook: 'unreachable', needed_to_pass: null }, 'Não é mais possível atingir a nota mínima neste curso.'],
  ] as const)('says %o as a sentence', async (outlook, sentence) => {
    vi.mocked(api.getGradeDetails).mockResolvedValue({ ...DETAILS, ...outlook });
    renderAt(<GradeDetailsScreen courseId="2" />, '/grades/course/2');
    expect(await screen.findByText(sentence)).toBeVisible();
    expect(screen.queryByText(/Para ser aprovado/)).toBeNull();
  });

  it('says nothing about passing and hides the passing grade when the course has none', async () => {
    vi.mocked(api.getGradeDetails).mockResolvedValue({
      ...DETAILS,
      passing_grade: null,
      final_grade: 8,
      status: 'approved',
      assessments: DETAILS.assessments.map((a) => ({ ...a, grade: 8 })),
      pass_outlook: 'none',
      needed_to_pass: null,
    });
    renderAt(<GradeDetailsScreen courseId="2" />, '/grades/course/2');
    await screen.findByRole('heading', { level: 1, name: 'Matemática Financeira' });
    expect(screen.getByText('Nota final').nextElementSibling).toHaveTextContent('8,0');
    expect(screen.getByText('Aprovado')).toBeVisible();
    expect(screen.queryByText('Nota mínima para aprovação')).toBeNull();
    expect(screen.queryByText(/nota mínima|Para ser aprovado/)).toBeNull();
    expect(screen.queryByText('Aguardando nota')).toBeNull();
  });

  it("shows the server's message with a retry, and not-found for a malformed id", async () => {
    const ui = userEvent.setup();
    vi.mocked(api.getGradeDetails)
      .mockRejectedValueOnce(new ApiError(500, { message: 'Erro interno do servidor.' }, '/x'))
      .mockResolvedValue(DETAILS);
    renderAt(<GradeDetailsScreen courseId="2" />, '/grades/course/2');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Não foi possível carregar: A plataforma está com instabilidade no momento. Tente novamente em alguns minutos.',
    );
    await ui.click(within(alert).getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Matemática Financeira' })).toBeVisible();
  });

  it('shows the not-found page for a malformed course id without asking the API', async () => {
    renderAt(<GradeDetailsScreen courseId="abc" />, '/grades/course/abc');
    expect(await screen.findByRole('heading', { level: 1, name: 'Página não encontrada' })).toBeVisible();
    expect(api.getGradeDetails).not.toHaveBeenCalled();
  });
});
