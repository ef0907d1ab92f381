/**
 * A list screen's query as kept in the URL (docs/product.md §2: /courses, /grades, /attachments,
 * /finances): search text, filters, sort and page in the query string, so that back/forward,
 * reload and shared links keep them. One definition per screen names its path and its fields;
 * it reads a query string into typed values (anything malformed falls back to the field's
 * default) and writes values back into a link, leaving defaults out (`/courses` rather than
 * `/courses?page=1`). Pure: no React, no router — the startup prefetch reads the same page the
 * screen will show with it; `useUrlQuery` (views/components) binds it to the router.
 */

/** One query-string parameter: how it is read, written, and when it is left out. */
export interface UrlField<T> {
  /** The value of a raw parameter (`null` = absent); never throws, malformed → default. */
  parse(raw: string | null): T;
  /** The parameter's text for `value`. */
  format(value: T): string;
  /** The value an absent parameter means; a value equal to it is left out of links. */
  readonly defaultValue: T;
}

/** The values a set of fields describes. */
export type UrlValues<F extends Record<string, UrlField<unknown>>> = {
  [K in keyof F]: F[K] extends UrlField<infer T> ? T : never;
};

/** Free text (a search), trimmed and cut to `maxLength` characters; default ''. */
export function textField(maxLength = 200): UrlField<string> {
  return {
    parse: (raw) => (raw ?? '').trim().slice(0, maxLength),
    format: (value) => value.trim().slice(0, maxLength),
    defaultValue: '',
  };
}

/** A 1-based page number; default 1 (anything not a positive safe integer is 1). */
export function pageField(): UrlField<number> {
  return {
    parse: (raw) => {
      const page = Number(raw ?? '1');
      return Number.isSafeInteger(page) && page > 0 ? page : 1;
    },
    format: String,
    defaultValue: 1,
  };
}

/** A positive integer id (a category, a year); default null (= no filter). */
export function idField(): UrlField<number | null> {
  return {
    parse: (raw) => {
      const id = Number(raw);
      return raw !== null && Number.isSafeInteger(id) && id > 0 ? id : null;
    },
    format: (value) => String(value ?? ''),
    defaultValue: null,
  };
}

/** One of `values`; anything else is `fallback` (default null = no filter). */
export function oneOfField<T extends string>(values: readonly T[]): UrlField<T | null>;
export function oneOfField<T extends string>(values: readonly T[], fallback: T): UrlField<T>;
export function oneOfField<T extends string>(values: readonly T[], fallback: T | null = null): UrlField<T | null> {
  return {
    parse: (raw) => ((values as readonly string[]).includes(raw ?? '') ? (raw as T) : fallback),
    format: (value) => value ?? '',
    defaultValue: fallback,
  };
}

/** Options of a definition. */
export interface UrlQueryOptions<K extends string> {
  /**
   * Fields written together: when any of a group differs from its default, all of the group
   * are written (`?sort=grade&order=asc`, a sort is always read with its order).
   */
  together?: readonly (readonly K[])[];
}

/** A list screen's URL query: its path and typed fields. */
export interface UrlQueryDefinition<F extends Record<string, UrlField<unknown>>> {
  /** The screen's path, e.g. '/courses'. */
  readonly path: string;
  readonly fields: F;
  /** Every field at its default. */
  readonly defaults: UrlValues<F>;
  /** Reads a query string (with or without '?') into values; never throws. */
  parse(search: string): UrlValues<F>;
  /** The path with `values` (missing ones = default), parameters in field order, defaults left out. */
  href(values: Partial<UrlValues<F>>): string;
}

/**
 * Defines a list screen's URL query.
 * @param path the screen's path ('/courses').
 * @param fields parameter name → field, in the order they are written.
 * @param options fields written together (see `UrlQueryOptions`).
 * @returns `parse` and `href` for that path; both pure.
 */
export function defineUrlQuery<F extends Record<string, UrlField<unknown>>>(
  path: string,
  fields: F,
  options: UrlQueryOptions<Extract<keyof F, string>> = {},
): UrlQueryDefinition<F> {
  type Values = UrlValues<F>;
  const keys = Object.keys(fields) as Extract<keyof F, string>[];
  const defaults = Object.fromEntries(keys.map((k) => [k, fields[k]!.defaultValue])) as Values;
  const isDefault = (values: Values, key: Extract<keyof F, string>) =>
    fields[key]!.format(values[key]) === fields[key]!.format(fields[key]!.defaultValue);
  return {
    path,
    fields,
    defaults,
    parse(search) {
      const params = new URLSearchParams(search);
      return Object.fromEntries(keys.map((k) => [k, fields[k]!.parse(params.get(k))])) as Values;
    },
    href(partial) {
      const values = { ...defaults, ...partial } as Values;
      const written = new Set(keys.filter((k) => !isDefault(values, k)));
      for (const group of options.together ?? []) {
        if (group.some((k) => written.has(k))) group.forEach((k) => written.add(k));
      }
      const params = new URLSearchParams();
      for (const key of keys) {
        const text = fields[key]!.format(values[key]);
        if (written.has(key) && text !== '') params.set(key, text);
      }
      const search = params.toString();
      return search ? `${path}?${search}` : path;
    },
  };
}
