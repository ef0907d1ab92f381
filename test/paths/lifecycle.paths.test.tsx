/**
 * Generated path tests of a learning object's start → end lifecycle, with its status rendered at
 * every step: paths from xstate/graph replayed on a real actor (test/paths/support.tsx,
 * ./driver.ts); fails when a state or transition is never reached.
 */
import { lifecycleMachine } from '../../src/machines/lifecycle.machine';
import { act, screen } from '@testing-library/react';
import { expect } from 'vitest';
import {
  LifecycleStatus,
  lifecycleView,
  type LifecycleRef,
  type LifecycleView,
} from '../../src/views/learning-object/lifecycle-status';
import { generatedPathTests, sampleEvents, renderPtBr } from './support';

/**
 * What a student sees at each step: the lifecycle status of the learning-object viewer is rendered
 * and checked against the snapshot after every step.
 */
const LIFECYCLE_TEXT: Record<LifecycleView, string | null> = {
  idle: null,
  starting: 'Registrando acesso…',
  started: 'Em andamento',
  ending: 'Registrando conclusão…',
  ended: 'Concluído',
  startFailed: null,
  endFailed: null,
};

generatedPathTests(
  {
    machine: lifecycleMachine,
    inputs: [{ kind: 'learningObject', id: 7, lessonId: 3, completed: false }],
    samples: sampleEvents,
    // The opening id is random; any failure is handled alike (the outbox retries the network).
    serializeState: (s) => {
      const c = s.context as { pendingFinish: unknown; error: unknown };
      return JSON.stringify([s.value, c.pendingFinish !== null, c.error !== null]);
    },
  },
  {
    run: (step) => act(step),
    onStart: (actor) => renderPtBr(<LifecycleStatus lifecycle={actor as unknown as LifecycleRef} />),
    onStep: async (snapshot, step) => {
      await act(async () => {});
      const view = lifecycleView(snapshot as unknown as { hasTag: (t: string) => boolean });
      const status = screen.getByRole('status');
      const expected = LIFECYCLE_TEXT[view];
      if (expected === null) expect(status.textContent, step).toBe('');
      else expect(status.textContent, step).toContain(expected);
      const alert = screen.queryByRole('alert');
      if (view === 'startFailed') expect(alert?.textContent, step).toContain('Não foi possível registrar seu acesso');
      else if (view === 'endFailed')
        expect(alert?.textContent, step).toContain('Não foi possível registrar a conclusão');
      else expect(alert, step).toBeNull();
      const finish = screen.queryByRole('button', { name: 'Concluir' });
      if (view === 'ended') expect(finish, step).toBeNull();
      else expect((finish as HTMLButtonElement).disabled, step).toBe(view === 'ending' || view === 'endFailed');
    },
  },
);
