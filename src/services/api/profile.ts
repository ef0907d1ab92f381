/**
 * Account profile calls of docs/product.md §7: the CEP lookup and the cities of a state
 * (main v1), and the identity photo for biometrics (main v2, multipart). `GET`/`PUT
 * /users/self` live in `./users.ts`. Every answer is validated by the contract.
 */
import {
  BiometricPhotoResponse,
  CityListResponse,
  PostalCodeResponse,
  type BiometricPhoto,
  type City,
  type PostalCodeAddress,
} from '../contract/profile';
import { request } from '../http/clients';

/** How long the CEP lookup may take before the form offers manual entry, in ms. */
export const POSTAL_CODE_TIMEOUT_MS = 8_000;

/**
 * `GET /postal-code/{cep}/view`.
 * @param cep 8 digits (`'01310100'`).
 * @returns `{ cep, street, district, city, state }` (state: UF code).
 * @throws ApiError (404 unknown CEP, 400 malformed), NetworkError, TimeoutError (after 8 s), ContractError.
 */
export async function getPostalCode(cep: string, signal?: AbortSignal): Promise<PostalCodeAddress> {
  const answer = await request('mainV1', 'get', `/postal-code/${encodeURIComponent(cep)}/view`, PostalCodeResponse, {
    timeoutMs: POSTAL_CODE_TIMEOUT_MS,
    ...(signal ? { signal } : {}),
  });
  return answer.data;
}

/**
 * `GET /cities?state=UF`.
 * @param state a UF code (`'SP'`).
 * @returns the state's cities `{ id, name, state }[]`, by name.
 * @throws ApiError (400 unknown UF), NetworkError, TimeoutError, ContractError.
 */
export async function getCities(state: string, signal?: AbortSignal): Promise<City[]> {
  const answer = await request('mainV1', 'get', '/cities', CityListResponse, {
    searchParams: { state },
    ...(signal ? { signal } : {}),
  });
  return answer.data;
}

/**
 * v2 `POST /biometrics/create`: the identity photo as multipart field `photo`.
 * @param photo a JPEG or PNG of at most 5 MB.
 * @param fileName the file name sent with it (`foto.jpg`).
 * @returns `{ id, created_at }` of the stored photo (201).
 * @throws ApiError (400 no photo, 413 too large, 415 not JPEG/PNG, 401), NetworkError, TimeoutError, ContractError.
 */
export async function postBiometricsCreate(photo: Blob, fileName: string): Promise<BiometricPhoto> {
  const formData = new FormData();
  formData.set('photo', photo, fileName);
  return (await request('mainV2', 'post', '/biometrics/create', BiometricPhotoResponse, { formData })).data;
}
