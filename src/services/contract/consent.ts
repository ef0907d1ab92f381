/**
 * Contract of LGPD consent and the session ping (docs/product.md §7, §9): the settings keys of the LGPD
 * prompt and v2 `POST /user-session/log`. The answer of accepting the terms is the user
 * (`AcceptLgpdResponse`, ./session.ts).
 */
import * as v from 'valibot';
import { envelope, Id, IsoDate } from './core';

/** One stored session ping (v2 `POST /user-session/log`, docs/product.md §7, §9); `logged_at` ISO 8601. */
export const SessionLogEntry = v.object({ id: Id, logged_at: IsoDate });
export type SessionLogEntry = v.InferOutput<typeof SessionLogEntry>;
/** v2 `POST /user-session/log` answer (201). */
export const SessionLogResponse = envelope(SessionLogEntry);
export type SessionLogResponse = v.InferOutput<typeof SessionLogResponse>;
/** Reference server only: v2 `GET /user-session/log`, the student's pings, newest first. */
export const SessionLogListResponse = envelope(v.array(SessionLogEntry));
export type SessionLogListResponse = v.InferOutput<typeof SessionLogListResponse>;

/** Platform setting keys of the LGPD prompt (`GET /lms/settings/lgpd_terms,lgpd_policy_url`). */
export const LGPD_SETTING_KEYS = ['lgpd_terms', 'lgpd_policy_url'] as const;
