/**
 * "Materiais de apoio" (docs/product.md §7 course and module attachments): name, type and size
 * in pt-BR, download links that open in a new tab, its own loading / error (retry) / empty
 * states, and a failure there never hides the rest of the course or module page.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createIntl, IntlProvider } from 'react-intl';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { ReactNode } from 'react';
import type { Course, CourseAttachment, Module } from '../../src/services/contract';
import { ApiError, NetworkError } from '../../src/services/http/errors';

vi.mock('../../src/services/api/attachments', () => ({
  getCourseAttachments: vi.fn(),
  getModuleAttachments: vi.fn(),
}));
vi.mock('../../src/services/api/lms', () => ({
  getCourse: vi.fn(),
  getModule: vi.fn(),
  postCourseReset: vi.fn(),
  putLessonReset: vi.fn(),
  putLearningObjectStart: vi.fn(),
  putLearningObjectEnd: vi.fn(),
}));
import * as attachmentsApi from '../../src/services/api/attachments';
import * as lms from '../../src/services/api/lms';
import { AttachmentsList } from '../../src/views/components/attachments-list';
import { fileTypeLabel, formatFileSize, safeFileUrl } from '../../src/views/components/file-format';
import CourseScreen from '../../src/views/course/screen';
import ModuleScreen from '../../src/views/module/screen';
import { createAppOutbox } from '../../src/app/wiring/learning';
import { memoryOutboxStore } from '../../src/services/storage/outbox-store';
import { OutboxContext } from '../../src/views/outbox/context';

const file = (over: Partial<CourseAttachment>): CourseAttachment => ({
  id: 1,
  name: 'Guia do curso',
  file_name: 'guia-do-curso.pdf',
  mime_type: 'application/pdf',
  size_bytes: 863,
  url: '/api/files/media/apostila.pdf',
  course_id: 1,
  module_id: null,
  created_at: '2026-11-20T10:00:00.000Z',
  ...over,
});

const FILES: CourseAttachment[] = [
  file({}),
  file({
    id: 2,
    name: 'Cronograma de estudos',
    file_name: 'cronograma.csv',
    mime_type: 'text/csv',
    size_bytes: 152,
    url: '/api/files/media/cronograma.csv',
  }),
  file({ id: 3, name: 'Videoaula extra', file_name: 'extra.mp4', mime_type: 'video/mp4', size_bytes: 1_534_000 }),
];

const course: Course = {
  id: 1,
  name: 'Introdução à Informática',
  description: 'Computadores e internet.',
  image_url: null,
  progress: 40,
  status: 'in_progress',
  modules_count: 1,
  modules: [{ id: 2, name: 'Módulo 1', position: 1, progress: 40, completed: false, lessons_count: 2 }],
  last_learning_object: null,
  continue_learning_object: null,
};

const module: Module = {
  id: 2,
  course_id: 1,
  course_name: course.name,
  name: 'Módulo 1',
  position: 1,
  progress: 0,
  completed: false,
  lessons: [
    {
      id: 5,
      name: 'Aula 1',
      position: 1,
      completed: false,
      learning_objects: [
        { id: 9, name: 'Leitura', type: 'text', position: 1, status: 'not_started', duration_seconds: null },
      ],
    },
  ],
};

function renderWith(ui: ReactNode, path = '/courses/1') {
  const { hook } = memoryLocation({ path });
  const outbox = createAppOutbox(Promise.resolve(memoryOutboxStore()), () => {});
  outbox.actor.send({ type: 'outbox.user', userId: 1 });
  render(
    <IntlProvider locale="pt-BR" defaultLocale="pt-BR" messages={{}}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <OutboxContext.Provider value={outbox}>
          <Router hook={hook}>{ui}</Router>
        </OutboxContext.Provider>
      </QueryClientProvider>
    </IntlProvider>,
  );
}

const section = () => screen.getByRole('region', { name: 'Materiais de apoio' });

beforeEach(() => {
  vi.mocked(attachmentsApi.getCourseAttachments).mockReset().mockResolvedValue(FILES);
  vi.mocked(attachmentsApi.getModuleAttachments).mockReset().mockResolvedValue([]);
  vi.mocked(lms.getCourse).mockReset().mockResolvedValue(course);
  vi.mocked(lms.getModule).mockReset().mockResolvedValue(module);
});

describe('formatting helpers (pt-BR)', () => {
  const intl = createIntl({ locale: 'pt-BR', defaultLocale: 'pt-BR', messages: {} });

  it('formats sizes in kB below 1 MB, else MB, never 0 for a non-empty file', () => {
    expect(formatFileSize(intl, 863)).toBe('0,9 kB');
    expect(formatFileSize(intl, 12)).toBe('0,1 kB');
    expect(formatFileSize(intl, 0)).toBe('0 kB');
    expect(formatFileSize(intl, 254_300)).toBe('254,3 kB');
    expect(formatFileSize(intl, 1_534_000)).toBe('1,5 MB');
  });

  it('names file types from the MIME type, else the extension', () => {
    expect(fileTypeLabel(intl, { mime_type: 'application/pdf', file_name: 'a.pdf' })).toBe('PDF');
    expect(fileTypeLabel(intl, { mime_type: 'text/csv; charset=utf-8', file_name: 'a.csv' })).toBe('Planilha CSV');
    expect(fileTypeLabel(intl, { mime_type: 'image/png', file_name: 'a.png' })).toBe('Imagem');
    expect(fileTypeLabel(intl, { mime_type: 'application/x-foo', file_name: 'mapa.kmz' })).toBe('Arquivo KMZ');
    expect(fileTypeLabel(intl, { mime_type: 'application/octet-stream', file_name: 'leia-me' })).toBe('Arquivo');
  });

  it('links only same-origin paths and http(s) addresses', () => {
    expect(safeFileUrl('/api/files/media/apostila.pdf')).toBe('/api/files/media/apostila.pdf');
    expect(safeFileUrl('https://cdn.example.com/a.pdf')).toBe('https://cdn.example.com/a.pdf');
    expect(safeFileUrl('javascript:alert(1)')).toBeNull();
    expect(safeFileUrl('//evil.example.com/a.pdf')).toBeNull();
  });
});

describe('AttachmentsList', () => {
  it('lists each file as a download link that opens in a new tab, with its type and size', async () => {
    renderWith(<AttachmentsList scope={{ kind: 'course', id: 1 }} />);
    expect(within(section()).getByRole('heading', { level: 2, name: 'Materiais de apoio' })).toBeVisible();
    const guide = await within(section()).findByRole('link', { name: 'Guia do curso (abre em nova aba)' });
    expect(guide).toHaveAttribute('href', '/api/files/media/apostila.pdf');
    expect(guide).toHaveAttribute('download', 'guia-do-curso.pdf');
    expect(guide).toHaveAttribute('target', '_blank');
    expect(guide).toHaveAttribute('rel', 'noopener noreferrer');
    expect(guide).toHaveAccessibleDescription('PDF · 0,9 kB');
    expect(screen.getByRole('link', { name: /^Cronograma de estudos/ })).toHaveAccessibleDescription(
      'Planilha CSV · 0,2 kB',
    );
    expect(screen.getByRole('link', { name: /^Videoaula extra/ })).toHaveAccessibleDescription('Vídeo · 1,5 MB');
    expect(within(section()).getAllByRole('listitem')).toHaveLength(3);
    expect(attachmentsApi.getCourseAttachments).toHaveBeenCalledWith(1, expect.anything());
  });

  it('shows its loading state, then the empty state of a module without files', async () => {
    let answer: (files: CourseAttachment[]) => void = () => {};
    vi.mocked(attachmentsApi.getModuleAttachments).mockReturnValue(new Promise((resolve) => (answer = resolve)));
    renderWith(<AttachmentsList scope={{ kind: 'module', id: 2 }} />);
    expect(within(section()).getByRole('status')).toHaveTextContent('Carregando materiais de apoio…');
    answer([]);
    expect(await within(section()).findByText('Nenhum material de apoio.')).toBeVisible();
    // What comes next, and where the other files are.
    expect(
      within(section()).getByText(
        'Quando houver materiais para estudar, eles aparecem aqui. Outros arquivos estão em Documentos.',
      ),
    ).toBeVisible();
    expect(within(section()).getByRole('link', { name: 'Ver documentos' })).toHaveAttribute('href', '/attachments');
    expect(within(section()).queryByRole('status')).toBeNull();
    expect(attachmentsApi.getModuleAttachments).toHaveBeenCalledWith(2, expect.anything());
  });

  it('says why loading failed and retries', async () => {
    const ui = userEvent.setup();
    vi.mocked(attachmentsApi.getCourseAttachments).mockRejectedValueOnce(new NetworkError());
    renderWith(<AttachmentsList scope={{ kind: 'course', id: 1 }} />);
    const alert = await within(section()).findByRole('alert');
    expect(alert).toHaveTextContent('Não foi possível carregar os materiais de apoio: Sem conexão com o servidor.');
    await ui.click(within(alert).getByRole('button', { name: 'Tentar novamente' }));
    expect(await within(section()).findByRole('link', { name: /^Guia do curso/ })).toBeVisible();
    expect(within(section()).queryByRole('alert')).toBeNull();
  });

  it('does not link a file whose address is not http(s) or same-origin', async () => {
    vi.mocked(attachmentsApi.getCourseAttachments).mockResolvedValue([file({ url: 'javascript:alert(1)' })]);
    renderWith(<AttachmentsList scope={{ kind: 'course', id: 1 }} />);
    expect(await within(section()).findByText('Guia do curso')).toBeVisible();
    expect(within(section()).queryByRole('link')).toBeNull();
  });
});

describe('on the course and module pages', () => {
  it('the course page lists its files; their failure leaves the rest of the page in place', async () => {
    vi.mocked(attachmentsApi.getCourseAttachments).mockRejectedValue(
      new ApiError(500, { message: 'Erro interno do servidor.' }, '/api/v1/courses/1/attachments'),
    );
    renderWith(<CourseScreen courseId="1" />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Introdução à Informática' })).toBeVisible();
    expect(await within(section()).findByRole('alert')).toHaveTextContent(
      'A plataforma está com instabilidade no momento. Tente novamente em alguns minutos.',
    );
    expect(screen.getByRole('link', { name: 'Módulo 1' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Reiniciar curso' })).toBeVisible();
  });

  it('the module page shows its own files section after the lessons', async () => {
    vi.mocked(attachmentsApi.getModuleAttachments).mockResolvedValue([
      file({ id: 7, name: 'Lista de exercícios', file_name: 'exercicios.pdf', module_id: 2 }),
    ]);
    renderWith(<ModuleScreen courseId="1" moduleId="2" />, '/courses/1/modules/2');
    const link = await within(await screen.findByRole('region', { name: 'Materiais de apoio' })).findByRole('link', {
      name: 'Lista de exercícios (abre em nova aba)',
    });
    expect(link).toHaveAttribute('download', 'exercicios.pdf');
    expect(screen.getByRole('heading', { level: 2, name: 'Aula 1' })).toBeVisible();
    expect(attachmentsApi.getModuleAttachments).toHaveBeenCalledWith(2, expect.anything());
    expect(attachmentsApi.getCourseAttachments).not.toHaveBeenCalled();
  });
});
