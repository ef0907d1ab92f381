/**
 * Generated path tests of the Pix payment of a bill, with its panel rendered at every step: paths
 * from xstate/graph replayed on a real actor (test/paths/support.tsx, ./driver.ts); fails when a
 * state or transition is never reached.
 */
import { formatExpiry, pixPaymentMachine } from '../../src/machines/pix-payment.machine';
import { act, screen } from '@testing-library/react';
import { expect } from 'vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { PixPaymentPanel, pixView, type PixPaymentRef } from '../../src/views/finances/payment-dialog';
import type { PixCharge } from '../../src/services/contract';
import { generatedPathTests, sampleEvents, pixBill, PIX_T0, renderPtBr } from './support';

generatedPathTests(
  {
    machine: pixPaymentMachine,
    inputs: [{ billId: pixBill.id, now: () => PIX_T0 }],
    samples: sampleEvents,
    // Polls beyond the first behave alike (only the wait grows); `now()` is fixed, so is `remaining`.
    serializeState: (s) => {
      const c = s.context as { remaining: number; pollAttempt: number; charge: PixCharge | null };
      return JSON.stringify([s.value, c.remaining, Math.min(c.pollAttempt, 1), c.charge?.status ?? null]);
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
    onStep: async (snapshot, step) => {
      await act(async () => {});
      const s = snapshot as unknown as {
        hasTag: (t: string) => boolean;
        context: { remaining: number; charge: PixCharge | null };
      };
      const view = pixView(s);
      const status = screen.getByRole('status').textContent;
      const code = screen.queryByRole('textbox', { name: 'Pix Copia e Cola' });
      expect(code !== null, step).toBe(view === 'active');
      expect(screen.queryByRole('button', { name: 'Gerar novo código' }) !== null, step).toBe(view === 'expired');
      const alert = screen.queryByRole('alert');
      if (view === 'failed') expect(alert?.textContent, step).toContain('Não foi possível gerar o código Pix');
      else expect(alert, step).toBeNull();
      if (view === 'creating') expect(status, step).toBe('Gerando o código Pix…');
      if (view === 'paid') expect(status, step).toBe('Pagamento confirmado');
      if (view === 'expired') expect(status, step).toContain('Este código Pix expirou');
      if (view === 'active') {
        // Exactly the server's BR Code, the countdown of the snapshot, the offline note when paused.
        expect((code as HTMLTextAreaElement).value, step).toBe(s.context.charge?.brcode);
        expect(screen.getByRole('timer').textContent, step).toBe(`Expira em ${formatExpiry(s.context.remaining)}`);
        expect(screen.queryByText(/^Sem conexão: a confirmação/) !== null, step).toBe(s.hasTag('offline'));
      }
    },
  },
);
