/**
 * Starts the third-party widgets of the post-login setup (spec §4, §7, §8) after first
 * paint: analytics (Clarity, `clarity_key`), chatbot (`imbot_key`) and the survey SDK.
 * A failed analytics load publishes `setup.error` code 8, a failed chatbot load code 7
 * (toasts 'Um erro inesperado ocorreu. Cód: 8' / '… Cód: 7'); a failed survey load is
 * only logged. A null key means the platform has no such widget: no load, no toast.
 */
import type { EventBus } from '../events/bus';
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
 * @returns resolves when every load has succeeded or failed; never rejects.
 */
export async function startWidgets(
  keys: WidgetKeys,
  bus: EventBus | null | undefined,
  whenReady: () => Promise<void> = afterFirstPaint,
): Promise<void> {
  await whenReady();
  const warn = (name: string) => (error: unknown) => console.warn(`[widgets] ${name} did not load`, error);
  await Promise.all([
    loadClarity(keys.clarityKey).catch((error: unknown) => {
      warn('analytics')(error);
      bus?.emit('setup.error', { code: 8 });
    }),
    loadChatbot(keys.chatbotKey, bus).catch((error: unknown) => {
      warn('chatbot')(error);
      bus?.emit('setup.error', { code: 7 });
    }),
    loadSurvey(bus).catch(warn('survey')),
  ]);
}
