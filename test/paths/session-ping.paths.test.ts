/**
 * Generated path tests of the session ping (spec §7, §9): paths from xstate/graph replayed on a
 * real actor (test/paths/support.tsx, ./driver.ts); fails when a state or transition is never
 * reached.
 */
import { sessionPingMachine } from '../../src/machines/session-ping.machine';
import { generatedPathTests, sampleEvents } from './support';

generatedPathTests({
  machine: sessionPingMachine,
  inputs: [undefined],
  samples: sampleEvents,
  // Failures beyond the first behave alike.
  serializeState: (s) => {
    const c = s.context as { signedIn: boolean; throttle: boolean; failures: number };
    return JSON.stringify([s.value, c.signedIn, c.throttle, Math.min(c.failures, 1)]);
  },
});
