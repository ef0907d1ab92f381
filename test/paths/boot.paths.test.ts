/**
 * Generated path tests of the startup steps (spec §4 Startup): paths from xstate/graph replayed on
 * a real actor (test/paths/support.tsx, ./driver.ts); fails when a state or transition is never
 * reached.
 */
import { bootMachine } from '../../src/machines/boot.machine';
import { generatedPathTests, sampleEvents } from './support';

generatedPathTests({ machine: bootMachine, inputs: [undefined], samples: sampleEvents });
