/**
 * The platform's logo and name: before the lookup answers, the same box with the
 * product name for assistive technology; once it answers, the logo with the brand's name as alt
 * text (the visible name hidden from assistive technology: the image already says it).
 */
import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { createActor, fromPromise } from 'xstate';
import { platformMachine } from '../../src/machines/platform.machine';
import type { Platform, PlatformSetting } from '../../src/services/contract';
import { WithAppActors } from '../fixtures/app-actors';
import { BrandMark } from '../../src/views/components/brand-mark';

function platformActor(logo: string | null) {
  let answer: () => void = () => {};
  const found: Platform = {
    id: 2,
    name: 'Academia Stream',
    host: '127.0.0.1',
    theme: {
      template: 'streaming',
      icons: { favicon: '/favicon.svg', logo },
      palette: { primary: { main: '#7A1FA2' }, secondary: { main: '#00796B' } },
    },
    options: {},
    is_external_platform: false,
    external_api_url: null,
    enforce_session_throttle: false,
  };
  const actor = createActor(
    platformMachine.provide({
      actors: {
        lookupPlatform: fromPromise<Platform, { host: string }>(
          () => new Promise((resolve) => (answer = () => resolve(found))),
        ),
        loadSettings: fromPromise<PlatformSetting[], { id: number }>(async () => []),
      },
      actions: { applyPlatform: () => {} },
    }),
    { input: { host: '127.0.0.1' } },
  ).start();
  return { actor, answer: () => answer() };
}

function renderMark(actor: ReturnType<typeof platformActor>['actor']) {
  render(
    <IntlProvider locale="pt-BR" defaultLocale="pt-BR" messages={{}}>
      <WithAppActors actors={{ platform: actor }}>
        <BrandMark variant="header" />
      </WithAppActors>
    </IntlProvider>,
  );
}

describe('brand mark', () => {
  it('says the product name until the brand is known, then shows its logo named by the brand', async () => {
    const { actor, answer } = platformActor('/api/v1/platforms/2/icons/any.svg');
    renderMark(actor);
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.getByText('Portal do Aluno')).toHaveClass('sr-only');
    await act(async () => answer());
    const logo = await screen.findByRole('img', { name: 'Academia Stream' });
    expect(logo.getAttribute('src')).toMatch(/\/api\/v1\/platforms\/2\/icons\/any\.svg$/);
    expect(logo).toHaveAttribute('width', '40');
    expect(logo).toHaveAttribute('height', '40');
    expect(screen.getByText('Academia Stream')).toHaveAttribute('aria-hidden', 'true');
    expect(screen.queryByText('Portal do Aluno')).not.toBeInTheDocument();
  });

  it('a brand without a logo shows its favicon', async () => {
    const { actor, answer } = platformActor(null);
    renderMark(actor);
    await act(async () => answer());
    const logo = await screen.findByRole('img', { name: 'Academia Stream' });
    expect(logo.getAttribute('src')).toMatch(/\/favicon\.svg$/);
  });
});
