/**
 * Generated path tests of the outbox of progress writes (decision 0006, docs/offline.md), with its
 * status ('Sincronizar agora') rendered: paths from xstate/graph replayed on a real actor
 * (test/paths/support.tsx, ./driver.ts), each step checked against the oracle
 * (./oracles/outbox.ts): the status line with the count of writes pending and why, 'Sincronizar
 * agora' while they wait, the refused writes' alert, and every read, send and refusal with its
 * time (the backoff: 1 s, 2 s, 4 s … 30 s, at least the Retry-After).
 */
import { outboxMachine } from '../../src/machines/outbox.machine';
import { act, screen } from '@testing-library/react';
import { expect } from 'vitest';
import type { OutboxEntry } from '../../src/services/storage/outbox-store';
import { NetworkError } from '../../src/services/http/errors';
import { OutboxContext } from '../../src/views/outbox/context';
import { OutboxStatus } from '../../src/views/outbox/status';
import type { AppOutbox } from '../../src/app/wiring/learning';
import { outboxOracle, type OutboxView } from './oracles/outbox';
import { generatedPathTests, sampleEvents, renderPtBr } from './support';

/** 'N registro(s) de progresso …' in pt-BR. */
const writes = (n: number, one: string, other: string) =>
  n === 1 ? `1 registro de progresso ${one}` : `${n} registros de progresso ${other}`;

/** The status line (pt-BR) for what the oracle expects. */
function statusText({ status, pending }: OutboxView): string {
  const n = pending.length;
  if (n === 0) return '';
  if (status === 'waiting')
    return `${writes(n, 'pendente: será enviado', 'pendentes: serão enviados')} assim que a conexão voltar.`;
  if (status === 'signInNeeded')
    return `${writes(n, 'pendente: será enviado', 'pendentes: serão enviados')} quando você entrar novamente.`;
  if (status === 'sending') return `Enviando ${n === 1 ? '1 registro' : `${n} registros`} de progresso…`;
  return '';
}

generatedPathTests(
  {
    machine: outboxMachine,
    inputs: [undefined],
    samples: sampleEvents,
    // Queues of the sample ids, failed tries in a row up to 7 (the backoff reaches its 30 s cap
    // at the sixth), whether the platform asked to wait: a finite graph with every branch.
    serializeState: (s) => {
      const c = s.context as {
        queue: OutboxEntry[];
        fresh: OutboxEntry[];
        userId: number | null;
        rejected: number;
        attempts: number;
        error: unknown;
      };
      return JSON.stringify([
        s.value,
        c.queue.map((e) => e.id),
        // Writes added while the store is read (they stay pending whatever the read finds).
        JSON.stringify(s.value) === JSON.stringify({ delivering: 'loading' }) ? c.fresh.map((e) => e.id) : null,
        c.userId,
        Math.min(c.rejected, 1),
        Math.min(c.attempts, 7),
        // Whether the platform asked to wait (a 429's Retry-After): then flush and online do not send.
        (c.error as { retryAfterMs?: number | null } | null)?.retryAfterMs ?? null,
      ]);
    },
    oracle: outboxOracle,
    // Every event once per (step, queue empty / one write / more, someone signed in): which writes
    // are queued changes the order checked, not which rule applies. After two failed sends in a
    // row only the backoff goes on: the wait, then no answer again.
    planKey: (s, event, _input, prefix) => {
      const c = s.context as { queue: OutboxEntry[]; userId: number | null; error: unknown };
      const failures = prefix.filter((e) => e.type === 'xstate.error.actor.deliver').length;
      const askedToWait = ((c.error as { retryAfterMs?: number | null } | null)?.retryAfterMs ?? null) !== null;
      if (failures < 2) {
        return JSON.stringify([s.value, Math.min(c.queue.length, 2), c.userId !== null, askedToWait, event]);
      }
      const backoff =
        event.type.startsWith('xstate.after.') ||
        (event.type === 'xstate.error.actor.deliver' && (event as { error?: unknown }).error instanceof NetworkError);
      return backoff ? JSON.stringify([s.value, failures, event]) : null;
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
    see: async (expected: OutboxView, step) => {
      await act(async () => {});
      expect(screen.getByRole('status').textContent, `${step}: the status line`).toBe(statusText(expected));
      expect(
        screen.queryByRole('button', { name: 'Sincronizar agora', hidden: true }) !== null,
        `${step}: 'Sincronizar agora' shows`,
      ).toBe(expected.status === 'waiting' && expected.pending.length > 0);
      const alert = screen.queryByRole('alert', { hidden: true });
      const refused = (n: number) =>
        n === 1
          ? '1 registro de progresso foi recusado pelo servidor e não será reenviado.'
          : `${n} registros de progresso foram recusados pelo servidor e não serão reenviados.`;
      expect(alert?.textContent ?? null, `${step}: the refused writes`).toBe(
        expected.refused > 0 ? refused(expected.refused) : null,
      );
    },
  },
);
