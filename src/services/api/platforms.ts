/** Platform calls of docs/product.md §7 (multi-brand lookup by host, settings). */
import {
  LmsSettingsResponse,
  PlatformResponse,
  PlatformSettingsResponse,
  type Platform,
  type PlatformSetting,
} from '../contract/session';
import { request } from '../http/clients';

/**
 * `GET /platforms/{idOrHost}` (main v1): the platform of a site host (docs/product.md §1) or id.
 * @throws ApiError 404 for an unknown host, 500 when the platform API fails; NetworkError; ContractError.
 */
export async function getPlatform(idOrHost: string | number): Promise<Platform> {
  return (await request('mainV1', 'get', `/platforms/${encodeURIComponent(String(idOrHost))}`, PlatformResponse)).data;
}

/** `GET /platforms/{id}/settings` (main v1): key/value settings (e.g. clarity_key, imbot_key). */
export async function getPlatformSettings(id: number): Promise<PlatformSetting[]> {
  return (await request('mainV1', 'get', `/platforms/${id}/settings`, PlatformSettingsResponse)).data;
}

/**
 * `GET /lms/settings/{keys comma joined}` (main v1; docs/product.md §7 "answer in data.data"): the
 * platform's values of `keys` (null when unset), e.g. `clarity_key` (analytics), `imbot_key`
 * (chatbot). @throws ContractError ('A resposta da API não está no formato esperado') on a
 * malformed answer (docs/product.md §8), ApiError, NetworkError, TimeoutError.
 */
export async function getLmsSettings(keys: readonly string[]): Promise<Record<string, string | null>> {
  return (
    await request('mainV1', 'get', `/lms/settings/${keys.map(encodeURIComponent).join(',')}`, LmsSettingsResponse)
  ).data;
}
