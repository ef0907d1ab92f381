/**
 * Generated path tests of the LGPD acceptance prompt (spec §4), with its dialog rendered at every
 * step: paths from xstate/graph replayed on a real actor (test/paths/support.tsx, ./driver.ts);
 * fails when a state or transition is never reached.
 */
import { lgpdConsentMachine } from '../../src/machines/lgpd-consent.machine';
import { act, screen } from '@testing-library/react';
import { expect } from 'vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { LgpdDialog, type LgpdConsentRef } from '../../src/views/lgpd/dialog';
import { generatedPathTests, sampleEvents, renderPtBr } from './support';

generatedPathTests(
  {
    machine: lgpdConsentMachine,
    inputs: [undefined],
    samples: sampleEvents,
    serializeState: (s) => JSON.stringify([s.value, (s.context as { error: unknown }).error !== null]),
  },
  {
    run: (step) => act(step),
    onStart: (actor) => {
      const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
      client.setQueryData(['lgpdTerms'], { terms: 'Termos de teste da plataforma.', policyUrl: null });
      return renderPtBr(
        <QueryClientProvider client={client}>
          <LgpdDialog consent={actor as unknown as LgpdConsentRef} />
        </QueryClientProvider>,
      );
    },
    onStep: async (snapshot, step) => {
      await act(async () => {});
      const s = snapshot as unknown as { hasTag: (t: string) => boolean };
      const dialog = screen.queryByRole('dialog', { name: 'Privacidade e proteção de dados' });
      expect(dialog !== null, step).toBe(s.hasTag('prompt'));
      if (!dialog) return;
      expect(dialog.textContent, step).toContain('Termos de teste da plataforma.');
      const name = s.hasTag('busy') ? 'Registrando aceite…' : 'Aceitar';
      expect(screen.getByRole('button', { name }).getAttribute('aria-disabled'), step).toBe(String(s.hasTag('busy')));
      const alert = screen.queryByRole('alert');
      if (s.hasTag('error')) expect(alert?.textContent, step).toContain('Não foi possível registrar o seu aceite.');
      else expect(alert, step).toBeNull();
    },
  },
);
