/**
 * The platform last looked up on this device (services/storage/platform-cache.ts): kept per site
 * host, read back only for that host and only when it still matches the contract (docs/product.md §3
 * Platform) — anything else reads as "none", never as an error.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PLATFORM_CACHE_KEY, readCachedPlatform, writeCachedPlatform } from '../../src/services/storage/platform-cache';
import type { Platform } from '../../src/services/contract';

const platform: Platform = {
  id: 1,
  name: 'Faculdade Demo',
  host: 'localhost',
  theme: {
    template: 'default',
    icons: { favicon: '/api/v1/platforms/1/icons/any.svg', logo: null },
    palette: { primary: { main: '#0B5FFF' }, secondary: { main: '#FF6F00' } },
  },
  options: { show_banners: true },
  is_external_platform: false,
  external_api_url: null,
  enforce_session_throttle: true,
};

afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

describe('the cached platform', () => {
  it('reads back the platform written for the same host', () => {
    writeCachedPlatform('localhost', platform);
    expect(readCachedPlatform('localhost')).toEqual(platform);
  });

  it('is none for another host, when nothing was written, or when it no longer matches the contract', () => {
    expect(readCachedPlatform('localhost')).toBeNull();
    writeCachedPlatform('escola.example', platform);
    expect(readCachedPlatform('localhost')).toBeNull();
    localStorage.setItem(PLATFORM_CACHE_KEY, '{not json');
    expect(readCachedPlatform('localhost')).toBeNull();
    localStorage.setItem(
      PLATFORM_CACHE_KEY,
      JSON.stringify({ host: 'localhost', platform: { ...platform, theme: null } }),
    );
    expect(readCachedPlatform('localhost')).toBeNull();
  });

  it('with storage refused, reads none and writes nothing, without throwing', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(() => writeCachedPlatform('localhost', platform)).not.toThrow();
    expect(readCachedPlatform('localhost')).toBeNull();
  });
});
