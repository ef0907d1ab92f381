/**
 * Static export of /login: the markup the app renders first on /login, signed out, in
 * pt-BR, rendered at build time (scripts/vite/prerender.ts) into index.html so that /login paints
 * before any JS runs; main.tsx then hydrates it. The actors are the pure machines in their
 * initial state (no effect runs here: nothing is started).
 *
 * @returns the HTML of the #root element's content.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { Router } from 'wouter';
import { createActor } from 'xstate';
import { App } from './app-root';
import { appActorsOf } from '../views/app-actors';
import { sessionMachine } from '../machines/session.machine';
import { errorScreenMachine } from '../machines/error-screen.machine';
import { accessibilityMachine } from '../machines/accessibility.machine';
import { lgpdConsentMachine } from '../machines/lgpd-consent.machine';
import { appUpdateMachine } from '../machines/app-update.machine';
import { DEFAULT_SETTINGS } from '../services/storage/accessibility-settings';
import { ROUTE_PATHS } from '../services/navigation/routes';

export function renderLoginShell(): string {
  const session = createActor(sessionMachine, { input: { hasToken: false, cachedUser: null } });
  const errorStore = createActor(errorScreenMachine, { input: {} });
  const accessibility = createActor(accessibilityMachine, { input: { userId: null, settings: DEFAULT_SETTINGS } });
  const lgpd = createActor(lgpdConsentMachine);
  // Idle (no offer): its empty live region is part of every page, so the markup matches the app's.
  const appUpdate = createActor(appUpdateMachine);
  return renderToString(
    <StrictMode>
      <Router ssrPath={ROUTE_PATHS.login}>
        <App
          actors={appActorsOf({ session, errorStore, accessibility, lgpdConsent: lgpd, appUpdate })}
          services={{
            loadOutbox: () => Promise.reject(new Error('no outbox at build time')),
            loadPayments: () => Promise.reject(new Error('no payments at build time')),
            prefetchPayments: () => undefined,
            eventBus: null,
          }}
          translations={null}
        />
      </Router>
    </StrictMode>,
  );
}
