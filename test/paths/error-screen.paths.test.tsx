/**
 * Generated path tests of the error store and its 30 s countdown screen (docs/product.md §2, §4,
 * §9): paths from xstate/graph replayed on a real actor (test/paths/support.tsx, ./driver.ts),
 * the screen rendered and checked at every step against the oracle (./oracles/error-screen.ts):
 * the countdown from 30 s as the app runs it (and from 2 s: a short walk to every branch), one
 * second per tick, the reload once at zero or on 'Atualizar', paused while offline.
 */
import { errorScreenMachine } from '../../src/machines/error-screen.machine';
import { act, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { ErrorScreen, type ErrorScreenRef } from '../../src/views/error-screen/screen';
import { minutesSeconds } from './oracle';
import { errorScreenOracle, type ErrorScreenView } from './oracles/error-screen';
import { generatedPathTests, sampleEvents, renderPtBr } from './support';

generatedPathTests(
  {
    machine: errorScreenMachine,
    // The app's countdown (no `countdownFrom`: 30 s) and a 2 s one.
    inputs: [{}, { countdownFrom: 2 }],
    samples: sampleEvents,
    oracle: errorScreenOracle,
    // The rules' own paths two events deep: the timers make every state of the rules distinct.
    oracleDepth: 2,
    // One plan per (screen, seconds, event): the stored error changes only the code shown. From
    // 30 s only before the second tick (time passing then runs the whole countdown); every branch
    // from 2 s. (Decided on the events sent, not on the seconds: a mutant changes those.)
    planKey: (s, event, input, prefix) => {
      const from = (input as { countdownFrom?: number }).countdownFrom;
      const ticks = prefix.filter((e) => e.type.startsWith('xstate.after.')).length;
      if (from === undefined && ticks > 1) return null;
      return JSON.stringify([from, s.value, (s.context as { remaining: number }).remaining, event]);
    },
  },
  {
    run: (step) => act(step),
    onStart: (actor) => renderPtBr(<ErrorScreen store={actor as unknown as ErrorScreenRef} />),
    see: async (expected: ErrorScreenView, step) => {
      await act(async () => {});
      const dialog = screen.queryByRole('alertdialog');
      expect(dialog !== null, `${step}: the error screen shows`).toBe(expected.shown);
      if (!dialog) return;
      const text = dialog.textContent ?? '';
      expect(text, step).toContain('Ops! Algo deu errado :(');
      expect(text, step).toContain(`Atualizando em: ${minutesSeconds(expected.seconds)}`);
      expect(text, step).toContain(`Registro de erro: Cód. ${expected.code ?? 'N/A'}`);
      expect(text.includes('Sem conexão'), `${step}: 'Sem conexão' shows`).toBe(expected.offline);
      expect(within(dialog).getByRole('button', { name: 'Atualizar', hidden: true }), step).toBeTruthy();
    },
  },
);
