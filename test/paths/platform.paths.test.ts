/**
 * Generated path tests of the platform lookup by host and its settings (docs/product.md §1, §4,
 * §8): paths from xstate/graph replayed on a real actor (test/paths/support.tsx, ./driver.ts),
 * each step checked against the oracle (./oracles/platform.ts): the brand shown, the lookups and
 * settings reads and when they are asked again (1 s, 2 s, 4 s … 30 s, at once back online), the
 * error screen for a 404 or 500.
 */
import { platformMachine, showsBanners } from '../../src/machines/platform.machine';
import { platformOracle } from './oracles/platform';
import { generatedPathTests, sampleEvents } from './support';

generatedPathTests({
  machine: platformMachine,
  inputs: [{ host: 'localhost' }],
  samples: sampleEvents,
  // Failures in a row up to the seventh (the backoff reaches its 30 s cap at the sixth).
  serializeState: (s) => {
    const c = s.context as { attempts: number; platform: unknown; error: unknown };
    return JSON.stringify([s.value, Math.min(c.attempts, 7), c.platform !== null, c.error !== null]);
  },
  oracle: platformOracle,
  // What the app reads (views/platform-context.tsx, src/app/wiring/platform.ts, the home's banners).
  observe: (s) => {
    const c = s.context as { platform: unknown; settings: unknown; error: unknown };
    const status = (['failed', 'retrying', 'unavailable', 'ready', 'loading'] as const).find((tag) => s.hasTag(tag));
    return {
      status,
      platform: c.platform,
      settings: c.settings,
      error: c.error,
      banners: showsBanners(c.platform as never),
    };
  },
});
