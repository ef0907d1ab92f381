/**
 * Widgets of the post-login setup (docs/product.md §4, §7): the analytics and chatbot settings read, then
 * the widgets started after first paint.
 */
import type { EventBus } from '../../services/events/bus';
import { getLmsSettings } from '../../services/api/platforms';
import { bootResults } from '../../services/boot/steps';
import { classifyError } from '../../services/http/errors';
import { waitUntilReachable } from '../../services/http/connectivity';
import { readPlatformSettings, writePlatformSettings } from '../../services/storage/platform-settings';

/** How many times a widget setting read that met silence (offline) is tried again. */
export const WIDGET_CONFIG_RETRIES = 3;

/** What `loadWidgetConfig` needs besides the bus (tests pass fakes). */
export interface WidgetConfigDeps {
  /** Reads settings (default `getLmsSettings`). */
  read?: (keys: string[]) => Promise<Record<string, string | null>>;
  /** Resolves when the platform answers again (default: services/http/connectivity.ts). */
  whenReachable?: () => Promise<void>;
  /** Starts the widgets with the keys read (default: services/widgets/start.ts, lazily). */
  start?: (keys: { clarityKey: string | null | undefined; chatbotKey: string | null | undefined }) => void;
  /** Tries left after silence. */
  retries?: number;
}

/** True for a failure that is the network's silence, not the platform's answer: no toast (docs/errors.md). */
const isSilence = (error: unknown): boolean => {
  const { kind } = classifyError(error);
  return kind === 'offline' || kind === 'timeout';
};

/**
 * Post-login step "analytics and chatbot": loads their configuration
 * (`GET /lms/settings/clarity_key`, `…/imbot_key`) into the platform settings the widget
 * loaders read, then starts the widgets after first paint.
 * - The platform answered with a failure (an error status, a malformed answer): `setup.error`
 *   with its docs/product.md §8 code (8 analytics, 7 chatbot) on the bus — the toast 'Cód: 8' / 'Cód: 7' —
 *   and, once the other read is stored and the widgets started, the step rejects (so the
 *   post-login setup reports it for developers; `postLoginSetup`).
 * - Silence (offline, timeout): no toast — the offline banner is the one message (docs/errors.md);
 *   the read is tried again when the platform answers (at most `WIDGET_CONFIG_RETRIES` times).
 *   Not a failure of the step: it resolves, and never holds the setup while waiting.
 * @throws AggregateError naming the settings the platform refused (`errors`: their failures).
 */
export async function loadWidgetConfig(
  bus: EventBus | null = bootResults.eventBus,
  deps: WidgetConfigDeps = {},
): Promise<void> {
  const read = deps.read ?? getLmsSettings;
  const whenReachable = deps.whenReachable ?? waitUntilReachable;
  const start =
    deps.start ??
    ((keys) => void import('../../services/widgets/start').then(({ startWidgets }) => startWidgets(keys, bus)));
  const retries = deps.retries ?? WIDGET_CONFIG_RETRIES;
  let silent = false;
  const refused: { key: string; error: unknown }[] = [];
  const load = async (key: string, code: 7 | 8): Promise<Record<string, string | null> | undefined> => {
    try {
      return await read([key]);
    } catch (error) {
      if (isSilence(error)) silent = true;
      else {
        refused.push({ key, error });
        bus?.emit('setup.error', { code });
      }
      return undefined;
    }
  };
  const [clarity, chatbot] = await Promise.all([load('clarity_key', 8), load('imbot_key', 7)]);
  // One write with both answers (two concurrent read-modify-writes would lose one).
  writePlatformSettings(Object.assign({ ...readPlatformSettings() }, clarity ?? {}, chatbot ?? {}));
  // Widgets (docs/product.md §7): after first paint, without holding the setup; a script that does not load
  // is logged and reported, never shown. A key that could not be read loads nothing.
  if (clarity || chatbot) start({ clarityKey: clarity?.clarity_key, chatbotKey: chatbot?.imbot_key });
  if (silent && retries > 0) {
    // Later, outside the setup: a refusal then has shown its toast; developers get the log.
    void whenReachable()
      .then(() => loadWidgetConfig(bus, { ...deps, retries: retries - 1 }))
      .catch((error: unknown) => console.error('[setup] widget settings read again failed', error));
  }
  if (refused.length > 0) {
    throw new AggregateError(
      refused.map((r) => r.error),
      `widget settings not read: ${refused.map((r) => r.key).join(', ')}`,
    );
  }
}
