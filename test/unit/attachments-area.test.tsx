/**
 * The attachments area: the student's files and the platform's documents with
 * category filter and search kept in the URL; one attachment opened through the shared
 * lifecycle — start on open, end once when viewed or downloaded — via the outbox.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IntlProvider } from 'react-intl';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { ReactNode } from 'react';
import type { StudentAttachment } from '../../src/services/contract';
import { ApiError } from '../../src/services/http/errors';

vi.mock('../../src/services/api/attachments', () => ({
  getAuthorizedAttachments: vi.fn(),
  getDocumentCategories: vi.fn(),
  getDocuments: vi.fn(),
  getAttachment: vi.fn(),
  putAttachmentStart: vi.fn(),
  putAttachmentEnd: vi.fn(),
  getCourseAttachments: vi.fn(),
  getModuleAttachments: vi.fn(),
}));
vi.mock('../../src/services/api/certificates', () => ({
  getDocumentContracts: vi.fn(() => Promise.resolve([])),
  getGradCourses: vi.fn(() => Promise.resolve([])),
  postIssueDocument: vi.fn(),
}));
import * as api from '../../src/services/api/attachments';
import AttachmentsScreen from '../../src/views/attachments/screen';
import { documentsHref, parseDocumentsQuery } from '../../src/views/attachments/url-query';
import AttachmentScreen from '../../src/views/attachments/attachment-screen';
import { createAppOutbox } from '../../src/app/wiring/learning';
import { memoryOutboxStore } from '../../src/services/storage/outbox-store';
import { OutboxContext } from '../../src/views/outbox/context';

const file = (over: Partial<StudentAttachment>): StudentAttachment => ({
  id: 1,
  name: 'Manual do aluno',
  description: 'Como estudar na plataforma.',
  category_id: 10,
  category_name: 'Manuais',
  personal: false,
  file_name: 'manual-do-aluno.pdf',
  mime_type: 'application/pdf',
  size_bytes: 1500,
  url: '/api/files/media/apostila.pdf',
  created_at: '2026-03-02T12:00:00.000Z',
  status: 'not_started',
  started_at: null,
  completed_at: null,
  ...over,
});

const contract = file({ id: 7, name: 'Contrato assinado', personal: true, category_id: null, category_name: null });
const manual = file({});
const calendar = file({
  id: 3,
  name: 'Calendário acadêmico 2026',
  category_id: 12,
  category_name: 'Calendários',
  file_name: 'calendario.csv',
  mime_type: 'text/csv',
});

function renderAt(path: string, ui: ReactNode) {
  const memory = memoryLocation({ path, record: true });
  const outbox = createAppOutbox(Promise.resolve(memoryOutboxStore()), () => {});
  outbox.actor.send({ type: 'outbox.user', userId: 1 });
  render(
    <IntlProvider locale="pt-BR" defaultLocale="pt-BR" messages={{}}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <OutboxContext.Provider value={outbox}>
          <Router hook={memory.hook} searchHook={memory.searchHook}>
            {ui}
          </Router>
        </OutboxContext.Provider>
      </QueryClientProvider>
    </IntlProvider>,
  );
  return memory;
}

const progress = { id: 1, status: 'started' as const, started_at: null, completed_at: null };

beforeEach(() => {
  vi.mocked(api.getAuthorizedAttachments).mockReset().mockResolvedValue([contract]);
  vi.mocked(api.getDocumentCategories)
    .mockReset()
    .mockResolvedValue([
      { id: 10, name: 'Manuais', count: 2 },
      { id: 12, name: 'Calendários', count: 1 },
    ]);
  vi.mocked(api.getDocuments)
    .mockReset()
    .mockImplementation(async (query = {}) => {
      const all = [manual, calendar].filter(
        (d) =>
          (!query.category_id || d.category_id === query.category_id) &&
          (!query.search || d.name.includes(query.search)),
      );
      return { pagination: { page: 1, per_page: 10, total: all.length, last_page: 1 }, data: all };
    });
  vi.mocked(api.getAttachment).mockReset().mockResolvedValue(manual);
  vi.mocked(api.putAttachmentStart).mockReset().mockResolvedValue(progress);
  vi.mocked(api.putAttachmentEnd)
    .mockReset()
    .mockResolvedValue({ ...progress, status: 'completed' });
});

describe('attachments area (/attachments)', () => {
  it("lists the student's files and the documents with type, size and status", async () => {
    renderAt('/attachments', <AttachmentsScreen />);
    const mine = await screen.findByRole('region', { name: 'Seus arquivos' });
    expect(await within(mine).findByRole('link', { name: 'Contrato assinado' })).toHaveAttribute(
      'href',
      '/attachment/7',
    );
    const docs = screen.getByRole('region', { name: 'Documentos da instituição' });
    expect(await within(docs).findByRole('link', { name: 'Manual do aluno' })).toHaveAttribute('href', '/attachment/1');
    expect(within(docs).getByText(/Manuais · PDF · 1,5 kB/)).toBeInTheDocument();
    expect(within(docs).getAllByText('Não aberto').length).toBe(2);
    expect(within(docs).getByRole('status')).toHaveTextContent('2 documentos encontrados');
  });

  it('filters by category and searches by name through the URL; an empty result offers to clear', async () => {
    const ui = userEvent.setup();
    const memory = renderAt('/attachments', <AttachmentsScreen />);
    const select = await screen.findByRole('combobox', { name: 'Categoria' });
    await screen.findByRole('option', { name: 'Calendários (1)' });
    await ui.selectOptions(select, 'Calendários (1)');
    expect(memory.history.at(-1)).toBe('/attachments?category=12');
    const docs = screen.getByRole('region', { name: 'Documentos da instituição' });
    expect(await within(docs).findByRole('status')).toHaveTextContent('1 documento encontrado');
    expect(screen.queryByRole('link', { name: 'Manual do aluno' })).toBeNull();

    await ui.type(screen.getByRole('searchbox', { name: 'Buscar pelo nome' }), 'Manual');
    await ui.click(screen.getByRole('button', { name: 'Buscar' }));
    expect(memory.history.at(-1)).toBe('/attachments?category=12&q=Manual');
    expect(await screen.findByText('Nenhum documento corresponde à busca.')).toBeInTheDocument();
    await ui.click(screen.getByRole('button', { name: 'Limpar filtros' }));
    expect(memory.history.at(-1)).toBe('/attachments');
    expect(await screen.findByRole('link', { name: 'Manual do aluno' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Buscar pelo nome' })).toHaveValue('');
  });

  it('reads and writes its URL query, defaults left out', () => {
    expect(parseDocumentsQuery('?category=3&q=%20reg%20&page=2')).toEqual({ category: 3, q: 'reg', page: 2 });
    expect(parseDocumentsQuery('?category=x&page=-1')).toEqual({ category: null, q: '', page: 1 });
    expect(documentsHref({ category: null, q: ' ', page: 1 })).toBe('/attachments');
    expect(documentsHref({ category: 4, q: 'guia', page: 3 })).toBe('/attachments?category=4&q=guia&page=3');
  });
});

describe('one attachment (/attachment/{id})', () => {
  it('records the start on open and the end once when viewed, then downloaded', async () => {
    renderAt('/attachment/1', <AttachmentScreen attachmentId="1" />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Manual do aluno' })).toBeInTheDocument();
    expect(await screen.findByText('Em andamento')).toBeInTheDocument();
    expect(api.putAttachmentStart).toHaveBeenCalledWith(1, expect.stringMatching(/:start$/), expect.any(String));
    const download = screen.getByRole('link', { name: 'Baixar manual-do-aluno.pdf' });
    expect(download).toHaveAttribute('download', 'manual-do-aluno.pdf');
    expect(screen.getByRole('link', { name: 'Abrir em nova aba' })).toHaveAttribute('rel', 'noopener noreferrer');

    fireEvent.load(screen.getByTitle('Visualização: Manual do aluno'));
    expect(await screen.findByText('Concluído')).toBeInTheDocument();
    download.addEventListener('click', (event) => event.preventDefault());
    fireEvent.click(download);
    expect(api.putAttachmentEnd).toHaveBeenCalledTimes(1);
    expect(api.putAttachmentEnd).toHaveBeenCalledWith(1, expect.stringMatching(/:end$/), expect.any(String));
  });

  it('a file without preview is finished by downloading it', async () => {
    vi.mocked(api.getAttachment).mockResolvedValue(calendar);
    renderAt('/attachment/3', <AttachmentScreen attachmentId="3" />);
    expect(await screen.findByText(/não pode ser exibido aqui/)).toBeInTheDocument();
    await screen.findByText('Em andamento');
    expect(api.putAttachmentEnd).not.toHaveBeenCalled();
    const download = screen.getByRole('link', { name: 'Baixar calendario.csv' });
    download.addEventListener('click', (event) => event.preventDefault());
    fireEvent.click(download);
    expect(await screen.findByText('Concluído')).toBeInTheDocument();
    expect(api.putAttachmentEnd).toHaveBeenCalledTimes(1);
  });

  it('never links an unsafe address, and says when the file is not available', async () => {
    vi.mocked(api.getAttachment).mockResolvedValueOnce(file({ url: 'javascript:alert(1)' }));
    renderAt('/attachment/1', <AttachmentScreen attachmentId="1" />);
    expect(await screen.findByRole('alert')).toHaveTextContent('não é seguro');
    expect(screen.queryByRole('link', { name: /Baixar/ })).toBeNull();
  });

  it('shows that an unknown attachment does not exist', async () => {
    vi.mocked(api.getAttachment).mockRejectedValue(new ApiError(404, { message: 'Anexo não encontrado.' }, '/x'));
    renderAt('/attachment/99', <AttachmentScreen attachmentId="99" />);
    expect(await screen.findByText('Este arquivo não existe ou não está disponível para você.')).toBeInTheDocument();
    expect(api.putAttachmentStart).not.toHaveBeenCalled();
  });
});
