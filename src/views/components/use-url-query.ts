import { useMemo } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { UrlField, UrlQueryDefinition, UrlValues } from '../../services/navigation/url-query';

/** What `useUrlQuery` gives a list screen. */
export interface UrlQueryState<V> {
  /** The current values, read from the URL (defaults where absent or malformed). */
  query: V;
  /** A link to the current query changed by `next` (pagination, sort links). */
  hrefWith(next: Partial<V>): string;
  /**
   * Navigates to the current query changed by `next`, back on page 1 unless `next` names a
   * page (a new search, filter or sort starts from the first page). Adds a history entry.
   */
  apply(next: Partial<V>): void;
  /** Navigates to the query with every field at its default except those in `keep`. */
  clear(keep?: Partial<V>): void;
}

/**
 * Binds a list screen's URL query (`defineUrlQuery`, services/navigation/url-query.ts) to the
 * router (docs/product.md §2 list routes: search, filters and page kept in the URL). Re-renders when the
 * query string changes (back/forward, links).
 * @param definition the screen's URL query definition.
 * @returns the current values and ways to link to or navigate to other values.
 */
export function useUrlQuery<F extends Record<string, UrlField<unknown>>>(
  definition: UrlQueryDefinition<F>,
): UrlQueryState<UrlValues<F>> {
  type V = UrlValues<F>;
  const [, navigate] = useLocation();
  const search = useSearch();
  const query = useMemo(() => definition.parse(search), [definition, search]);
  const hasPage = 'page' in definition.fields;
  return {
    query,
    hrefWith: (next) => definition.href({ ...query, ...next }),
    apply: (next) =>
      navigate(
        definition.href({
          ...query,
          ...(hasPage ? ({ page: definition.defaults['page'] } as Partial<V>) : {}),
          ...next,
        }),
      ),
    clear: (keep = {}) => navigate(definition.href(keep)),
  };
}
