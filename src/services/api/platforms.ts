/** Platform calls of spec §7 (multi-brand lookup by host, settings). */
import { PlatformResponse, PlatformSettingsResponse, type Platform, type PlatformSetting } from '../contract';
import { request } from '../http/clients';

/**
 * `GET /platforms/{idOrHost}` (main v1): the platform of a site host (spec §1) or id.
 * @throws ApiError 404 for an unknown host, 500 when the platform API fails; NetworkError; ContractError.
 */
export async function getPlatform(idOrHost: string | number): Promise<Platform> {
  return (await request('mainV1', 'get', `/platforms/${encodeURIComponent(String(idOrHost))}`, PlatformResponse)).data;
}

/** `GET /platforms/{id}/settings` (main v1): key/value settings (e.g. clarity_key, imbot_key). */
export async function getPlatformSettings(id: number): Promise<PlatformSetting[]> {
  return (await request('mainV1', 'get', `/platforms/${id}/settings`, PlatformSettingsResponse)).data;
}
