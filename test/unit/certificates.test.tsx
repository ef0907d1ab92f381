/**
 * Certificates and documents (docs/product.md §7 certificates base: Bearer, 30 s, blob answers):
 * - `requestBlob` and the certificates services: every request carries `Authorization: Bearer`,
 *   times out after 30 s (docs/product.md §9), refuses an answer that is not a PDF, keeps the server's
 *   message of an error answer;
 * - the "Documentos e certificados" section: progress while issuing ('Gerando…', aria-busy,
 *   polite status), the PDF opened in a new tab and a download link with a meaningful name,
 *   the popup-blocked and failure messages, disabled offline with the reason shown, object
 *   URLs revoked, and the graduation courses.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IntlProvider } from 'react-intl';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { DocumentContract, GradCourse } from '../../src/services/contract';
import { createClient, requestBlob } from '../../src/services/http/clients';
import {
  ApiError,
  ContractError,
  MALFORMED_RESPONSE_MESSAGE,
  NetworkError,
  TimeoutError,
} from '../../src/services/http/errors';
import { clearToken, setToken } from '../../src/services/storage/token';

vi.mock('../../src/services/api/certificates', () => ({
  getDocumentContracts: vi.fn(),
  getGradCourses: vi.fn(),
  postIssueDocument: vi.fn(),
}));
import * as certificatesApi from '../../src/services/api/certificates';
import { CertificatesSection, documentFileName, slugify } from '../../src/views/certificates/section';

const actualApi = await vi.importActual<typeof import('../../src/services/api/certificates')>(
  '../../src/services/api/certificates',
);

const PDF_BYTES = '%PDF-1.7\n%fake\n';
const pdf = (status = 200, type = 'application/pdf') =>
  new Response(PDF_BYTES, { status, headers: { 'content-type': type } });
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let seen: Request[] = [];
function fakeFetch(answer: (req: Request) => Response | Promise<Response>): typeof fetch {
  return (async (input: RequestInfo | URL, init?: RequestInit) => {
    const req = input instanceof Request ? input : new Request(input, init);
    seen.push(req);
    return answer(req);
  }) as typeof fetch;
}
const hang = (req: Request) =>
  new Promise<Response>((_, reject) => req.signal.addEventListener('abort', () => reject(req.signal.reason)));

beforeEach(() => {
  seen = [];
  setToken('tok-cert');
});
afterEach(() => {
  clearToken();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('requestBlob (certificates base: Bearer, 30 s, PDF answers)', () => {
  it('sends Authorization: Bearer and Accept: application/pdf, and returns the PDF as a Blob', async () => {
    const ky = createClient(
      'certificates',
      fakeFetch(() => pdf()),
    );
    const blob = await requestBlob(
      'certificates',
      'post',
      '/id_cards/issue_by_contract',
      { searchParams: { contract_id: 7 } },
      ky,
    );
    expect(seen[0]?.method).toBe('POST');
    expect(seen[0]?.url).toMatch(/\/api\/certificates\/id_cards\/issue_by_contract\?contract_id=7$/);
    expect(seen[0]?.headers.get('authorization')).toBe('Bearer tok-cert');
    expect(seen[0]?.headers.get('accept')).toBe('application/pdf');
    expect(blob.type).toBe('application/pdf');
    expect(await blob.text()).toBe(PDF_BYTES);
  });

  it('times out after the 30 s of the certificates base (docs/product.md §9)', async () => {
    vi.useFakeTimers();
    const ky = createClient('certificates', fakeFetch(hang));
    let settled: unknown = 'pending';
    void requestBlob('certificates', 'post', '/x', {}, ky).then(
      (value) => (settled = value),
      (error: unknown) => (settled = error),
    );
    await vi.advanceTimersByTimeAsync(29_900);
    expect(settled).toBe('pending');
    await vi.advanceTimersByTimeAsync(200);
    expect(settled).toBeInstanceOf(TimeoutError);
    expect((settled as TimeoutError).timeoutMs).toBe(30_000);
  });

  it('refuses an answer that is not a PDF (or is empty) with a clear typed error', async () => {
    for (const answer of [
      () => new Response('<html>login</html>', { status: 200, headers: { 'content-type': 'text/html' } }),
      () => json(200, { data: 'x' }),
      () => new Response('', { status: 200, headers: { 'content-type': 'application/pdf' } }),
    ]) {
      const ky = createClient('certificates', fakeFetch(answer));
      const error = await requestBlob('certificates', 'post', '/x', {}, ky).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ContractError);
      expect((error as ContractError).message).toBe(MALFORMED_RESPONSE_MESSAGE);
    }
  });

  it("keeps the server's message of an error answer, and maps a failed connection", async () => {
    const ky = createClient(
      'certificates',
      fakeFetch(() => json(404, { message: 'Contrato não encontrado.' })),
    );
    const error = await requestBlob('certificates', 'post', '/x', {}, ky).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(404);
    expect((error as ApiError).message).toBe('Contrato não encontrado.');

    const offline = createClient(
      'certificates',
      fakeFetch(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(requestBlob('certificates', 'post', '/x', {}, offline)).rejects.toBeInstanceOf(NetworkError);
  });
});

describe('certificates services (docs/product.md §7 paths, Bearer on every call)', () => {
  it('issues each document with POST …/issue_by_contract?contract_id', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch(() => pdf()),
    );
    for (const [kind, path] of [
      ['enrollment_statement', 'enrollment_statements'],
      ['course_curriculum', 'course_curriculums'],
      ['id_card', 'id_cards'],
    ] as const) {
      const blob = await actualApi.postIssueDocument(kind, 2025042);
      expect(blob.type).toBe('application/pdf');
      const req = seen.at(-1)!;
      expect(req.method).toBe('POST');
      expect(new URL(req.url).pathname + new URL(req.url).search).toBe(
        `/api/certificates/${path}/issue_by_contract?contract_id=2025042`,
      );
      expect(req.headers.get('authorization')).toBe('Bearer tok-cert');
    }
  });

  it('lists contracts and graduation courses with Bearer, validated by the contract', async () => {
    const contract: DocumentContract = {
      contract_id: 5,
      course_name: 'Curso',
      status: 'active',
      erp_user_id: 9,
      enrolled_on: '2025-02-10',
    };
    vi.stubGlobal(
      'fetch',
      fakeFetch((req) =>
        req.url.includes('/contracts')
          ? json(200, { data: [contract] })
          : json(200, {
              data: [
                {
                  id: 1,
                  name: 'G',
                  degree: 'Bacharelado',
                  semesters: 8,
                  current_semester: 2,
                  status: 'in_progress',
                  contract_id: 5,
                },
              ],
            }),
      ),
    );
    expect(await actualApi.getDocumentContracts()).toEqual([contract]);
    expect((await actualApi.getGradCourses(9))[0]?.name).toBe('G');
    expect(seen.map((r) => new URL(r.url).pathname + new URL(r.url).search)).toEqual([
      '/api/certificates/contracts',
      '/api/certificates/grad/courses/?erp_user_id=9',
    ]);
    for (const req of seen) expect(req.headers.get('authorization')).toBe('Bearer tok-cert');
  });
});

// ---------- the section ----------

const CONTRACTS: DocumentContract[] = [
  {
    contract_id: 2025042,
    course_name: 'Bacharelado em Administração',
    status: 'active',
    erp_user_id: 100003,
    enrolled_on: '2025-02-10',
  },
  {
    contract_id: 2022017,
    course_name: 'Tecnólogo em Gestão de Recursos Humanos',
    status: 'completed',
    erp_user_id: 100003,
    enrolled_on: '2022-08-01',
  },
];
const GRAD: GradCourse[] = [
  {
    id: 1,
    name: 'Bacharelado em Administração',
    degree: 'Bacharelado',
    semesters: 8,
    current_semester: 3,
    status: 'in_progress',
    contract_id: 2025042,
  },
];

function renderSection(ui: ReactNode = <CertificatesSection />) {
  return render(
    <IntlProvider locale="pt-BR" defaultLocale="pt-BR" messages={{}}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        {ui}
      </QueryClientProvider>
    </IntlProvider>,
  );
}

const firstContract = async () =>
  (await screen.findByRole('heading', { level: 3, name: 'Bacharelado em Administração' })).closest('li')!;

describe('"Documentos e certificados" section', () => {
  let open: ReturnType<typeof vi.fn>;
  let created: number;

  beforeEach(() => {
    vi.mocked(certificatesApi.getDocumentContracts).mockReset().mockResolvedValue(CONTRACTS);
    vi.mocked(certificatesApi.getGradCourses).mockReset().mockResolvedValue(GRAD);
    vi.mocked(certificatesApi.postIssueDocument).mockReset();
    created = 0;
    URL.createObjectURL = vi.fn(() => `blob:http://localhost/pdf-${++created}`);
    URL.revokeObjectURL = vi.fn();
    open = vi.fn(() => ({}) as Window);
    vi.stubGlobal('open', open);
  });

  it('lists each contract with its three documents and the graduation courses', async () => {
    renderSection();
    const region = screen.getByRole('region', { name: 'Documentos e certificados' });
    expect(within(region).getByRole('status')).toHaveTextContent('Carregando suas matrículas…');
    const item = await firstContract();
    expect(item).toHaveTextContent('Contrato nº 2025042 · Ativo · ingresso em 10/02/2025');
    const group = within(item).getByRole('list', { name: 'Documentos de Bacharelado em Administração' });
    expect(
      within(group)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Declaração de matrícula', 'Matriz curricular', 'Carteirinha de estudante']);
    expect(within(group).getByRole('button', { name: 'Matriz curricular' })).toHaveAccessibleDescription(
      'Bacharelado em Administração',
    );
    expect(screen.getAllByRole('button', { name: 'Declaração de matrícula' })).toHaveLength(2);
    const grad = await screen.findByRole('group', { name: 'Cursos de graduação' });
    expect(grad).toHaveTextContent('Bacharelado · 8 semestres · Cursando o 3º semestre');
    expect(certificatesApi.getGradCourses).toHaveBeenCalledWith(100003, expect.anything());
  });

  it('shows progress while issuing, then opens the PDF in a new tab and offers a meaningful download', async () => {
    const ui = userEvent.setup();
    let resolve!: (blob: Blob) => void;
    vi.mocked(certificatesApi.postIssueDocument).mockReturnValue(new Promise((r) => (resolve = r)));
    const view = renderSection();
    const item = await firstContract();
    await ui.click(within(item).getByRole('button', { name: 'Declaração de matrícula' }));

    const busy = within(item).getByRole('button', { name: /Gerando…/ });
    expect(busy).toHaveAttribute('aria-busy', 'true');
    expect(busy).toHaveAccessibleName('Gerando… Declaração de matrícula');
    expect(within(item).getByText('Gerando a declaração de matrícula…')).toHaveAttribute('role', 'status');
    expect(certificatesApi.postIssueDocument).toHaveBeenCalledWith('enrollment_statement', 2025042);
    await ui.click(busy); // a second click while issuing does nothing
    expect(certificatesApi.postIssueDocument).toHaveBeenCalledTimes(1);

    resolve(new Blob([PDF_BYTES], { type: 'application/pdf' }));
    const link = await within(item).findByRole('link', { name: 'Baixar a declaração de matrícula (PDF)' });
    expect(link).toHaveAttribute('href', 'blob:http://localhost/pdf-1');
    expect(link).toHaveAttribute('download', 'declaracao-de-matricula-bacharelado-em-administracao.pdf');
    expect(open).toHaveBeenCalledWith('blob:http://localhost/pdf-1', '_blank');
    expect(within(item).getByText('Pronto: a declaração de matrícula foi aberta em uma nova aba.')).toHaveAttribute(
      'role',
      'status',
    );
    const button = within(item).getByRole('button', { name: 'Declaração de matrícula' });
    expect(button).not.toHaveAttribute('aria-busy');

    // Issuing again replaces (and revokes) the previous PDF; unmounting revokes the last one.
    vi.mocked(certificatesApi.postIssueDocument).mockResolvedValue(new Blob([PDF_BYTES], { type: 'application/pdf' }));
    await ui.click(button);
    expect(await within(item).findByRole('link', { name: /Baixar a declaração/ })).toHaveAttribute(
      'href',
      'blob:http://localhost/pdf-2',
    );
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:http://localhost/pdf-1');
    view.unmount();
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:http://localhost/pdf-2');
  });

  it('says so when the browser blocks the new tab, and the link still works', async () => {
    const ui = userEvent.setup();
    open.mockReturnValue(null);
    vi.mocked(certificatesApi.postIssueDocument).mockResolvedValue(new Blob([PDF_BYTES], { type: 'application/pdf' }));
    renderSection();
    const item = await firstContract();
    await ui.click(within(item).getByRole('button', { name: 'Carteirinha de estudante' }));
    expect(
      await within(item).findByText(
        'Pronto, mas o navegador bloqueou a nova aba: use o link para baixar a carteirinha de estudante.',
      ),
    ).toBeInTheDocument();
    expect(within(item).getByRole('link', { name: 'Baixar a carteirinha de estudante (PDF)' })).toHaveAttribute(
      'download',
      'carteirinha-de-estudante-bacharelado-em-administracao.pdf',
    );
  });

  it('shows the reason of a failure in an alert', async () => {
    const ui = userEvent.setup();
    vi.mocked(certificatesApi.postIssueDocument)
      .mockRejectedValueOnce(new ApiError(404, { message: 'Contrato não encontrado.' }, '/x'))
      .mockRejectedValueOnce(new NetworkError());
    renderSection();
    const item = await firstContract();
    const button = within(item).getByRole('button', { name: 'Matriz curricular' });
    await ui.click(button);
    expect(await within(item).findByRole('alert')).toHaveTextContent(
      'Não foi possível gerar a matriz curricular: Contrato não encontrado.',
    );
    expect(within(item).queryByRole('link')).toBeNull();
    await ui.click(button);
    expect(await within(item).findByRole('alert')).toHaveTextContent(
      'Não foi possível gerar a matriz curricular: Sem conexão com o servidor. Verifique sua internet e tente novamente.',
    );
  });

  it('disables every document button offline, with the reason shown', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderSection();
    await firstContract();
    const reason = 'Sem conexão com a internet: esta ação fica disponível quando a conexão voltar.';
    expect(screen.getByText(reason)).toBeVisible();
    const buttons = screen.getAllByRole('button', { name: /Declaração|Matriz|Carteirinha/ });
    expect(buttons).toHaveLength(6);
    for (const button of buttons) {
      expect(button).toBeDisabled();
      expect(button).toHaveAccessibleDescription(expect.stringContaining(reason));
    }
  });

  it('loading error with retry, empty state, and no graduation list when there are none', async () => {
    const ui = userEvent.setup();
    vi.mocked(certificatesApi.getDocumentContracts)
      .mockRejectedValueOnce(new ApiError(500, { message: 'Erro interno do servidor.' }, '/x'))
      .mockResolvedValueOnce([]);
    renderSection();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Não foi possível carregar suas matrículas: A plataforma está com instabilidade no momento. Tente novamente em alguns minutos.',
    );
    await ui.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByText('Você não tem matrículas com documentos disponíveis.')).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Cursos de graduação' })).toBeNull();
    expect(certificatesApi.getGradCourses).not.toHaveBeenCalled();
  });
});

describe('download names', () => {
  it('are the document and the course, without accents', () => {
    expect(slugify('Tecnólogo em Gestão de Recursos Humanos')).toBe('tecnologo-em-gestao-de-recursos-humanos');
    expect(documentFileName('course_curriculum', CONTRACTS[1]!)).toBe(
      'matriz-curricular-tecnologo-em-gestao-de-recursos-humanos.pdf',
    );
    expect(documentFileName('id_card', { course_name: '—', contract_id: 12 })).toBe('carteirinha-de-estudante-12.pdf');
  });
});
