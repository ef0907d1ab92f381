/**
 * Boot (docs/product.md §4 Startup): the boot machine with its real steps, and the allowlist every boot
 * redirect passes (docs/architecture.md §D5).
 */
import { bootMachine, bootStepActor, type BootStepName } from '../../machines/boot.machine';
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
 * Boot machine with the real steps of docs/product.md §4 Startup.
 * @param onExpired what a 401 from the main APIs does (sends `session.expired`).
 */
export function provideBoot(onExpired: () => void) {
  return bootMachine.provide({
    actors: {
      step: bootStepActor({
        authentication: () => authenticationStep(),
        httpClient: () => httpClientStep(onExpired),
        translations: () => translationsStep(),
        errorReporting: () => errorReportingStep(),
        eventBus: () => eventBusStep(),
      }),
    },
    actions: {
      // Every boot redirect passes the allowlist (docs/architecture.md §D5), which is where docs/product.md §4's rule is
      // applied: an absolute http(s) address is followed only to a configured SSO origin (the
      // browser goes there), anything else only as a same-origin path, loaded in full and resolved
      // by the router of that page load; refused → the app's root. `replace`: the address that
      // asked for the redirect (e.g. one with access_token) leaves history, so Back does not
      // bounce through it again.
      redirect: (_, params: { target: string }) => location.replace(checkedBootRedirect(params.target)),
    },
  });
}

/**
 * A startup step threw an error without a redirect target (docs/product.md §4 Startup, §8): logged
 * for developers only — `[boot] step "<step>" failed` with the error, no user message; the app's
 * root actor ends in `failed` and the app is not mounted.
 */
export function logBootFailure(step: BootStepName, error: unknown): void {
  console.error(`[boot] step "${step}" failed`, error);
}

/** A boot redirect target through the allowlist; a refused one is logged and becomes `/`. */
function checkedBootRedirect(target: string): string {
  const { url, allowed } = bootRedirect(target, { origin: location.origin, ssoOrigins: ssoOrigins() });
  if (!allowed) console.warn('[boot] redirect refused by the allowlist');
  return url;
}
