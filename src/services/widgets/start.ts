/**
 * Starts the third-party widgets of the post-login setup (docs/product.md §4, §7) after first
 * paint: analytics (Clarity, `clarity_key`), chatbot (`imbot_key`) and the survey SDK.
 * A script that does not load (blocked by an ad blocker, offline, its host down) is logged
 * for developers and sent to error reporting, never shown: docs/product.md §8's 'Cód: 8' / 'Cód: 7'
 * toasts are for a failure reading the *settings* (wiring.ts `loadWidgetConfig`), and a
 * third-party script is nothing a student can act on. A null key means the
 * platform has no such widget: no load.
 */
import type { EventBus } from '../events/bus';
import { bootResults } from '../boot/steps';
import { loadChatbot } from './chatbot';
import { loadClarity } from './clarity';
import { afterFirstPaint } from './script-loader';
import { loadSurvey } from './survey';

export interface WidgetKeys {
  /** `clarity_key` setting (undefined when its load failed). */
  clarityKey: string | null | undefined;
  /** `imbot_key` setting (undefined when its load failed). */
  chatbotKey: string | null | undefined;
}

/**
 * @param whenReady resolves when widgets may load (default `afterFirstPaint`).
 * @param reportError where a script that did not load is reported (default: the app's error reporter).
 * @returns resolves when every load has succeeded or failed; never rejects.
 */
export async function startWidgets(
  keys: WidgetKeys,
  bus: EventBus | null | undefined,
  whenReady: () => Promise<void> = afterFirstPaint,
  reportError: (error: unknown) => void = (error) => bootResults.errorReporter?.captureException(error),
): Promise<void> {
  await whenReady();
  const report = (name: string) => (error: unknown) => {
    console.warn(`[widgets] ${name} did not load`, error);
    reportError(error);
  };
  await Promise.all([
    loadClarity(keys.clarityKey).catch(report('analytics')),
    loadChatbot(keys.chatbotKey, bus).catch(report('chatbot')),
    loadSurvey(bus).catch(report('survey')),
  ]);
}
