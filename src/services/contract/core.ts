/**
 * The shared pieces of the API contract: error body, pagination, envelope,
 * and `parseResponse`, which every API call validates its answer with. Apart from the
 * domain schemas so that /login loads only what it uses.
 */
import * as v from 'valibot';

// ---------- shared pieces ----------

/** Error body of every non-2xx answer of the platform APIs (docs/product.md §3 Global error store). */
export const ErrorBody = v.object({ message: v.string() });
export type ErrorBody = v.InferOutput<typeof ErrorBody>;

/** Pagination block of v2 list answers; `page` is 1-based. */
export const Pagination = v.object({
  page: v.pipe(v.number(), v.integer(), v.minValue(1)),
  per_page: v.pipe(v.number(), v.integer(), v.minValue(1)),
  total: v.pipe(v.number(), v.integer(), v.minValue(0)),
  last_page: v.pipe(v.number(), v.integer(), v.minValue(1)),
});
export type Pagination = v.InferOutput<typeof Pagination>;

/** Completion percentage, 0–100 inclusive. */
export const Percent = v.pipe(v.number(), v.minValue(0), v.maxValue(100));
export const Id = v.pipe(v.number(), v.integer(), v.minValue(1));
export const IsoDate = v.pipe(v.string(), v.isoTimestamp());

/** Wraps a schema in the `{ data: T }` envelope. */
export const envelope = <T extends v.GenericSchema>(schema: T) => v.object({ data: schema });

// ---------- validation helper ----------

/** Text of docs/product.md §8 for a malformed answer. */
export const MALFORMED_RESPONSE_MESSAGE = 'A resposta da API não está no formato esperado';

/** Raised when an answer does not match its contract schema (docs/product.md §8). */
export class ContractError extends Error {
  readonly issues: readonly string[];
  constructor(issues: readonly string[]) {
    super(MALFORMED_RESPONSE_MESSAGE);
    this.name = 'ContractError';
    this.issues = issues;
  }
}

/**
 * Validates `body` against `schema`.
 * @returns the typed output.
 * @throws ContractError (message 'A resposta da API não está no formato esperado') with the
 *   dotted paths of the failing fields in `issues`.
 */
export function parseResponse<T extends v.GenericSchema>(schema: T, body: unknown): v.InferOutput<T> {
  const result = v.safeParse(schema, body);
  if (result.success) return result.output;
  throw new ContractError(result.issues.map((issue) => `${v.getDotPath(issue) ?? '(root)'}: ${issue.message}`));
}
