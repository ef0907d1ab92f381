/**
 * The wiring: where the pure machines get their real effects (docs/architecture.md §D2, "the real
 * implementations are provided in one place"), one small module per capability. Tests provide
 * fakes instead. This index re-exports what the entry (main.tsx) starts at once; what /login does
 * not need is imported from its own module when first used, so that it loads later:
 * `./learning` (the outbox of progress writes and the lifecycles, with the signed-in routes) and
 * `./payments` (the Pix payment, with the finances screen's dialog).
 */
export { provideBoot, logBootFailure } from './boot';
export { provideErrorScreen, toStoredError } from './error-screen';
export { providePlatform } from './platform';
export { provideSession, postLoginSetup, POST_LOGIN_STEPS, type PostLoginStep } from './session';
export { loadWidgetConfig, WIDGET_CONFIG_RETRIES, type WidgetConfigDeps } from './widgets';
export { provideAccessibility } from './accessibility';
export { provideSessionPing, provideLgpdConsent } from './consent';
export { studentDeviceData, type DeviceDataOptions } from './records';
export { appUpdateEffects } from './app-update';
