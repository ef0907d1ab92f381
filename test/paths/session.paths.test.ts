/**
 * Generated path tests of the session: sign-in, user, 401, logout (docs/product.md §4 Auth, §8;
 * decision 0007): paths from xstate/graph replayed on a real actor (test/paths/support.tsx,
 * ./driver.ts), each step checked against the oracle (./oracles/session.ts): the router's status,
 * the student shown, the sign-in form's failure, and every call (sign-in, user reads, the
 * post-login setup 1000 ms after signing in, the token revoked) and effect (token and user
 * stored, auth cleared, /login with its reason, the next route) with its time.
 */
import { postLoginSetupStarted, sessionMachine, signedInStudent } from '../../src/machines/session.machine';
import { sessionOracle } from './oracles/session';
import { generatedPathTests, sampleEvents, user } from './support';

generatedPathTests({
  machine: sessionMachine,
  inputs: [
    { hasToken: false, cachedUser: null },
    { hasToken: true, cachedUser: user },
    { hasToken: true, cachedUser: null },
    // After the 1 h freshness: signed in with the last known user, refreshed.
    { hasToken: true, cachedUser: null, lastKnownUser: user },
    // As the app reads the device within the hour: the fresh user and the last known one.
    { hasToken: true, cachedUser: user, lastKnownUser: user },
    // A user cookie left without a token: signed out, nobody shown.
    { hasToken: false, cachedUser: user, lastKnownUser: user },
  ],
  samples: sampleEvents,
  oracle: sessionOracle,
  // What the router (views/session-context.tsx), the login screen, the layout and the other
  // actors (the signed-in student, the setup started) read.
  observe: (s) => {
    const c = s.context as { user: unknown; loginError: unknown };
    return {
      status: s.hasTag('authenticated')
        ? 'authenticated'
        : s.hasTag('waitingForNetwork')
          ? 'waiting'
          : s.hasTag('anonymous') && !s.hasTag('busy')
            ? 'anonymous'
            : 'pending',
      busy: s.hasTag('busy'),
      user: c.user,
      student: signedInStudent(s as never),
      setupStarted: postLoginSetupStarted(s as never),
      loginError: c.loginError,
    };
  },
});
