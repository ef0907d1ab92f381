/** 'Economia de dados' (docs/offline.md): whether it is on, from the stored choice and the browser's Save-Data. */
import type { AccessibilitySettings } from '../storage/accessibility-settings';

/**
 * Whether 'Economia de dados' is on: the student's choice, else on when the browser asks to save
 * data (`navigator.connection.saveData`, sent as the Save-Data header). When on, videos and audio
 * are not preloaded and images load only when shown.
 */
export function dataSaverOn(
  settings: Pick<AccessibilitySettings, 'data_saver'>,
  browserSavesData: boolean = (globalThis.navigator as { connection?: { saveData?: boolean } } | undefined)?.connection
    ?.saveData === true,
): boolean {
  return settings.data_saver ?? browserSavesData;
}
