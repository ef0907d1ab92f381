/**
 * THE API contract (docs/architecture.md §D1): valibot schemas of every request and response of the calls
 * this client makes (docs/product.md §7), and the types inferred from them, one file per capability like
 * `services/api/`. Field names follow the platform's snake_case wire format.
 *
 * Envelopes:
 * - single resources: `{ data: T }` (docs/product.md §7 "answer in data.data" for settings);
 * - paginated lists (v2): `{ pagination, data: T[] }`;
 * - errors: `{ message: string }` with a 4xx/5xx status.
 *
 * This index is the contract's boundary for the reference server (`server/`) and the tests,
 * which take the whole contract. App code (`src/`) imports the capability file it uses
 * (`services/contract/lms`, …) so that each lazily loaded route ships only its own schemas.
 */
export * from './core';
export * from './bases';
export * from './session';
export * from './profile';
export * from './account';
export * from './account-requests';
export * from './consent';
export * from './lms';
export * from './short-videos';
export * from './attachments';
export * from './certificates';
export * from './grades';
export * from './finances';
export * from './home';
