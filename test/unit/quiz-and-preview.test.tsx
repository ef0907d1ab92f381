/**
 * Quiz learning objects (answers travel in the `end` body's data), the public preview
 * (same renderer, nothing recorded) and the viewer's keyboard shortcuts.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IntlProvider } from 'react-intl';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { ReactNode } from 'react';
import type { LearningObject, Module } from '../../src/services/contract';
import { ApiError } from '../../src/services/http/errors';

vi.mock('../../src/services/api/lms', () => ({
  getModule: vi.fn(),
  getLearningObject: vi.fn(),
  getLearningObjectPreview: vi.fn(),
  putLearningObjectStart: vi.fn(),
  putLearningObjectEnd: vi.fn(),
}));
import * as lms from '../../src/services/api/lms';
import LearningObjectScreen, { shortcutTarget } from '../../src/views/learning-object/screen';
import PreviewScreen from '../../src/views/preview/screen';
import { createAppOutbox } from '../../src/app/wiring/learning';
import { memoryOutboxStore } from '../../src/services/storage/outbox-store';
import { OutboxContext } from '../../src/views/outbox/context';

const quiz = {
  questions: [
    {
      id: 'q1',
      text: 'Qual é a capital do Brasil?',
      options: [
        { id: 'a', text: 'Brasília' },
        { id: 'b', text: 'Recife' },
      ],
    },
    {
      id: 'q2',
      text: 'Quanto é 2 + 2?',
      options: [
        { id: 'a', text: '3' },
        { id: 'b', text: '4' },
      ],
    },
    {
      id: 'q3',
      text: 'O Sol é uma…',
      options: [
        { id: 'a', text: 'estrela' },
        { id: 'b', text: 'lua' },
      ],
    },
  ],
};

const module: Module = {
  id: 2,
  course_id: 1,
  course_name: 'Curso',
  name: 'Módulo 1',
  position: 1,
  progress: 0,
  completed: false,
  lessons: [
    {
      id: 5,
      name: 'Aula 2',
      position: 2,
      completed: false,
      learning_objects: [
        { id: 8, name: 'Leitura', type: 'text', position: 1, status: 'completed', duration_seconds: null },
        { id: 9, name: 'Questionário', type: 'quiz', position: 2, status: 'not_started', duration_seconds: null },
      ],
    },
  ],
};

const quizLo: LearningObject = {
  id: 9,
  name: 'Questionário',
  type: 'quiz',
  lesson_id: 5,
  module_id: 2,
  course_id: 1,
  content: { url: null, html: null, quiz },
  status: 'not_started',
  started_at: null,
  completed_at: null,
  previous: { id: 8, lesson_id: 5, module_id: 2 },
  next: { id: 10, lesson_id: 6, module_id: 2 },
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

function renderAt(path: string, ui: ReactNode) {
  const memory = memoryLocation({ path, record: true });
  const outbox = createAppOutbox(Promise.resolve(memoryOutboxStore()), () => {});
  outbox.actor.send({ type: 'outbox.user', userId: 1 });
  render(
    <IntlProvider locale="pt-BR" defaultLocale="pt-BR" messages={{}}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <OutboxContext.Provider value={outbox}>
          <Router hook={memory.hook}>{ui}</Router>
        </OutboxContext.Provider>
      </QueryClientProvider>
    </IntlProvider>,
  );
  return memory;
}

const renderQuiz = () =>
  renderAt(
    '/courses/1/modules/2/learningObjects/9',
    <LearningObjectScreen courseId="1" moduleId="2" learningObjectId="9" />,
  );

beforeEach(() => {
  vi.mocked(lms.getModule).mockReset().mockResolvedValue(module);
  vi.mocked(lms.getLearningObject).mockReset().mockResolvedValue(quizLo);
  vi.mocked(lms.getLearningObjectPreview).mockReset().mockResolvedValue(quizLo);
  vi.mocked(lms.putLearningObjectStart).mockReset().mockResolvedValue(progress);
  vi.mocked(lms.putLearningObjectEnd)
    .mockReset()
    .mockResolvedValue({ ...progress, status: 'completed' });
});

describe('quiz learning object', () => {
  it('asks for every answer, then sends them once as the end data', async () => {
    const ui = userEvent.setup();
    renderQuiz();
    const q1 = await screen.findByRole('group', { name: /Pergunta 1\. Qual é a capital do Brasil\?/ });
    expect(screen.queryByRole('button', { name: 'Concluir' })).toBeNull();
    await ui.click(within(q1).getByRole('radio', { name: 'Brasília' }));
    await ui.click(screen.getByRole('button', { name: 'Enviar respostas' }));

    expect(screen.getByRole('alert')).toHaveTextContent(
      'Faltam responder 2 perguntas. Responda todas antes de enviar.',
    );
    const q2 = screen.getByRole('group', { name: /Pergunta 2\./ });
    expect(within(q2).getByRole('radio', { name: '3' })).toHaveFocus();
    expect(lms.putLearningObjectEnd).not.toHaveBeenCalled();

    await ui.click(within(q2).getByRole('radio', { name: '4' }));
    await ui.click(within(screen.getByRole('group', { name: /Pergunta 3\./ })).getByRole('radio', { name: 'estrela' }));
    await ui.click(screen.getByRole('button', { name: 'Enviar respostas' }));

    expect(await screen.findByText(/Respostas enviadas\./)).toBeInTheDocument();
    // Not 'Concluído' before the platform graded it (it depends on the grade).
    expect(screen.queryByText('Concluído')).toBeNull();
    expect(lms.putLearningObjectEnd).toHaveBeenCalledTimes(1);
    expect(lms.putLearningObjectEnd).toHaveBeenCalledWith(
      9,
      5,
      { answers: { q1: 'a', q2: 'b', q3: 'a' } },
      expect.stringMatching(/:end$/),
      expect.any(String),
    );
    expect(screen.queryByRole('button', { name: 'Enviar respostas' })).toBeNull();
    expect(within(q2).getByRole('radio', { name: '4' })).toBeDisabled();
  });

  it("shows a finished quiz's answers read-only with the server's grade", async () => {
    vi.mocked(lms.getLearningObject).mockResolvedValue({
      ...quizLo,
      status: 'completed',
      completed_at: '2026-11-20T10:00:00.000Z',
      quiz_result: {
        correct: 2,
        total: 3,
        answers: { q1: 'a', q2: 'a', q3: 'a' },
        questions: { q1: true, q2: false, q3: true },
        pass_score: 2,
        passed: true,
        attempts: 1,
        max_attempts: 3,
        can_retry: false,
        correct_answers: null,
      },
    });
    renderQuiz();
    expect(await screen.findByText('Você acertou 2 de 3 perguntas. Aprovado: o mínimo era 2 acertos.')).toHaveAttribute(
      'role',
      'status',
    );
    expect(screen.getByText('Concluído')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: /Pergunta 1\./ })).toHaveAccessibleDescription('Resposta certa');
    expect(screen.getByRole('group', { name: /Pergunta 2\./ })).toHaveAccessibleDescription('Resposta errada');
    expect(screen.queryByRole('button', { name: 'Tentar novamente' })).toBeNull();
    const q2 = screen.getByRole('group', { name: /Pergunta 2\./ });
    expect(within(q2).getByRole('radio', { name: '3' })).toBeChecked();
    expect(within(q2).getByRole('radio', { name: '3' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Enviar respostas' })).toBeNull();
    expect(lms.putLearningObjectEnd).not.toHaveBeenCalled();
  });
});

describe('quiz: feedback and a new attempt (issue 23)', () => {
  const failed: LearningObject = {
    ...quizLo,
    status: 'started',
    started_at: '2026-11-20T10:00:00.000Z',
    quiz_result: {
      correct: 1,
      total: 3,
      answers: { q1: 'a', q2: 'a', q3: 'b' },
      questions: { q1: true, q2: false, q3: false },
      pass_score: 2,
      passed: false,
      attempts: 1,
      max_attempts: 3,
      can_retry: true,
      correct_answers: null,
    },
  };

  it('shows what was right and wrong, is not Concluído, and Tentar novamente opens a new attempt with its own keys', async () => {
    vi.mocked(lms.getLearningObject).mockResolvedValue(failed);
    const ui = userEvent.setup();
    renderQuiz();
    expect(
      await screen.findByText(
        'Você acertou 1 de 3 perguntas. Para concluir, acerte pelo menos 2 perguntas. Tentativa 1 de 3.',
      ),
    ).toHaveAttribute('role', 'status');
    expect(screen.getByRole('group', { name: /Pergunta 1\./ })).toHaveAccessibleDescription('Resposta certa');
    expect(screen.getByRole('group', { name: /Pergunta 2\./ })).toHaveAccessibleDescription('Resposta errada');
    expect(screen.getByRole('group', { name: /Pergunta 3\./ })).toHaveAccessibleDescription('Resposta errada');
    expect(
      within(screen.getByRole('group', { name: /Pergunta 2\./ })).getByRole('radio', { name: '3' }),
    ).toBeDisabled();
    expect(screen.queryByText('Concluído')).toBeNull();
    expect(await screen.findByText('Em andamento')).toBeInTheDocument();
    await waitFor(() => expect(lms.putLearningObjectStart).toHaveBeenCalledTimes(1));
    const firstKey = vi.mocked(lms.putLearningObjectStart).mock.calls[0]![2];

    await ui.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    // A new opening: its own start, an empty form, no old grade.
    await waitFor(() => expect(lms.putLearningObjectStart).toHaveBeenCalledTimes(2));
    const secondKey = vi.mocked(lms.putLearningObjectStart).mock.calls[1]![2];
    expect(secondKey).toMatch(/:start$/);
    expect(secondKey).not.toBe(firstKey);
    const q1 = screen.getByRole('group', { name: /Pergunta 1\./ });
    expect(within(q1).getByRole('radio', { name: 'Brasília' })).not.toBeChecked();
    expect(within(q1).getByRole('radio', { name: 'Brasília' })).toBeEnabled();
    expect(screen.queryByText(/Você acertou/)).toBeNull();
    expect(q1).not.toHaveAccessibleDescription('Resposta certa');

    await ui.click(within(q1).getByRole('radio', { name: 'Brasília' }));
    await ui.click(within(screen.getByRole('group', { name: /Pergunta 2\./ })).getByRole('radio', { name: '4' }));
    await ui.click(within(screen.getByRole('group', { name: /Pergunta 3\./ })).getByRole('radio', { name: 'estrela' }));
    await ui.click(screen.getByRole('button', { name: 'Enviar respostas' }));
    await waitFor(() => expect(lms.putLearningObjectEnd).toHaveBeenCalledTimes(1));
    expect(lms.putLearningObjectEnd).toHaveBeenCalledWith(
      9,
      5,
      { answers: { q1: 'a', q2: 'b', q3: 'a' } },
      secondKey.replace(/:start$/, ':end'),
      expect.any(String),
    );
    // The old attempt's grade is not shown as this one's.
    expect(screen.getByText(/Respostas enviadas\./)).toBeInTheDocument();
  });

  it('offers no new attempt when the attempts are over, and says the quiz closed without passing', async () => {
    vi.mocked(lms.getLearningObject).mockResolvedValue({
      ...failed,
      status: 'completed',
      completed_at: '2026-11-20T10:05:00.000Z',
      quiz_result: { ...failed.quiz_result!, attempts: 3, can_retry: false },
    });
    renderQuiz();
    expect(
      await screen.findByText(
        'Você acertou 1 de 3 perguntas. As tentativas acabaram: o questionário foi encerrado sem atingir o mínimo de 2 acertos. Tentativa 3 de 3.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Concluído')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Tentar novamente' })).toBeNull();
    // This platform keeps the right answers to itself (no correct_answers): none is shown.
    expect(screen.queryByText(/Resposta correta/)).toBeNull();
  });

  it('once the attempts are over, says which answer was right, in text beside it and in the question', async () => {
    vi.mocked(lms.getLearningObject).mockResolvedValue({
      ...failed,
      status: 'completed',
      completed_at: '2026-11-20T10:05:00.000Z',
      quiz_result: {
        ...failed.quiz_result!,
        attempts: 3,
        can_retry: false,
        correct_answers: { q1: 'a', q2: 'b', q3: 'a' },
      },
    });
    renderQuiz();
    const q2 = await screen.findByRole('group', { name: /Pergunta 2\./ });
    expect(q2).toHaveAccessibleDescription('Resposta errada. Resposta correta: 4');
    expect(within(q2).getByRole('radio', { name: '4 Resposta correta' })).not.toBeChecked();
    expect(within(q2).getByRole('radio', { name: '3' })).toBeChecked();
    const q3 = screen.getByRole('group', { name: /Pergunta 3\./ });
    expect(q3).toHaveAccessibleDescription('Resposta errada. Resposta correta: estrela');
    expect(within(q3).getByRole('radio', { name: 'estrela Resposta correta' })).toBeInTheDocument();
    // A question answered right needs no mark: the student's answer is the right one.
    const q1 = screen.getByRole('group', { name: /Pergunta 1\./ });
    expect(q1).toHaveAccessibleDescription('Resposta certa');
    expect(within(q1).queryByText('Resposta correta')).toBeNull();
  });

  it('keeps the right answers hidden while another attempt is allowed', async () => {
    vi.mocked(lms.getLearningObject).mockResolvedValue(failed);
    renderQuiz();
    expect(await screen.findByRole('button', { name: 'Tentar novamente' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: /Pergunta 2\./ })).toHaveAccessibleDescription('Resposta errada');
    expect(screen.queryByText(/Resposta correta/)).toBeNull();
  });
});

describe('keyboard shortcuts of the viewer', () => {
  it('Alt+Shift+→ goes to the next object, Alt+Shift+← to the previous, Alt+Shift+↑ to the module', async () => {
    const ui = userEvent.setup();
    const memory = renderQuiz();
    await screen.findByRole('heading', { level: 1, name: 'Questionário' });
    expect(screen.getByRole('link', { name: /Próximo conteúdo/ })).toHaveAttribute(
      'aria-keyshortcuts',
      'Alt+Shift+ArrowRight',
    );
    expect(screen.getByText('Alt + Shift + seta para a direita: próximo conteúdo')).toBeInTheDocument();
    await ui.keyboard('{Alt>}{Shift>}{ArrowRight}{/Shift}{/Alt}');
    expect(memory.history.at(-1)).toBe('/courses/1/modules/2/learningObjects/10');
  });

  it('maps only Alt+Shift arrows, never while typing in a field', () => {
    const targets = { previous: '/p', next: '/n', module: '/m' };
    const key = (k: string, extra: Partial<KeyboardEvent> = {}) =>
      shortcutTarget(
        { key: k, altKey: true, shiftKey: true, ctrlKey: false, metaKey: false, target: null, ...extra },
        targets,
      );
    expect(key('ArrowLeft')).toBe('/p');
    expect(key('ArrowRight')).toBe('/n');
    expect(key('ArrowUp')).toBe('/m');
    expect(key('ArrowRight', { shiftKey: false })).toBeNull();
    expect(key('ArrowRight', { ctrlKey: true })).toBeNull();
    expect(key('ArrowRight', { target: document.createElement('input') })).toBeNull();
    expect(
      shortcutTarget(
        { key: 'ArrowLeft', altKey: true, shiftKey: true, ctrlKey: false, metaKey: false, target: null },
        { ...targets, previous: null },
      ),
    ).toBeNull();
  });
});

describe('learning-object preview (no login)', () => {
  it('shows the content read-only and records nothing', async () => {
    const ui = userEvent.setup();
    renderAt('/lo/preview/9', <PreviewScreen learningObjectId="9" />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Questionário' })).toBeInTheDocument();
    expect(screen.getByText(/Você está vendo uma pré-visualização/)).toBeInTheDocument();
    expect(lms.getLearningObjectPreview).toHaveBeenCalledWith(9, expect.anything());
    await ui.click(screen.getByRole('radio', { name: 'Brasília' }));
    expect(screen.getByRole('radio', { name: 'Brasília' })).toBeChecked();
    expect(screen.queryByRole('button', { name: 'Enviar respostas' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Concluir' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Entrar para estudar' })).toHaveAttribute('href', '/login');
    expect(lms.putLearningObjectStart).not.toHaveBeenCalled();
    expect(lms.putLearningObjectEnd).not.toHaveBeenCalled();
  });

  it('says so when the object does not exist', async () => {
    vi.mocked(lms.getLearningObjectPreview).mockRejectedValue(
      new ApiError(404, { message: 'Conteúdo não encontrado.' }, '/lms/learningObjects/77'),
    );
    renderAt('/lo/preview/77', <PreviewScreen learningObjectId="77" />);
    expect(
      await screen.findByText('Este conteúdo não existe ou não está disponível para pré-visualização.'),
    ).toBeInTheDocument();
  });
});
