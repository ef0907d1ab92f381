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
import { createActor, type InputFrom } from 'xstate';
import { App } from './app-root';
import { appActorsOf } from '../views/app-actors';
import { sessionMachine } from '../machines/session.machine';
import { errorScreenMachine } from '../machines/error-screen.machine';
import { accessibilityMachine } from '../machines/accessibility.machine';
import { lgpdConsentMachine } from '../machines/lgpd-consent.machine';
import { appUpdateMachine } from '../machines/app-update.machine';
import { DEFAULT_SETTINGS } from '../services/storage/accessibility-settings';
import { ROUTE_PATHS } from '../services/navigation/routes';

/**
 * The app's actors for a page rendered at build time: each machine in its initial state, never
 * started (no effect runs). `session` is the session machine's input: signed out, or signed in
 * with a cached user (the early content's pages, src/app/early-shell.tsx).
 */
export function buildTimeActors(session: InputFrom<typeof sessionMachine>) {
  return appActorsOf({
    session: createActor(sessionMachine, { input: session }),
    errorStore: createActor(errorScreenMachine, { input: {} }),
    accessibility: createActor(accessibilityMachine, { input: { userId: null, settings: DEFAULT_SETTINGS } }),
    lgpdConsent: createActor(lgpdConsentMachine),
    // Idle (no offer): its empty live region is part of every page, so the markup matches the app's.
    appUpdate: createActor(appUpdateMachine),
  });
}

export function renderLoginShell(): string {
  return renderToString(
    <StrictMode>
      <Router ssrPath={ROUTE_PATHS.login}>
        <App
          actors={buildTimeActors({ hasToken: false, cachedUser: null })}
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
