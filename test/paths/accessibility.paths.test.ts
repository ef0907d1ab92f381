/**
 * Generated path tests of the accessibility settings and VLibras (docs/product.md §3): paths from
 * xstate/graph replayed on a real actor (test/paths/support.tsx, ./driver.ts), each step checked
 * against the oracle (./oracles/accessibility.ts): the settings on the page and for whom they are
 * stored (every `apply` and `persist`), and VLibras off, loading, shown or failed.
 */
import { accessibilityMachine } from '../../src/machines/accessibility.machine';
import { DEFAULT_SETTINGS } from '../../src/services/storage/accessibility-settings';
import { accessibilityOracle } from './oracles/accessibility';
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
  oracle: accessibilityOracle,
  // What the settings dialog and the VLibras control read (views/accessibility/controls.tsx).
  observe: (s) => {
    const c = s.context as { userId: number | null; settings: unknown };
    const libras = s.hasTag('librasLoading')
      ? 'loading'
      : s.hasTag('librasOn')
        ? 'on'
        : s.hasTag('librasFailed')
          ? 'failed'
          : 'off';
    return { userId: c.userId, settings: c.settings, libras };
  },
});
