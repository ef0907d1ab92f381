/**
 * Generated path tests of the PWA update offer ('Nova versão disponível'), with its notice
 * rendered at every step: paths from xstate/graph replayed on a real actor
 * (test/paths/support.tsx, ./driver.ts); fails when a state or transition is never reached.
 */
import { appUpdateMachine } from '../../src/machines/app-update.machine';
import { act, screen } from '@testing-library/react';
import { expect } from 'vitest';
import { UpdatePrompt, type AppUpdateRef } from '../../src/views/pwa/update-prompt';
import { generatedPathTests, sampleEvents, renderPtBr } from './support';

generatedPathTests(
  {
    machine: appUpdateMachine,
    inputs: [undefined],
    samples: sampleEvents,
    serializeState: (s) => JSON.stringify([s.value, (s.context as { error: unknown }).error !== null]),
  },
  {
    run: (step) => act(step),
    onStart: (actor) => renderPtBr(<UpdatePrompt update={actor as unknown as AppUpdateRef} />),
    onStep: async (snapshot, step) => {
      await act(async () => {});
      const s = snapshot as unknown as { hasTag: (t: string) => boolean; context: { error: unknown } };
      // The notice's code loads the first time an offer shows (a lazy chunk): wait for it then.
      const offer = s.hasTag('prompt')
        ? await screen.findByRole('complementary', { name: 'Nova versão disponível' })
        : screen.queryByRole('complementary', { name: 'Nova versão disponível' });
      expect(offer !== null, step).toBe(s.hasTag('prompt'));
      if (!offer) return;
      const accept = screen.getByRole('button', { name: s.hasTag('busy') ? 'Atualizando…' : 'Atualizar agora' });
      expect(accept.getAttribute('aria-disabled'), step).toBe(String(s.hasTag('busy')));
      expect(screen.getByRole('button', { name: 'Depois' }).hasAttribute('disabled'), step).toBe(s.hasTag('busy'));
      const alert = screen.queryByRole('alert');
      expect(alert?.textContent ?? null, step).toBe(
        s.context.error !== null ? 'Não foi possível atualizar agora. Tente de novo.' : null,
      );
    },
  },
);
