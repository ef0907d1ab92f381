/**
 * Generated path tests of the accessibility settings and VLibras (spec §3): paths from
 * xstate/graph replayed on a real actor (test/paths/support.tsx, ./driver.ts); fails when a state
 * or transition is never reached.
 */
import { accessibilityMachine } from '../../src/machines/accessibility.machine';
import { DEFAULT_SETTINGS } from '../../src/services/storage/accessibility-settings';
import { generatedPathTests, sampleEvents } from './support';

generatedPathTests({
  machine: accessibilityMachine,
  inputs: [
    { userId: null, settings: DEFAULT_SETTINGS },
    { userId: 1, settings: { ...DEFAULT_SETTINGS, is_libras_enabled: true } },
  ],
  samples: sampleEvents,
  // Only what changes behaviour: VLibras wanted or not (and who), not every other setting.
  serializeState: (s) => {
    const c = s.context as { userId: number | null; settings: { is_libras_enabled: boolean; is_dark_mode: boolean } };
    return JSON.stringify([s.value, c.userId, c.settings.is_libras_enabled, c.settings.is_dark_mode]);
  },
});
