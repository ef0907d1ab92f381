/**
 * One error-to-message mapping: every failure a student meets reads as a human
 * message in their language; the technical detail stays in a folded 'Detalhes' disclosure.
 */
import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IntlProvider } from 'react-intl';
import en from '../../src/i18n/en.json';
import es from '../../src/i18n/es.json';
import { ApiError, ContractError, NetworkError, TimeoutError, classifyError } from '../../src/services/http/errors';
import { QueryError } from '../../src/views/components/query-error';

const renderError = (error: unknown, locale = 'pt-BR', messages: Record<string, string> = {}) =>
  render(
    <IntlProvider locale={locale} defaultLocale="pt-BR" messages={messages}>
      <QueryError error={error} onRetry={vi.fn()} />
    </IntlProvider>,
  );

describe('classifyError', () => {
  it.each([
    [new NetworkError(), 'offline', null],
    [new TimeoutError(30_000), 'timeout', null],
    [new ContractError(['data.name']), 'malformed', null],
    [new ApiError(401, { message: 'Sessão expirada' }, '/x'), 'unauthorized', 401],
    [new ApiError(403, { message: 'Sem acesso' }, '/x'), 'forbidden', 403],
    [new ApiError(404, { message: 'Curso não encontrado.' }, '/x'), 'notFound', 404],
    [new ApiError(429, { message: 'Calma' }, '/x'), 'rateLimited', 429],
    [new ApiError(422, { message: 'CPF inválido' }, '/x'), 'rejected', 422],
    [new ApiError(503, { message: 'Erro 503' }, '/x', false), 'server', 503],
    [new Error('boom'), 'unknown', null],
  ])('%s → %s', (error, kind, status) => {
    expect(classifyError(error)).toMatchObject({ kind, status });
  });

  it("keeps a refusal's own words, never a 5xx's or a missing one's, and no token in the detail", () => {
    expect(classifyError(new ApiError(422, { message: 'CPF inválido' }, '/x')).serverMessage).toBe('CPF inválido');
    expect(classifyError(new ApiError(500, { message: 'stack trace…' }, '/x')).serverMessage).toBeNull();
    expect(classifyError(new ApiError(400, { message: 'Erro 400' }, '/x', false)).serverMessage).toBeNull();
    const detail = classifyError(new ApiError(502, { message: '' }, 'https://x/api/v1/media?token=SEGREDO')).detail;
    expect(detail).toBe('HTTP 502 /api/v1/media');
  });
});

describe('QueryError', () => {
  it('says a 502 in human words, with the status only inside "Detalhes"', async () => {
    renderError(new ApiError(502, { message: 'Erro 502' }, '/api/v1/lms/courses', false));
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText(/^Não foi possível carregar:/)).toHaveTextContent(
      'Não foi possível carregar: A plataforma está com instabilidade no momento. Tente novamente em alguns minutos.',
    );
    expect(within(alert).getByText(/^Não foi possível carregar:/)).not.toHaveTextContent('502');
    const details = within(alert).getByText('Detalhes');
    expect(within(alert).getByText('HTTP 502 /api/v1/lms/courses')).not.toBeVisible();
    await userEvent.click(details);
    expect(within(alert).getByText('HTTP 502 /api/v1/lms/courses')).toBeVisible();
  });

  it.each([
    ['en', en, new TimeoutError(30_000), 'The platform took too long to answer. Please try again in a moment.'],
    ['es', es, new ContractError(['x']), 'La plataforma envió una respuesta que no pudimos leer.'],
    ['en', en, new NetworkError(), "Can't connect to the server."],
  ])('speaks the student’s language (%s)', (locale, messages, error, text) => {
    renderError(error, locale, messages as Record<string, string>);
    expect(screen.getByRole('alert')).toHaveTextContent(text);
    expect(screen.getByRole('alert')).not.toHaveTextContent(/excedeu|formato esperado|Sem conexão/);
  });
});
