/** User calls of docs/product.md §7. */
import type { UserUpdateRequest } from '../contract/account-requests';
import { UserResponse, type User } from '../contract/session';
import { request } from '../http/clients';

/**
 * `GET /users/self` (main v1): the signed-in student.
 * @throws ApiError (401 when the token is unknown/expired), NetworkError, TimeoutError, ContractError.
 */
export async function getUsersSelf(): Promise<User> {
  return (await request('mainV1', 'get', '/users/self', UserResponse)).data;
}

/** `PUT /users/self` (main v1) with the editable fields; @returns the updated user. */
export async function putUsersSelf(changes: UserUpdateRequest): Promise<User> {
  return (await request('mainV1', 'put', '/users/self', UserResponse, { json: changes })).data;
}
