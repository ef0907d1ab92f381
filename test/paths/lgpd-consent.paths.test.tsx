/**
 * Generated path tests of the LGPD acceptance prompt (docs/product.md §4, §7, §9), with its dialog
 * rendered: paths from xstate/graph replayed on a real actor (test/paths/support.tsx,
 * ./driver.ts), each step checked against the oracle (./oracles/lgpd-consent.ts): the dialog 1000
 * ms after the prompt is due (the prompt emitted once), 'Registrando aceite…' while the acceptance
 * is on its way, the failure's alert, the student refreshed once accepted.
 */
import { lgpdConsentMachine } from '../../src/machines/lgpd-consent.machine';
import { act, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createIntl } from 'react-intl';
import { LgpdDialog, type LgpdConsentRef } from '../../src/views/lgpd/dialog';
import { describeError } from '../../src/views/components/error-messages';
import { lgpdConsentOracle, type LgpdView } from './oracles/lgpd-consent';
import { generatedPathTests, sampleEvents, renderPtBr } from './support';

const intl = createIntl({ locale: 'pt-BR', defaultLocale: 'pt-BR', messages: {} });

generatedPathTests(
  {
    machine: lgpdConsentMachine,
    inputs: [undefined],
    samples: sampleEvents,
    serializeState: (s) => JSON.stringify([s.value, (s.context as { error: unknown }).error !== null]),
    oracle: lgpdConsentOracle,
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
    see: async (expected: LgpdView, step) => {
      await act(async () => {});
      const dialog = screen.queryByRole('dialog', { name: 'Privacidade e proteção de dados' });
      expect(dialog !== null, `${step}: the dialog shows`).toBe(expected.dialog);
      if (!dialog) return;
      expect(dialog.textContent, step).toContain('Termos de teste da plataforma.');
      const name = expected.busy ? 'Registrando aceite…' : 'Aceitar';
      const accept = within(dialog).getByRole('button', { name, hidden: true });
      expect(accept.getAttribute('aria-disabled'), step).toBe(String(expected.busy));
      const alert = within(dialog).queryByRole('alert', { hidden: true });
      if (expected.failed) {
        expect(alert?.textContent, step).toContain('Não foi possível registrar o seu aceite.');
        // …and why: the reason of the failure the acceptance met.
        expect(alert?.textContent, `${step}: the reason`).toContain(describeError(intl, expected.reason));
      } else expect(alert, step).toBeNull();
    },
  },
);
