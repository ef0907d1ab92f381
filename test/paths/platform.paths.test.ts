/**
 * Generated path tests of the platform lookup by host and its settings (spec §1, §4): paths from
 * xstate/graph replayed on a real actor (test/paths/support.tsx, ./driver.ts); fails when a state
 * or transition is never reached.
 */
import { platformMachine } from '../../src/machines/platform.machine';
import { generatedPathTests, sampleEvents } from './support';

generatedPathTests({
  machine: platformMachine,
  inputs: [{ host: 'localhost' }],
  samples: sampleEvents,
  // Failures in a row beyond the second behave alike (only the backoff delay grows).
  serializeState: (s) => {
    const c = s.context as { attempts: number; platform: unknown; error: unknown };
    return JSON.stringify([s.value, Math.min(c.attempts, 2), c.platform !== null, c.error !== null]);
  },
});
