/**
 * Platform settings cached on the device (docs/product.md §3 Platform setting: key/value pairs).
 * Logout clears them (docs/product.md §4 Auth).
 */
const KEY = 'platform_settings';

/** @returns the cached settings map, or an empty map. */
export function readPlatformSettings(): Record<string, string | null> {
  try {
    const raw = localStorage.getItem(KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, string | null>) : {};
  } catch {
    return {};
  }
}

/** Replaces the cached settings map. */
export function writePlatformSettings(settings: Record<string, string | null>): void {
  localStorage.setItem(KEY, JSON.stringify(settings));
}

/** Removes the cached settings. */
export function clearPlatformSettings(): void {
  localStorage.removeItem(KEY);
}
