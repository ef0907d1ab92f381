/**
 * Accessibility settings (spec §3): the accessibility machine with its real effects, kept on the
 * student who uses the app.
 */
import { fromPromise, type ActorRefFrom } from 'xstate';
import { accessibilityMachine } from '../../machines/accessibility.machine';
import {
  applyPresentation,
  presentationOf,
  readSettings,
  writePrepaint,
  writeSettings,
  type AccessibilitySettings,
} from '../../services/storage/accessibility-settings';
import { followSignedInStudent, type SessionSource } from './shared-facts';

// Loaded when used: VLibras only when the setting asks for it.
const vlibras = () => import('../../services/widgets/vlibras');

/**
 * Accessibility settings with their real effects (spec §3): saved per student on this device,
 * applied to `<html>` (and cached for the pre-paint script), VLibras loaded on demand.
 * Built when called (once, by main.tsx), not at import: building a machine is
 * work (XState resolves every state and transition), kept out of the entry's evaluation (TBT,
 * docs/performance.md).
 */
export const provideAccessibility = () =>
  accessibilityMachine.provide({
    actors: { loadLibras: fromPromise(async () => (await vlibras()).loadVLibras()) },
    actions: {
      persist: (_, params: { userId: number | null; settings: AccessibilitySettings }) =>
        writeSettings(params.userId, params.settings),
      apply: (_, params: { settings: AccessibilitySettings }) => {
        const presentation = presentationOf(params.settings);
        applyPresentation(presentation);
        writePrepaint('settings', presentation);
      },
      showLibras: () => void vlibras().then((m) => m.setVLibrasVisible(true)),
      hideLibras: () => void vlibras().then((m) => m.setVLibrasVisible(false)),
    },
  });

/**
 * Keeps the settings on the student who uses the app: when the signed-in student changes
 * (sign-in, a cached session at start, logout), sends `settings.user` with that student's
 * stored settings. @returns the unsubscribe function.
 */
export function followStudentSettings(
  session: SessionSource,
  accessibility: ActorRefFrom<typeof accessibilityMachine>,
): () => void {
  return followSignedInStudent(session, (userId, previous) => {
    // Signing out keeps what is on screen for the login page; a student brings their own.
    if (userId === null && previous !== undefined) {
      accessibility.send({
        type: 'settings.user',
        userId: null,
        settings: accessibility.getSnapshot().context.settings,
      });
      return;
    }
    accessibility.send({ type: 'settings.user', userId, settings: readSettings(userId) });
  });
}
