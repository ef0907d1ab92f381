/**
 * Accessibility settings and VLibras (docs/product.md §3 Accessibility settings): the settings of
 * whoever uses the app are on the page from the start; every change, and a reset to the defaults
 * of §3, is put on the page and stored for the student using the app now (nobody: `null`);
 * another student (or a sign-out) brings that student's stored settings, put on the page, not
 * stored again. VLibras: wanted → its script loads (once per request), then the widget shows; a
 * load that fails leaves the app working and can be retried; unwanted → hidden, at once (also
 * while loading or failed).
 */
import type { EventObject } from 'xstate';
import type { AccessibilitySettings } from '../../../src/services/storage/accessibility-settings';
import { SPEC, SpecRun, oracleOf } from '../oracle';

export interface AccessibilityView {
  /** The student whose settings these are (null: nobody signed in). */
  userId: number | null;
  settings: AccessibilitySettings;
  libras: 'off' | 'loading' | 'on' | 'failed';
}

class AccessibilityRun extends SpecRun<AccessibilityView> {
  private userId: number | null;
  private settings: AccessibilitySettings;
  private libras: AccessibilityView['libras'] = 'off';

  constructor(input: { userId: number | null; settings: AccessibilitySettings }) {
    super();
    this.userId = input.userId;
    this.settings = input.settings;
    this.effect('apply', { settings: this.settings });
    this.follow();
  }

  situation(): string {
    return `VLibras ${this.libras}`;
  }

  view(): AccessibilityView {
    return { userId: this.userId, settings: this.settings, libras: this.libras };
  }

  /** VLibras follows the settings. */
  private follow(): void {
    const wanted = this.settings.is_libras_enabled;
    if (wanted && this.libras === 'off') this.load();
    else if (!wanted && this.libras !== 'off') {
      if (this.libras === 'on') this.effect('hideLibras');
      this.cancel('loadLibras');
      this.libras = 'off';
    }
  }

  private load(): void {
    this.libras = 'loading';
    this.request('loadLibras');
  }

  send(event: EventObject): void {
    if (event.type === 'settings.change' || event.type === 'settings.reset') {
      this.settings =
        event.type === 'settings.reset'
          ? { ...SPEC.accessibilityDefaults }
          : { ...this.settings, ...(event as unknown as { patch: Partial<AccessibilitySettings> }).patch };
      this.effect('persist', { userId: this.userId, settings: this.settings });
      this.effect('apply', { settings: this.settings });
      this.follow();
    } else if (event.type === 'settings.user') {
      const { userId, settings } = event as unknown as { userId: number | null; settings: AccessibilitySettings };
      this.userId = userId;
      this.settings = settings;
      this.effect('apply', { settings });
      this.follow();
    } else if (event.type === 'libras.retry' && this.libras === 'failed') this.load();
  }

  protected onDone(): void {
    this.libras = 'on';
    this.effect('showLibras');
  }
  protected onError(): void {
    this.libras = 'failed';
  }
}

export const accessibilityOracle = oracleOf(
  60_000,
  ['settings.change', 'settings.reset', 'settings.user', 'libras.retry'],
  ['VLibras off', 'VLibras loading', 'VLibras on', 'VLibras failed'],
  (input) => new AccessibilityRun(input as { userId: number | null; settings: AccessibilitySettings }),
);
