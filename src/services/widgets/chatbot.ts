/**
 * Chatbot adapter (docs/product.md §2, §7): the chatbot script loaded with the platform's `imbot_key`
 * setting, shown on `/` and `/home` only and hidden on every navigation away from them
 * (`route.changed` on the event bus).
 *
 * The script must expose `window.imbot = { init({ key }), show(), hide() }` (the reference
 * server's stand-in `/api/standins/chatbot.js` does); this file is the one place to map a
 * vendor's API onto it.
 *
 * Nothing covered: while the chatbot is shown the page says so on `<html>`
 * (`data-chatbot="shown"`); global.css then reserves room at the page's end for its floating
 * button and keeps focused elements out from under it (`scroll-padding-bottom`), whatever the
 * vendor's script does with the page.
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

/** The attribute on `<html>` that reserves room for the chatbot's floating button (global.css). */
export const CHATBOT_SHOWN_ATTRIBUTE = 'data-chatbot';

/** Shows or hides the chatbot (no-op before it was loaded), reserving room for it while shown. */
export function setChatbotVisible(visible: boolean): void {
  const api = chatbotApi();
  if (!api) return;
  if (visible) api.show();
  else api.hide();
  if (visible) document.documentElement.setAttribute(CHATBOT_SHOWN_ATTRIBUTE, 'shown');
  else document.documentElement.removeAttribute(CHATBOT_SHOWN_ATTRIBUTE);
}
