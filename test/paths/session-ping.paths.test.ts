/**
 * Generated path tests of the session ping (docs/product.md §4, §7, §9): paths from xstate/graph
 * replayed on a real actor (test/paths/support.tsx, ./driver.ts), each step checked against the
 * oracle (./oracles/session-ping.ts): which pings leave and when — at once when signed in on a
 * throttled platform, then every 300 000 ms after the last one ended — and none otherwise.
 */
import { sessionPingMachine } from '../../src/machines/session-ping.machine';
import { sessionPingOracle } from './oracles/session-ping';
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
  oracle: sessionPingOracle,
  observe: (s) => ({ active: s.hasTag('active'), pinging: s.hasTag('pinging') }),
});
