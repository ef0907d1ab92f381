/**
 * Generated path tests of the PWA update offer ('Nova versão disponível', docs/offline.md
 * "Updates"), with its notice rendered: paths from xstate/graph replayed on a real actor
 * (test/paths/support.tsx, ./driver.ts), each step checked against the oracle
 * (./oracles/app-update.ts): the notice, 'Atualizando…' while the new version takes over, the
 * failure's alert, 'Depois' for 30 minutes, one reload.
 */
import { appUpdateMachine } from '../../src/machines/app-update.machine';
import { act, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { UpdatePrompt, type AppUpdateRef } from '../../src/views/pwa/update-prompt';
import { appUpdateOracle, type AppUpdateView } from './oracles/app-update';
import { generatedPathTests, sampleEvents, renderPtBr } from './support';

generatedPathTests(
  {
    machine: appUpdateMachine,
    inputs: [undefined],
    samples: sampleEvents,
    serializeState: (s) => JSON.stringify([s.value, (s.context as { error: unknown }).error !== null]),
    oracle: appUpdateOracle,
  },
  {
    run: (step) => act(step),
    onStart: (actor) => renderPtBr(<UpdatePrompt update={actor as unknown as AppUpdateRef} />),
    see: async (expected: AppUpdateView, step) => {
      await act(async () => {});
      // The notice's code loads the first time an offer shows (a lazy chunk): wait for it then.
      const offer = expected.notice
        ? await screen.findByRole('complementary', { name: 'Nova versão disponível' })
        : screen.queryByRole('complementary', { name: 'Nova versão disponível' });
      expect(offer !== null, `${step}: the notice shows`).toBe(expected.notice);
      if (!offer) return;
      const inOffer = within(offer);
      const accept = inOffer.getByRole('button', {
        name: expected.busy ? 'Atualizando…' : 'Atualizar agora',
        hidden: true,
      });
      expect(accept.getAttribute('aria-disabled'), step).toBe(String(expected.busy));
      expect(inOffer.getByRole('button', { name: 'Depois', hidden: true }).hasAttribute('disabled'), step).toBe(
        expected.busy,
      );
      const alert = inOffer.queryByRole('alert', { hidden: true }) ?? screen.queryByRole('alert');
      expect(alert?.textContent ?? null, step).toBe(
        expected.failed ? 'Não foi possível atualizar agora. Tente de novo.' : null,
      );
    },
  },
);
