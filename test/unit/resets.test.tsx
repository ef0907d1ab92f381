/**
 * Course and lesson resets: behind a confirmation dialog (native <dialog>), sent
 * once on 'Reiniciar', nothing on 'Cancelar' or Escape, refused while progress writes are
 * still pending, with the server's message on failure; 'Continuar' follows the server.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IntlProvider } from 'react-intl';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { ReactNode } from 'react';
import type { Course, Module } from '../../src/services/contract';
import { ApiError, NetworkError } from '../../src/services/http/errors';

vi.mock('../../src/services/api/lms', () => ({
  getCourse: vi.fn(),
  getModule: vi.fn(),
  postCourseReset: vi.fn(),
  putLessonReset: vi.fn(),
  putLearningObjectStart: vi.fn(),
  putLearningObjectEnd: vi.fn(),
}));
// The pages' "Materiais de apoio" section (tested in attachments-list.test.tsx): no files here.
vi.mock('../../src/services/api/attachments', () => ({
  getCourseAttachments: vi.fn(() => Promise.resolve([])),
  getModuleAttachments: vi.fn(() => Promise.resolve([])),
}));
import * as lms from '../../src/services/api/lms';
import CourseScreen from '../../src/views/course/screen';
import ModuleScreen from '../../src/views/module/screen';
import { createAppOutbox, type AppOutbox } from '../../src/app/wiring/learning';
import { memoryOutboxStore } from '../../src/services/storage/outbox-store';
import { OutboxContext } from '../../src/views/outbox/context';

const course: Course = {
  id: 1,
  name: 'Introdução à Informática',
  description: 'Computadores e internet.',
  image_url: null,
  progress: 40,
  status: 'in_progress',
  modules_count: 1,
  modules: [{ id: 2, name: 'Módulo 1', position: 1, progress: 40, completed: false, lessons_count: 2 }],
  last_learning_object: { id: 9, lesson_id: 5, module_id: 2 },
  continue_learning_object: { id: 10, lesson_id: 5, module_id: 2 },
};

const module: Module = {
  id: 2,
  course_id: 1,
  course_name: course.name,
  name: 'Módulo 1',
  position: 1,
  progress: 100,
  completed: false,
  lessons: [
    {
      id: 5,
      name: 'Aula 1',
      position: 1,
      completed: true,
      learning_objects: [
        { id: 9, name: 'Leitura', type: 'text', position: 1, status: 'completed', duration_seconds: null },
      ],
    },
  ],
};

let outbox: AppOutbox;

function renderWith(ui: ReactNode, path: string) {
  const { hook } = memoryLocation({ path });
  outbox = createAppOutbox(Promise.resolve(memoryOutboxStore()), () => {});
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

beforeEach(() => {
  vi.mocked(lms.getCourse).mockReset().mockResolvedValue(course);
  vi.mocked(lms.getModule).mockReset().mockResolvedValue(module);
  vi.mocked(lms.postCourseReset).mockReset().mockResolvedValue(undefined);
  vi.mocked(lms.putLessonReset).mockReset().mockResolvedValue(undefined);
  vi.mocked(lms.putLearningObjectStart).mockReset().mockRejectedValue(new NetworkError());
});

describe('course page', () => {
  it("offers no 'Reiniciar curso' before anything was started (issue 23)", async () => {
    vi.mocked(lms.getCourse).mockResolvedValue({
      ...course,
      progress: 0,
      status: 'not_started',
      last_learning_object: null,
      modules: course.modules.map((m) => ({ ...m, progress: 0 })),
    });
    renderWith(<CourseScreen courseId="1" />, '/courses/1');
    expect(await screen.findByRole('link', { name: /Continuar|Começar/ })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Reiniciar curso' })).toBeNull();
  });

  it("'Continuar' leads to the server's continue target", async () => {
    renderWith(<CourseScreen courseId="1" />, '/courses/1');
    expect(await screen.findByRole('link', { name: 'Continuar' })).toHaveAttribute(
      'href',
      '/courses/1/modules/2/learningObjects/10',
    );
  });

  it('asks before resetting; Cancelar and Escape send nothing; Reiniciar resets once and says so', async () => {
    const ui = userEvent.setup();
    renderWith(<CourseScreen courseId="1" />, '/courses/1');
    const open = await screen.findByRole('button', { name: 'Reiniciar curso' });
    await ui.click(open);
    let dialog = screen.getByRole('dialog', { name: 'Reiniciar o curso?' });
    expect(dialog).toHaveAccessibleDescription(/Todo o seu progresso neste curso será apagado/);
    expect(within(dialog).getByRole('button', { name: 'Cancelar' })).toHaveFocus();
    await ui.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    await ui.click(open);
    await ui.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(lms.postCourseReset).not.toHaveBeenCalled();

    vi.mocked(lms.getCourse).mockResolvedValue({
      ...course,
      progress: 0,
      status: 'not_started',
      last_learning_object: null,
      continue_learning_object: { id: 9, lesson_id: 5, module_id: 2 },
    });
    await ui.click(open);
    dialog = screen.getByRole('dialog', { name: 'Reiniciar o curso?' });
    await ui.click(within(dialog).getByRole('button', { name: 'Reiniciar' }));
    expect(await screen.findByText('O progresso do curso foi reiniciado.')).toBeInTheDocument();
    expect(lms.postCourseReset).toHaveBeenCalledTimes(1);
    expect(lms.postCourseReset).toHaveBeenCalledWith(1);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await screen.findByRole('link', { name: 'Continuar' })).toHaveAttribute(
      'href',
      '/courses/1/modules/2/learningObjects/9',
    );
  });

  it("shows the server's message in the dialog when the reset fails", async () => {
    vi.mocked(lms.postCourseReset).mockRejectedValue(new ApiError(500, { message: 'Erro ao reiniciar.' }, '/reset'));
    const ui = userEvent.setup();
    renderWith(<CourseScreen courseId="1" />, '/courses/1');
    await ui.click(await screen.findByRole('button', { name: 'Reiniciar curso' }));
    const dialog = screen.getByRole('dialog', { name: 'Reiniciar o curso?' });
    await ui.click(within(dialog).getByRole('button', { name: 'Reiniciar' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'A plataforma está com instabilidade no momento. Tente novamente em alguns minutos.',
    );
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('waits for pending progress writes before a reset', async () => {
    const ui = userEvent.setup();
    renderWith(<CourseScreen courseId="1" />, '/courses/1');
    await outbox.record('a:start', { kind: 'learningObject.start', learningObjectId: 9, lessonId: 5 });
    await ui.click(await screen.findByRole('button', { name: 'Reiniciar curso' }));
    const dialog = screen.getByRole('dialog', { name: 'Reiniciar o curso?' });
    expect(dialog).toHaveTextContent('Há 1 registro de progresso ainda não enviado.');
    expect(within(dialog).getByRole('button', { name: 'Reiniciar' })).toBeDisabled();
  });
});

describe('module page', () => {
  it("offers 'Reiniciar a aula' only for a lesson with something started (issue 23)", async () => {
    vi.mocked(lms.getModule).mockResolvedValue({
      ...module,
      lessons: [
        module.lessons[0]!,
        {
          id: 6,
          name: 'Aula 2',
          position: 2,
          completed: false,
          learning_objects: [
            { id: 11, name: 'Vídeo', type: 'video', position: 1, status: 'not_started', duration_seconds: 60 },
          ],
        },
      ],
    });
    renderWith(<ModuleScreen courseId="1" moduleId="2" />, '/courses/1/modules/2');
    expect(await screen.findByRole('button', { name: 'Reiniciar a aula Aula 1' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Reiniciar a aula Aula 2' })).toBeNull();
  });

  it('resets one lesson after confirmation', async () => {
    const ui = userEvent.setup();
    renderWith(<ModuleScreen courseId="1" moduleId="2" />, '/courses/1/modules/2');
    await ui.click(await screen.findByRole('button', { name: 'Reiniciar a aula Aula 1' }));
    const dialog = screen.getByRole('dialog', { name: 'Reiniciar a aula Aula 1?' });
    vi.mocked(lms.getModule).mockResolvedValue({
      ...module,
      progress: 0,
      lessons: [
        {
          ...module.lessons[0]!,
          completed: false,
          learning_objects: [{ ...module.lessons[0]!.learning_objects[0]!, status: 'not_started' }],
        },
      ],
    });
    await ui.click(within(dialog).getByRole('button', { name: 'Reiniciar' }));
    expect(await screen.findByText('O progresso da aula Aula 1 foi reiniciado.')).toBeInTheDocument();
    expect(lms.putLessonReset).toHaveBeenCalledWith(5);
    expect(await screen.findByText(/não iniciado/)).toBeInTheDocument();
    expect(screen.queryByText('Aula concluída')).toBeNull();
  });
});
