/**
 * Generated path tests of the startup steps (docs/product.md §4 Startup, §8): paths from
 * xstate/graph replayed on a real actor (test/paths/support.tsx, ./driver.ts), each step checked
 * against the oracle (./oracles/boot.ts): which step runs, in the product's order, and how the
 * startup ends as the app reads it (`bootOutcome`) — mounted once, redirected (where), or stopped
 * (which step failed).
 */
import { bootMachine, bootOutcome } from '../../src/machines/boot.machine';
import { bootOracle } from './oracles/boot';
import { generatedPathTests, sampleEvents } from './support';

generatedPathTests({
  machine: bootMachine,
  inputs: [undefined],
  samples: sampleEvents,
  oracle: bootOracle,
  // What the app reads (src/app/wiring/boot.ts `runBoot`): the outcome once the boot has ended.
  observe: async (s, actor) => {
    if (s.status === 'active') return { outcome: 'booting', target: null, failedStep: null };
    const outcome = await bootOutcome(actor as never);
    return {
      outcome: outcome.kind,
      target: outcome.kind === 'redirected' ? outcome.target : null,
      failedStep: outcome.kind === 'failed' ? outcome.step : null,
    };
  },
});
