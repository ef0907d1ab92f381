/**
 * The app update actor as the update views see it: ./update-prompt.tsx, which watches it, and
 * ./update-panel.tsx, its lazily loaded notice, both import it from here (neither from the other).
 */
import type { ActorRefFrom } from 'xstate';
import type { appUpdateMachine } from '../../machines/app-update.machine';

/** A running app update actor (src/machines/app-update.machine.ts). */
export type AppUpdateRef = ActorRefFrom<typeof appUpdateMachine>;
