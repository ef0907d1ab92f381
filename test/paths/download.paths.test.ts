/**
 * Generated path tests of a course or module download for offline study (issue 20): paths from
 * xstate/graph replayed on a real actor (test/paths/support.tsx, ./driver.ts); fails when a state
 * or transition is never reached.
 */
import { downloadMachine } from '../../src/machines/download.machine';
import { generatedPathTests, sampleEvents, downloadTarget } from './support';

generatedPathTests({
  machine: downloadMachine,
  inputs: [
    { target: downloadTarget },
    { target: downloadTarget, intent: 'download' },
    { target: downloadTarget, intent: 'remove' },
  ],
  samples: sampleEvents,
  // What changes behaviour, not the progress figures.
  serializeState: (s) => {
    const c = s.context as {
      intent: unknown;
      failure: unknown;
      confirmed: boolean;
      planned: unknown;
      record: unknown;
      removeFailed: boolean;
      persisted: unknown;
    };
    return JSON.stringify([
      s.value,
      c.intent,
      c.failure,
      c.confirmed,
      c.planned !== null,
      c.record !== null,
      c.removeFailed,
      c.persisted,
    ]);
  },
});
