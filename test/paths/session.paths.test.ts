/**
 * Generated path tests of the session: sign-in, user, 401, logout (spec §4 Auth, §8): paths from
 * xstate/graph replayed on a real actor (test/paths/support.tsx, ./driver.ts); fails when a state
 * or transition is never reached.
 */
import { sessionMachine } from '../../src/machines/session.machine';
import { generatedPathTests, sampleEvents, user } from './support';

generatedPathTests({
  machine: sessionMachine,
  inputs: [
    { hasToken: false, cachedUser: null },
    { hasToken: true, cachedUser: user },
    { hasToken: true, cachedUser: null },
    // After the 1 h freshness: signed in with the last known user, refreshed (issue 24).
    { hasToken: true, cachedUser: null, lastKnownUser: user },
  ],
  samples: sampleEvents,
});
