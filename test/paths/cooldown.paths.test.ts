/**
 * Generated path tests of the sign-in and password-reset cooldown after a 429 (docs/errors.md):
 * paths from xstate/graph replayed on a real actor (test/paths/support.tsx, ./driver.ts), each
 * step checked against the oracle (./oracles/cooldown.ts): whether the form waits and the seconds
 * it shows, one second less each 1000 ms.
 */
import { cooldownMachine, formatMinutesSeconds } from '../../src/machines/cooldown.machine';
import { cooldownOracle } from './oracles/cooldown';
import { generatedPathTests, sampleEvents } from './support';

generatedPathTests({
  machine: cooldownMachine,
  inputs: [undefined],
  samples: sampleEvents,
  oracle: cooldownOracle,
  // What the login and reset forms read and show (views/components/rate-limit.tsx).
  observe: (s) => {
    const { remainingS } = s.context as { remainingS: number };
    return { cooling: s.hasTag('cooling'), seconds: remainingS, shown: formatMinutesSeconds(remainingS) };
  },
});
