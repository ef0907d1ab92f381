/**
 * Generated path tests of a course or module download for offline study (docs/offline.md): paths
 * from xstate/graph replayed on a real actor (test/paths/support.tsx, ./driver.ts), each step
 * checked against the oracle (./oracles/download.ts): what the panel shows (its step, the size,
 * the progress, the reason of a failure, 'Tentar novamente'), every read, transfer, clean-up and
 * removal asked for, and the 30 000 ms stall.
 */
import { downloadMachine } from '../../src/machines/download.machine';
import { downloadOracle } from './oracles/download';
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
  oracle: downloadOracle,
  // What the panel reads (views/downloads/panel.tsx).
  observe: (s) => {
    const c = s.context as {
      planned: unknown;
      progress: unknown;
      record: unknown;
      failure: unknown;
      removeFailed: boolean;
      persisted: unknown;
    };
    const screen = (['confirm', 'downloading', 'available', 'failed', 'idle'] as const).find((tag) => s.hasTag(tag));
    return {
      screen: screen ?? (s.matches('removing' as never) ? 'removing' : 'busy'),
      planned: c.planned,
      progress: c.progress,
      record: c.record,
      failure: c.failure,
      canRetry: s.matches({ failed: 'settled' } as never),
      removeFailed: c.removeFailed,
      persisted: c.persisted,
    };
  },
});
