/**
 * Generated path tests of the error store and its 30 s countdown screen (spec §3, §4), rendered at
 * every step: paths from xstate/graph replayed on a real actor (test/paths/support.tsx,
 * ./driver.ts); fails when a state or transition is never reached.
 */
import { errorScreenMachine, formatCountdown } from '../../src/machines/error-screen.machine';
import { act, screen } from '@testing-library/react';
import { expect } from 'vitest';
import { ErrorScreen, type ErrorScreenRef } from '../../src/views/error-screen/screen';
import { generatedPathTests, sampleEvents, renderPtBr } from './support';

// The 30 s countdown is modelled from 2 s: the same states and branches, a finite graph.
generatedPathTests(
  { machine: errorScreenMachine, inputs: [{ countdownFrom: 2 }], samples: sampleEvents },
  {
    run: (step) => act(step),
    onStart: (actor) => renderPtBr(<ErrorScreen store={actor as unknown as ErrorScreenRef} />),
    onStep: async (snapshot, step) => {
      await act(async () => {});
      const s = snapshot as unknown as {
        hasTag: (t: string) => boolean;
        context: { remaining: number; error: { status: number | null } | null };
      };
      const dialog = screen.queryByRole('alertdialog');
      if (!s.hasTag('error-screen')) {
        expect(dialog, step).toBeNull();
        return;
      }
      expect(dialog?.textContent, step).toContain('Ops! Algo deu errado :(');
      expect(dialog?.textContent, step).toContain(`Atualizando em: ${formatCountdown(s.context.remaining)}`);
      expect(dialog?.textContent, step).toContain(`Registro de erro: Cód. ${s.context.error?.status ?? 'N/A'}`);
      expect(dialog?.textContent?.includes('Sem conexão'), step).toBe(s.hasTag('offline'));
    },
  },
);
