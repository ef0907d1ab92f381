/**
 * Generated path tests of a learning object's start → end lifecycle (docs/product.md §4), with its
 * status rendered: paths from xstate/graph replayed on a real actor (test/paths/support.tsx,
 * ./driver.ts), each step checked against the oracle (./oracles/lifecycle.ts): the status line,
 * the failure's alert, 'Concluir', and each write recorded once per opening with its key.
 */
import { lifecycleMachine } from '../../src/machines/lifecycle.machine';
import { act, screen } from '@testing-library/react';
import { expect } from 'vitest';
import { LifecycleStatus, type LifecycleRef } from '../../src/views/learning-object/lifecycle-status';
import { lifecycleOracle, normalizeOpenings, type LifecycleScreen } from './oracles/lifecycle';
import { generatedPathTests, sampleEvents, renderPtBr } from './support';

/** The status line of each step (pt-BR). */
const STATUS: Record<LifecycleScreen, string> = {
  idle: '',
  starting: 'Registrando acesso…',
  started: 'Em andamento',
  ending: 'Registrando conclusão…',
  ended: '✓ Concluído',
  startFailed: '',
  endFailed: '',
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
    oracle: lifecycleOracle,
    // Five events deep: open, the start fails, 'Concluir', 'Tentar novamente', the start recorded.
    oracleDepth: 5,
    normalizeLog: normalizeOpenings,
  },
  {
    run: (step) => act(step),
    onStart: (actor) => renderPtBr(<LifecycleStatus lifecycle={actor as unknown as LifecycleRef} />),
    see: async (expected: LifecycleScreen, step) => {
      await act(async () => {});
      expect(screen.getByRole('status').textContent, `${step}: the status line`).toBe(STATUS[expected]);
      const alert = screen.queryByRole('alert');
      if (expected === 'startFailed')
        expect(alert?.textContent, step).toContain('Não foi possível registrar seu acesso');
      else if (expected === 'endFailed')
        expect(alert?.textContent, step).toContain('Não foi possível registrar a conclusão');
      else expect(alert, step).toBeNull();
      const finish = screen.queryByRole('button', { name: 'Concluir', hidden: true });
      if (expected === 'ended') expect(finish, `${step}: 'Concluir' is gone`).toBeNull();
      else expect((finish as HTMLButtonElement).disabled, step).toBe(expected === 'ending' || expected === 'endFailed');
    },
  },
);
