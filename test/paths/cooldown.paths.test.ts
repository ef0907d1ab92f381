/**
 * Generated path tests of the sign-in and password-reset cooldown after a 429 (spec §8, issue 19):
 * paths from xstate/graph replayed on a real actor (test/paths/support.tsx, ./driver.ts); fails
 * when a state or transition is never reached.
 */
import { cooldownMachine } from '../../src/machines/cooldown.machine';
import { generatedPathTests, sampleEvents } from './support';

generatedPathTests({ machine: cooldownMachine, inputs: [undefined], samples: sampleEvents });
