/**
 * Generated path tests of the outbox of progress writes, with its status ('Sincronizar agora')
 * rendered at every step: paths from xstate/graph replayed on a real actor
 * (test/paths/support.tsx, ./driver.ts); fails when a state or transition is never reached.
 */
import { outboxMachine } from '../../src/machines/outbox.machine';
import { act, screen } from '@testing-library/react';
import { expect } from 'vitest';
import type { OutboxEntry } from '../../src/services/storage/outbox-store';
import { OutboxContext } from '../../src/views/outbox/context';
import { OutboxStatus } from '../../src/views/outbox/status';
import type { AppOutbox } from '../../src/app/wiring/learning';
import { generatedPathTests, sampleEvents, renderPtBr } from './support';

generatedPathTests(
  {
    machine: outboxMachine,
    inputs: [undefined],
    samples: sampleEvents,
    // Queues of the sample ids, capped attempts: a finite graph with every branch.
    serializeState: (s) => {
      const c = s.context as { queue: OutboxEntry[]; userId: number | null; rejected: number; attempts: number };
      return JSON.stringify([
        s.value,
        c.queue.map((e) => e.id),
        c.userId,
        Math.min(c.rejected, 1),
        Math.min(c.attempts, 2),
      ]);
    },
  },
  {
    run: (step) => act(step),
    onStart: (actor) =>
      renderPtBr(
        <OutboxContext.Provider value={{ actor } as unknown as AppOutbox}>
          <OutboxStatus />
        </OutboxContext.Provider>,
      ),
    onStep: async (snapshot, step) => {
      await act(async () => {});
      const s = snapshot as unknown as {
        hasTag: (t: string) => boolean;
        context: { queue: OutboxEntry[]; rejected: number };
      };
      const pending = s.context.queue.length;
      const plural = pending === 1 ? '1 registro de progresso pendente' : `${pending} registros de progresso pendentes`;
      const status = screen.getByRole('status').textContent;
      if (pending === 0) expect(status, step).toBe('');
      else if (s.hasTag('retrying')) expect(status, step).toContain(`${plural}: ser`);
      else if (s.hasTag('signInNeeded')) expect(status, step).toContain('quando você entrar novamente');
      else if (s.hasTag('sending')) expect(status, step).toMatch(/^Enviando \d+ registros? de progresso…$/);
      else expect(status, step).toBe('');
      expect(screen.queryByRole('button', { name: 'Sincronizar agora' }) !== null, step).toBe(
        s.hasTag('retrying') && pending > 0,
      );
      const alert = screen.queryByRole('alert');
      if (s.context.rejected > 0) expect(alert?.textContent, step).toContain('recusado');
      else expect(alert, step).toBeNull();
    },
  },
);
