/**
 * Generated path tests of the Pix payment of a bill (docs/product.md §3, §7), with its panel
 * rendered: paths from xstate/graph replayed on a real actor (test/paths/support.tsx,
 * ./driver.ts) whose wall clock follows the simulated one, each step checked against the oracle
 * (./oracles/pix-payment.ts): the step shown, the server's code, 'Expira em mm:ss' second by
 * second, the offline note, and every charge and status check with its time (3, 5, 8, 13, 21,
 * then 30 s apart).
 */
import { pixPaymentMachine } from '../../src/machines/pix-payment.machine';
import { act, screen } from '@testing-library/react';
import { expect } from 'vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { PixPaymentPanel, type PixPaymentRef } from '../../src/views/finances/payment-dialog';
import type { PixCharge } from '../../src/services/contract';
import { pixPaymentOracle, type PixView } from './oracles/pix-payment';
import { generatedPathTests, sampleEvents, pixBill, PIX_T0, renderPtBr } from './support';

const pad = (n: number) => String(n).padStart(2, '0');

generatedPathTests(
  {
    machine: pixPaymentMachine,
    // The graph is generated with the wall clock stopped at PIX_T0 (finite); the replay's runs.
    inputs: [{ billId: pixBill.id, now: () => PIX_T0 }],
    replayInput: (input, clock) => ({ ...(input as object), now: () => PIX_T0 + clock.now() }),
    samples: sampleEvents,
    // Status checks up to the seventh (the waits reach their 30 s at the sixth); `now()` is
    // fixed during the generation, so is `remaining`.
    serializeState: (s) => {
      const c = s.context as { remaining: number; pollAttempt: number; charge: PixCharge | null };
      return JSON.stringify([s.value, c.remaining, Math.min(c.pollAttempt, 7), c.charge?.status ?? null]);
    },
    oracle: pixPaymentOracle(PIX_T0),
    // The rules' own paths two events deep: the timers make every state of the rules distinct.
    oracleDepth: 2,
    // Every event at every step up to the second status check; after that only the checks go on
    // (the wait, then the bill still open).
    planKey: (s, event, _input, prefix) => {
      const checks = prefix.filter((e) => e.type === 'xstate.done.actor.checkStatus').length;
      if (checks < 2) return undefined;
      const polling =
        event.type.startsWith('xstate.after.pollDelay') ||
        (event.type === 'xstate.done.actor.checkStatus' &&
          (event as { output?: { status: string } }).output?.status === 'open');
      return polling ? JSON.stringify([s.value, checks, event]) : null;
    },
  },
  {
    run: (step) => act(step),
    onStart: (actor) =>
      renderPtBr(
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <PixPaymentPanel actor={actor as unknown as PixPaymentRef} bill={pixBill} />
        </QueryClientProvider>,
      ),
    see: async (expected: PixView, step) => {
      await act(async () => {});
      const { screen: shown } = expected;
      const status = screen.getByRole('status').textContent;
      const code = screen.queryByRole('textbox', { name: 'Pix Copia e Cola', hidden: true });
      expect(code !== null, `${step}: the code shows`).toBe(shown === 'active');
      expect(
        screen.queryByRole('button', { name: 'Gerar novo código', hidden: true }) !== null,
        `${step}: 'Gerar novo código' shows`,
      ).toBe(shown === 'expired');
      const alert = screen.queryByRole('alert', { hidden: true });
      if (shown === 'failed') expect(alert?.textContent, step).toContain('Não foi possível gerar o código Pix');
      else expect(alert, step).toBeNull();
      if (shown === 'creating') expect(status, step).toBe('Gerando o código Pix…');
      if (shown === 'paid') expect(status, step).toBe('Pagamento confirmado');
      if (shown === 'expired') expect(status, step).toContain('Este código Pix expirou');
      if (shown === 'active') {
        expect((code as HTMLTextAreaElement).value, step).toBe(expected.brcode);
        const { seconds } = expected;
        expect(screen.getByRole('timer', { hidden: true }).textContent, step).toBe(
          `Expira em ${pad(Math.floor(seconds / 60))}:${pad(seconds % 60)}`,
        );
        expect(screen.queryByText(/^Sem conexão: a confirmação/) !== null, `${step}: the offline note`).toBe(
          expected.offline,
        );
      }
    },
  },
);
