/**
 * Learning-object viewer with the real lifecycle and outbox machines (in-memory store) and
 * mocked API functions: start/end go through the outbox with their client event id and
 * time; what the student sees while writes wait, are retried, or are refused.
 */
import { Suspense } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IntlProvider } from 'react-intl';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { LearningObject, Module } from '../../src/services/contract';
import { ApiError } from '../../src/services/http/errors';

vi.mock('../../src/services/api/lms', () => ({
  getModule: vi.fn(),
  getLearningObject: vi.fn(),
  putLearningObjectStart: vi.fn(),
  putLearningObjectEnd: vi.fn(),
}));
import * as lms from '../../src/services/api/lms';
import LearningObjectScreen from '../../src/views/learning-object/screen';
import { createAppOutbox, type AppOutbox } from '../../src/app/wiring/learning';
import { memoryOutboxStore } from '../../src/services/storage/outbox-store';
import { OutboxContext } from '../../src/views/outbox/context';
import { OutboxStatus } from '../../src/views/outbox/status';

const module: Module = {
  id: 2,
  course_id: 1,
  course_name: 'Introdução à Informática',
  name: 'Módulo 1 — Primeiros passos',
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
        {
          id: 9,
          name: 'O que é um computador',
          type: 'pdf',
          position: 1,
          status: 'not_started',
          duration_seconds: null,
        },
      ],
    },
  ],
};
const lo: LearningObject = {
  id: 9,
  name: 'O que é um computador',
  type: 'pdf',
  lesson_id: 5,
  module_id: 2,
  course_id: 1,
  content: { url: '/api/files/media/apostila.pdf', html: null, quiz: null },
  status: 'not_started',
  started_at: null,
  completed_at: null,
  previous: null,
  next: { id: 10, lesson_id: 5, module_id: 2 },
  next_module: null,
  quiz_result: null,
};
const progress = {
  id: 9,
  lesson_id: 5,
  status: 'started' as const,
  started_at: null,
  completed_at: null,
  quiz_result: null,
};

let outbox: AppOutbox;

const IDS = { courseId: '1', moduleId: '2', learningObjectId: '9' };

function renderViewer(ids: { courseId: string; moduleId: string; learningObjectId: string } = IDS) {
  const { hook } = memoryLocation({
    path: `/courses/${ids.courseId}/modules/${ids.moduleId}/learningObjects/${ids.learningObjectId}`,
  });
  outbox = createAppOutbox(Promise.resolve(memoryOutboxStore()), () => {});
  outbox.actor.send({ type: 'outbox.user', userId: 1 });
  render(
    <IntlProvider locale="pt-BR" defaultLocale="pt-BR" messages={{}}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <OutboxContext.Provider value={outbox}>
          <Router hook={hook}>
            <OutboxStatus />
            {/* As in the app: the route's own Suspense (a part loaded only when needed). */}
            <Suspense fallback={<p>Carregando…</p>}>
              <LearningObjectScreen {...ids} />
            </Suspense>
          </Router>
        </OutboxContext.Provider>
      </QueryClientProvider>
    </IntlProvider>,
  );
}

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

beforeEach(() => {
  vi.mocked(lms.getModule).mockResolvedValue(module);
  vi.mocked(lms.getLearningObject).mockResolvedValue(lo);
  vi.mocked(lms.putLearningObjectStart).mockReset().mockResolvedValue(progress);
  vi.mocked(lms.putLearningObjectEnd)
    .mockReset()
    .mockResolvedValue({ ...progress, status: 'completed' });
});

describe('learning-object viewer', () => {
  it('records the start once on open and the end once on Concluir', async () => {
    renderViewer();
    expect(await screen.findByRole('heading', { level: 1, name: 'O que é um computador' })).toBeInTheDocument();
    expect(await screen.findByText('Em andamento')).toBeInTheDocument();
    expect(lms.getLearningObject).toHaveBeenCalledWith(9, 5, expect.anything());
    expect(lms.putLearningObjectStart).toHaveBeenCalledTimes(1);
    expect(lms.putLearningObjectStart).toHaveBeenCalledWith(
      9,
      5,
      expect.stringMatching(/:start$/),
      expect.stringMatching(ISO),
    );

    await userEvent.setup().click(screen.getByRole('button', { name: 'Concluir' }));
    expect(await screen.findByText('Concluído')).toBeInTheDocument();
    expect(lms.putLearningObjectEnd).toHaveBeenCalledTimes(1);
    expect(lms.putLearningObjectEnd).toHaveBeenCalledWith(
      9,
      5,
      {},
      expect.stringMatching(/:end$/),
      expect.stringMatching(ISO),
    );
    expect(screen.queryByRole('button', { name: 'Concluir' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Próximo conteúdo/ })).toHaveAttribute(
      'href',
      '/courses/1/modules/2/learningObjects/10',
    );
  });

  it('keeps a finish the server could not take, shows it pending, and sends it on Sincronizar agora', async () => {
    vi.mocked(lms.putLearningObjectEnd)
      .mockRejectedValueOnce(new ApiError(503, { message: 'Serviço indisponível' }, '/end'))
      .mockResolvedValueOnce({ ...progress, status: 'completed' });
    renderViewer();
    const ui = userEvent.setup();
    await ui.click(await screen.findByRole('button', { name: 'Concluir' }));
    // Stored on the device: done for the student, pending for the server.
    expect(await screen.findByText('Concluído')).toBeInTheDocument();
    expect(
      await screen.findByText('1 registro de progresso pendente: será enviado assim que a conexão voltar.'),
    ).toBeInTheDocument();
    await ui.click(screen.getByRole('button', { name: 'Sincronizar agora' }));
    await vi.waitFor(() => expect(lms.putLearningObjectEnd).toHaveBeenCalledTimes(2));
    await vi.waitFor(() => expect(screen.queryByRole('button', { name: 'Sincronizar agora' })).toBeNull());
    expect(screen.queryByText(/pendente/)).toBeNull();
    const calls = vi.mocked(lms.putLearningObjectEnd).mock.calls;
    expect(calls[0]![3]).toBe(calls[1]![3]);
    expect(calls[0]![4]).toBe(calls[1]![4]);
    expect(outbox.actor.getSnapshot().context.queue).toEqual([]);
  });

  it('tells the student when the server refused a write for good', async () => {
    vi.mocked(lms.putLearningObjectEnd).mockRejectedValueOnce(
      new ApiError(422, { message: 'Conteúdo não iniciado' }, '/end'),
    );
    renderViewer();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Concluir' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      '1 registro de progresso foi recusado pelo servidor e não será reenviado.',
    );
    expect(lms.putLearningObjectEnd).toHaveBeenCalledTimes(1);
  });

  it('shows a clear message when the learning object is not in the module', async () => {
    vi.mocked(lms.getModule).mockResolvedValue({ ...module, lessons: [] });
    renderViewer();
    expect(await screen.findByRole('heading', { name: 'Conteúdo não encontrado neste módulo.' })).toBeInTheDocument();
    expect(lms.putLearningObjectStart).not.toHaveBeenCalled();
  });
});

describe('not found is not an error (issue 18)', () => {
  it('a module that does not exist or is not the student’s (404) shows a way back to Meus cursos, no retry', async () => {
    vi.mocked(lms.getModule).mockRejectedValueOnce(new ApiError(404, { message: 'Módulo não encontrado.' }, '/m'));
    renderViewer();
    expect(await screen.findByRole('heading', { level: 1, name: 'Conteúdo não encontrado' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voltar para Meus cursos' })).toHaveAttribute('href', '/courses');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Tentar novamente' })).not.toBeInTheDocument();
  });

  it('an address whose ids are not numbers shows the not-found page, without asking the platform', async () => {
    vi.mocked(lms.getModule).mockClear();
    renderViewer({ courseId: '1', moduleId: '2', learningObjectId: 'abc' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Página não encontrada' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voltar para o início' })).toBeInTheDocument();
    expect(lms.getModule).not.toHaveBeenCalled();
  });

  it('a learning object answering 404 shows the same not-found state', async () => {
    vi.mocked(lms.getLearningObject).mockRejectedValueOnce(new ApiError(404, { message: 'Não encontrado.' }, '/lo'));
    renderViewer();
    expect(await screen.findByRole('link', { name: 'Voltar para Meus cursos' })).toHaveAttribute('href', '/courses');
    expect(screen.queryByRole('button', { name: 'Tentar novamente' })).not.toBeInTheDocument();
  });

  it('any other failure is still an error with a retry', async () => {
    vi.mocked(lms.getModule).mockRejectedValueOnce(new ApiError(500, { message: 'Falha' }, '/m'));
    renderViewer();
    expect(await screen.findByRole('button', { name: 'Tentar novamente' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Voltar para Meus cursos' })).not.toBeInTheDocument();
  });
});
