/**
 * The platform of this site's host (docs/product.md §1, §4 "500 or 404 on platform lookup shows
 * the error screen", §8; docs/offline.md): the brand last seen on this device shows from the
 * start; GET /platforms/{host} replaces it (applied to the page), then its settings are read
 * (a failure there leaves the platform ready without them). A 404 or 500 shows the error screen
 * with that error, for good. A failure that may pass (no answer, a timeout, an unreadable answer,
 * another 5xx, 408, 429) keeps the brand and asks again after 1 s, 2 s, 4 s … at most 30 s — or
 * at once when the browser is back online. Any other refusal keeps the brand and is not asked
 * again in this page load.
 */
import type { EventObject } from 'xstate';
import type { Platform, PlatformSetting } from '../../../src/services/contract/session';
import { SpecRun, backoffMs, failureKind, oracleOf, statusOf } from '../oracle';

export interface PlatformView {
  status: 'loading' | 'ready' | 'retrying' | 'unavailable' | 'failed';
  /** The brand shown (null: none yet). */
  platform: Platform | null;
  settings: Record<string, string | null>;
  /** The last lookup's failure (null after a success). */
  error: unknown;
  /** The home shows its banners: unless the platform shown says `show_banners: false`. */
  banners: boolean;
}

class PlatformRun extends SpecRun<PlatformView> {
  private status: PlatformView['status'] = 'loading';
  private platform: Platform | null;
  private settings: Record<string, string | null> = {};
  private error: unknown = null;
  private failures = 0;

  constructor(private readonly input: { host: string; cachedPlatform?: Platform | null }) {
    super();
    this.platform = input.cachedPlatform ?? null;
    this.lookUp();
  }

  situation(): string {
    return this.pending('loadSettings') ? 'loadingSettings' : this.status;
  }

  view(): PlatformView {
    return {
      status: this.status,
      platform: this.platform,
      settings: this.settings,
      error: this.error,
      banners: (this.platform?.options as { show_banners?: boolean } | undefined)?.show_banners !== false,
    };
  }

  private lookUp(): void {
    this.status = 'loading';
    this.cancel('watchOnline');
    this.stopTimer('retryDelay');
    this.request('lookupPlatform', { host: this.input.host });
  }

  send(event: EventObject): void {
    if (event.type === 'platform.online' && this.status === 'retrying') this.lookUp();
  }

  protected onTimer(): void {
    this.lookUp();
  }

  protected onDone(request: string, output: unknown): void {
    if (request === 'lookupPlatform') {
      const platform = output as Platform;
      this.platform = platform;
      this.error = null;
      this.failures = 0;
      this.effect('applyPlatform', { platform });
      this.request('loadSettings', { id: platform.id });
    } else if (request === 'loadSettings') {
      this.settings = Object.fromEntries((output as PlatformSetting[]).map((s) => [s.key, s.value]));
      this.effect('storeSettings', { settings: this.settings });
      this.status = 'ready';
    }
  }

  protected onError(request: string, error: unknown): void {
    if (request === 'loadSettings') {
      this.status = 'ready';
      return;
    }
    this.error = error;
    const status = statusOf(error);
    if (status === 404 || status === 500) {
      this.status = 'failed';
      this.effect('showErrorScreen', { error });
    } else if (
      ['offline', 'timeout', 'malformed', 'server', 'rateLimited'].includes(failureKind(error)) ||
      status === 408
    ) {
      this.failures += 1;
      this.status = 'retrying';
      this.listen('watchOnline');
      this.startTimer('retryDelay', backoffMs(this.failures));
    } else this.status = 'unavailable';
  }
}

/** Time passes: a minute, twice the longest wait. */
export const platformOracle = oracleOf(
  60_000,
  ['platform.online'],
  ['loading', 'loadingSettings', 'ready', 'retrying', 'unavailable', 'failed'],
  (input) => new PlatformRun(input as { host: string }),
);
