/**
 * No dead ends in the viewer: `nextStepOf` picks the next learning object,
 * else the next module's first one ('Próximo módulo: <nome>'), else the way back to the course;
 * the viewer shows that link and Alt+Shift+→ follows it.
 */
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { LearningObject, Module } from '../../src/services/contract';

vi.mock('../../src/services/api/lms', () => ({
  getModule: vi.fn(),
  getLearningObject: vi.fn(),
  putLearningObjectStart: vi.fn(() => new Promise(() => {})),
  putLearningObjectEnd: vi.fn(() => new Promise(() => {})),
}));
import * as lms from '../../src/services/api/lms';
import LearningObjectScreen from '../../src/views/learning-object/screen';
import { nextStepOf } from '../../src/views/learning-object/next-step';
import { createAppOutbox } from '../../src/app/wiring/learning';
import { memoryOutboxStore } from '../../src/services/storage/outbox-store';
import { OutboxContext } from '../../src/views/outbox/context';

const base = { course_id: 1, next: null, next_module: null };

describe('nextStepOf', () => {
  it('is the next learning object of the module when there is one', () => {
    expect(nextStepOf({ ...base, next: { id: 10, lesson_id: 5, module_id: 2 } })).toEqual({
      kind: 'learningObject',
      href: '/courses/1/modules/2/learningObjects/10',
    });
  });

  it("is the next module's first learning object on a module's last one (its page when it has none)", () => {
    const first = { id: 30, lesson_id: 12, module_id: 3 };
    expect(nextStepOf({ ...base, next_module: { id: 3, name: 'Módulo 2: Praticando', first } })).toEqual({
      kind: 'module',
      href: '/courses/1/modules/3/learningObjects/30',
      name: 'Módulo 2: Praticando',
    });
    expect(nextStepOf({ ...base, next_module: { id: 3, name: 'Módulo 2', first: null } })).toEqual({
      kind: 'module',
      href: '/courses/1/modules/3',
      name: 'Módulo 2',
    });
  });

  it("leads back to the course on the course's last learning object", () => {
    expect(nextStepOf(base)).toEqual({ kind: 'courseEnd', href: '/courses/1' });
  });
});

const module: Module = {
  id: 2,
  course_id: 1,
  course_name: 'Introdução à Informática',
  name: 'Módulo 1: Primeiros passos',
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
        { id: 9, name: 'Último do módulo', type: 'pdf', position: 1, status: 'not_started', duration_seconds: null },
      ],
    },
  ],
};
const lo: LearningObject = {
  id: 9,
  name: 'Último do módulo',
  type: 'pdf',
  lesson_id: 5,
  module_id: 2,
  course_id: 1,
  content: { url: '/api/files/media/apostila.pdf', html: null, quiz: null },
  status: 'not_started',
  started_at: null,
  completed_at: null,
  previous: null,
  next: null,
  next_module: { id: 3, name: 'Módulo 2: Praticando', first: { id: 30, lesson_id: 12, module_id: 3 } },
  quiz_result: null,
};

function renderViewer(shown: LearningObject) {
  vi.mocked(lms.getModule).mockResolvedValue(module);
  vi.mocked(lms.getLearningObject).mockResolvedValue(shown);
  const memory = memoryLocation({ path: '/courses/1/modules/2/learningObjects/9', record: true });
  const outbox = createAppOutbox(Promise.resolve(memoryOutboxStore()), () => {});
  outbox.actor.send({ type: 'outbox.user', userId: 1 });
  render(
    <IntlProvider locale="pt-BR" defaultLocale="pt-BR" messages={{}}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <OutboxContext.Provider value={outbox}>
          <Router hook={memory.hook}>
            <LearningObjectScreen courseId="1" moduleId="2" learningObjectId="9" />
          </Router>
        </OutboxContext.Provider>
      </QueryClientProvider>
    </IntlProvider>,
  );
  return memory;
}

describe('viewer: the step after the last learning object', () => {
  it("offers 'Próximo módulo: <nome>' and Alt+Shift+→ goes there", async () => {
    const memory = renderViewer(lo);
    const link = await screen.findByRole('link', { name: /^Próximo módulo: Módulo 2: Praticando/ });
    expect(link).toHaveAttribute('href', '/courses/1/modules/3/learningObjects/30');
    expect(link).toHaveAttribute('aria-keyshortcuts', 'Alt+Shift+ArrowRight');
    fireEvent.keyDown(window, { key: 'ArrowRight', altKey: true, shiftKey: true });
    expect(memory.history.at(-1)).toBe('/courses/1/modules/3/learningObjects/30');
  });

  it("says the course ends and leads back to it, also with Alt+Shift+→, on the course's last one", async () => {
    const memory = renderViewer({ ...lo, next_module: null });
    const link = await screen.findByRole('link', { name: 'Voltar ao curso' });
    expect(link).toHaveAttribute('href', '/courses/1');
    expect(screen.getByText('Este é o último conteúdo do curso.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Próximo/ })).toBeNull();
    fireEvent.keyDown(window, { key: 'ArrowRight', altKey: true, shiftKey: true });
    expect(memory.history.at(-1)).toBe('/courses/1');
  });
});
