/**
 * Boot (spec §4 Startup): the boot machine with its real steps, and the allowlist every boot
 * redirect passes (DESIGN.md §5).
 */
import { fromPromise } from 'xstate';
import { bootMachine, type BootStepResult } from '../../machines/boot.machine';
import {
  authenticationStep,
  errorReportingStep,
  eventBusStep,
  httpClientStep,
  translationsStep,
} from '../../services/boot/steps';
import { bootRedirect } from '../../services/navigation/safe-redirect';
import { ssoOrigins } from '../../services/navigation/sso-origins';

/**
 * Boot machine with the real steps of spec §4 Startup.
 * @param onExpired what a 401 from the main APIs does (sends `session.expired`).
 */
export function provideBoot(onExpired: () => void) {
  return bootMachine.provide({
    actors: {
      authentication: fromPromise<BootStepResult>(() => authenticationStep()),
      httpClient: fromPromise<BootStepResult>(() => httpClientStep(onExpired)),
      translations: fromPromise<BootStepResult>(() => translationsStep()),
      errorReporting: fromPromise<BootStepResult>(() => errorReportingStep()),
      eventBus: fromPromise<BootStepResult>(() => eventBusStep()),
    },
    actions: {
      // Every boot redirect passes the allowlist (DESIGN.md §5): an absolute address only to a
      // configured SSO origin, anything else only as a same-origin path; refused → the app's root.
      assignLocation: (_, params: { url: string }) => location.assign(checkedBootRedirect(params.url)),
      // A route redirect before mount is a full navigation to the resolved path
      // (replace: the URL that asked for it, e.g. one with access_token, leaves history).
      navigateRoute: (_, params: { path: string }) => location.replace(checkedBootRedirect(params.path)),
      logError: (_, params: { step: string; error: unknown }) => {
        console.error(`[boot] step "${params.step}" failed`, params.error);
      },
    },
  });
}

/** A boot redirect target through the allowlist; a refused one is logged and becomes `/`. */
function checkedBootRedirect(target: string): string {
  const { url, allowed } = bootRedirect(target, { origin: location.origin, ssoOrigins: ssoOrigins() });
  if (!allowed) console.warn('[boot] redirect refused by the allowlist');
  return url;
}
