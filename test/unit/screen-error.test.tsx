import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IntlProvider } from 'react-intl';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { ScreenErrorBoundary } from '../../src/views/components/screen-error';

describe('screen error boundary (never a white screen)', () => {
  it('shows what happened and renders the screen again on "Tentar novamente"', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let fail = true;
    const Flaky = () => {
      if (fail) throw new Error('chunk failed to load');
      return <h1>Meus cursos</h1>;
    };
    render(
      <IntlProvider locale="pt-BR" defaultLocale="pt-BR" messages={{}}>
        <Router hook={memoryLocation({ path: '/courses' }).hook}>
          <ScreenErrorBoundary>
            <Flaky />
          </ScreenErrorBoundary>
        </Router>
      </IntlProvider>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Não foi possível abrir esta tela');
    expect(screen.getByRole('button', { name: 'Recarregar a página' })).toBeInTheDocument();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(screen.getByRole('heading', { name: 'Meus cursos' })).toBeInTheDocument();
  });
});
