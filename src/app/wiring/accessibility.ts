/**
 * Accessibility settings (docs/product.md §3): the accessibility machine with its real effects, kept on the
 * student who uses the app.
 */
import { fromPromise } from 'xstate';
import { accessibilityMachine } from '../../machines/accessibility.machine';
import {
  applyPresentation,
  presentationOf,
  writePrepaint,
  writeSettings,
  type AccessibilitySettings,
} from '../../services/storage/accessibility-settings';

// Loaded when used: VLibras only when the setting asks for it.
const vlibras = () => import('../../services/widgets/vlibras');

/**
 * Accessibility settings with their real effects (docs/product.md §3): saved per student on this device,
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
