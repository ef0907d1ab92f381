/**
 * Learning-object viewer with the real lifecycle machine and mocked API functions:
 * what the student sees while start/end are recorded, fail and are retried.
 */
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
  content: { url: '/api/files/media/apostila.pdf', html: null },
  status: 'not_started',
  started_at: null,
  completed_at: null,
  previous: null,
  next: { id: 10, lesson_id: 5, module_id: 2 },
};
const progress = { id: 9, lesson_id: 5, status: 'started' as const, started_at: null, completed_at: null };

function renderViewer() {
  const { hook } = memoryLocation({ path: '/courses/1/modules/2/learningObjects/9' });
  render(
    <IntlProvider locale="pt-BR" defaultLocale="pt-BR" messages={{}}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <Router hook={hook}>
          <LearningObjectScreen courseId="1" moduleId="2" learningObjectId="9" />
        </Router>
      </QueryClientProvider>
    </IntlProvider>,
  );
}

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
    expect(lms.putLearningObjectStart).toHaveBeenCalledWith(9, 5, expect.stringMatching(/:start$/));

    await userEvent.setup().click(screen.getByRole('button', { name: 'Concluir' }));
    expect(await screen.findByText('Concluído')).toBeInTheDocument();
    expect(lms.putLearningObjectEnd).toHaveBeenCalledTimes(1);
    expect(lms.putLearningObjectEnd).toHaveBeenCalledWith(9, 5, {}, expect.stringMatching(/:end$/));
    expect(screen.queryByRole('button', { name: 'Concluir' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Próximo conteúdo/ })).toHaveAttribute(
      'href',
      '/courses/1/modules/2/learningObjects/10',
    );
  });

  it('tells the student when the end was not recorded and lets them retry', async () => {
    vi.mocked(lms.putLearningObjectEnd)
      .mockRejectedValueOnce(new ApiError(422, { message: 'Conteúdo não iniciado' }, '/end'))
      .mockResolvedValueOnce({ ...progress, status: 'completed' });
    renderViewer();
    const ui = userEvent.setup();
    await ui.click(await screen.findByRole('button', { name: 'Concluir' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Não foi possível registrar a conclusão deste conteúdo.',
    );
    await ui.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByText('Concluído')).toBeInTheDocument();
    expect(lms.putLearningObjectEnd).toHaveBeenCalledTimes(2);
    const keys = vi.mocked(lms.putLearningObjectEnd).mock.calls.map((call) => call[3]);
    expect(keys[0]).toBe(keys[1]);
  });

  it('shows a clear message when the learning object is not in the module', async () => {
    vi.mocked(lms.getModule).mockResolvedValue({ ...module, lessons: [] });
    renderViewer();
    expect(await screen.findByRole('heading', { name: 'Conteúdo não encontrado neste módulo.' })).toBeInTheDocument();
    expect(lms.putLearningObjectStart).not.toHaveBeenCalled();
  });
});
