/**
 * Chatbot adapter (spec §2, §7): the chatbot script loaded with the platform's `imbot_key`
 * setting, shown on `/` and `/home` only and hidden on every navigation away from them
 * (`route.changed` on the event bus).
 *
 * The script must expose `window.imbot = { init({ key }), show(), hide() }` (the reference
 * server's stand-in `/api/standins/chatbot.js` does); this file is the one place to map a
 * vendor's API onto it.
 */
import type { EventBus } from '../events/bus';
import { widgetSources, WIDGET_TIMEOUTS_MS, withKey } from './config';
import { followRoutes } from './follow-routes';
import { chatbotVisibleOn, currentPath } from './routes';
import { loadScript, ScriptLoadError } from './script-loader';

/** The chatbot's global API. */
export interface ChatbotApi {
  init(options: { key: string }): void;
  show(): void;
  hide(): void;
}

const chatbotApi = (): ChatbotApi | undefined => (window as unknown as { imbot?: ChatbotApi }).imbot;

let initializedKey: string | null = null;

/**
 * Loads the chatbot once for `key`, shows it when the current route is `/` or `/home`, and
 * follows the routes on `bus`.
 * @param key the `imbot_key` setting; null/undefined/'' = the platform has no chatbot.
 * @returns true when loaded, false when there is no key (nothing loaded).
 * @throws ScriptLoadError when the script cannot load in 10 s or defines no `window.imbot`.
 */
export async function loadChatbot(
  key: string | null | undefined,
  bus: EventBus | null | undefined,
  src: string = widgetSources.chatbot,
): Promise<boolean> {
  if (!key) return false;
  const url = withKey(src, key);
  await loadScript(url, WIDGET_TIMEOUTS_MS.chatbot);
  const api = chatbotApi();
  if (!api) throw new ScriptLoadError(url, 'error', 'chatbot script loaded without window.imbot');
  if (initializedKey !== key) {
    api.init({ key });
    initializedKey = key;
  }
  followRoutes(bus, 'chatbot', (path) => setChatbotVisible(chatbotVisibleOn(path)));
  setChatbotVisible(chatbotVisibleOn(currentPath()));
  return true;
}

/** Shows or hides the chatbot (no-op before it was loaded). */
export function setChatbotVisible(visible: boolean): void {
  const api = chatbotApi();
  if (!api) return;
  if (visible) api.show();
  else api.hide();
}
