/**
 * Last line of defence against a white screen: when a screen throws while rendering, or
 * its code chunk cannot be loaded (offline, or a new deployment removed it), the student
 * sees what happened and can try again or reload — never a blank page.
 */
import type { ReactNode } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { useLocation } from 'wouter';
import { OptionalPart } from './optional-part';

const messages = defineMessages({
  title: {
    id: 'screenError.heading.title',
    defaultMessage: 'Não foi possível abrir esta tela',
    description: 'Render error heading',
  },
  text: {
    id: 'screenError.body.text',
    defaultMessage: 'Verifique sua conexão e tente de novo. Se o problema continuar, recarregue a página.',
    description: 'Render error explanation',
  },
  retry: { id: 'screenError.retry.button', defaultMessage: 'Tentar novamente', description: 'Re-render the screen' },
  reload: { id: 'screenError.reload.button', defaultMessage: 'Recarregar a página', description: 'Full reload' },
});

/**
 * 'Não foi possível abrir esta tela' with 'Tentar novamente' (`onRetry`) and 'Recarregar a
 * página' (a full reload), as an alert: what shows where a screen or a part of it failed.
 */
export function ScreenErrorMessage({ onRetry }: { onRetry: () => void }) {
  const intl = useIntl();
  return (
    <section className="page" role="alert">
      <h1>{intl.formatMessage(messages.title)}</h1>
      <p>{intl.formatMessage(messages.text)}</p>
      <p className="button-row">
        <button type="button" className="button button-primary" onClick={onRetry}>
          {intl.formatMessage(messages.retry)}
        </button>
        <button type="button" className="button" onClick={() => location.reload()}>
          {intl.formatMessage(messages.reload)}
        </button>
      </p>
    </section>
  );
}

/**
 * Wraps the routes (and, in the signed-in layout, the screen); a new location resets the boundary
 * so navigating away always works, and so does the platform answering again after it did not.
 */
export function ScreenErrorBoundary({ children }: { children: ReactNode }) {
  const [path] = useLocation();
  // A screen whose code failed to load (offline) loads it again on 'Tentar novamente', on another
  // route, or by itself once the platform answers again (OptionalPart).
  return (
    <OptionalPart fallback={(retry) => <ScreenErrorMessage onRetry={retry} />} resetKeys={[path]}>
      {children}
    </OptionalPart>
  );
}
