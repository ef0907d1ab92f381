/**
 * The auth headers each API base sends with the session token (docs/product.md §7), in a module
 * of its own so that the service worker builds the same requests without the page's HTTP client.
 */
import type { ApiBase } from '../contract/bases';
import { filesAuthorization } from '../config';

type HeaderFn = (token: string | null) => Record<string, string>;

/** The auth headers each API base sends with `token` (docs/product.md §7); none for a null token. */
export const AUTH_HEADERS: Readonly<Record<ApiBase, HeaderFn>> = {
  mainV1: (token) => ({ 'x-user-environment': 'WEB', ...(token ? { 'x-access-token': token } : {}) }),
  mainV2: (token) => ({ 'x-user-environment': 'WEB', ...(token ? { 'x-access-token': token } : {}) }),
  hub: (token): Record<string, string> => (token ? { Authorization: token } : {}),
  files: (): Record<string, string> => (filesAuthorization ? { Authorization: filesAuthorization } : {}),
  erp: (token): Record<string, string> => (token ? { 'X-Access-Token': token } : {}),
  certificates: (token): Record<string, string> => (token ? { Authorization: `Bearer ${token}` } : {}),
  newLms: (token): Record<string, string> => (token ? { Authorization: `Bearer ${token}` } : {}),
};
