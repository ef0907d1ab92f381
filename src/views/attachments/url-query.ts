/**
 * The documents list's query as kept in the URL (docs/product.md §2 /attachments: `?category=ID&q=…&page=N`),
 * and the API query it asks for. Apart from the screen so that the inline loader's early read
 * (src/app/early-reads.ts, evaluated at build time) asks for the same page without the screen.
 */
import type { DocumentsQuery } from '../../services/contract/attachments';
import { defineUrlQuery, idField, pageField, textField } from '../../services/navigation/url-query';
import { ROUTE_PATHS } from '../../services/navigation/routes';

/** Documents per page. */
export const DOCUMENTS_PER_PAGE = 10;

/** The documents query as kept in the URL; `category` null = every category. */
export interface DocumentsUrlQuery {
  category: number | null;
  q: string;
  page: number;
}

/** `/attachments?category=ID&q=…&page=N`. */
export const documentsUrlQuery = defineUrlQuery(ROUTE_PATHS.attachments, {
  category: idField(),
  q: textField(),
  page: pageField(),
});

/** Reads `?category=ID&q=…&page=N`; anything malformed falls back to its default. */
export const parseDocumentsQuery = (search: string): DocumentsUrlQuery => documentsUrlQuery.parse(search);

/** `/attachments` with `query`, defaults left out. */
export const documentsHref = (query: Partial<DocumentsUrlQuery>): string => documentsUrlQuery.href(query);

/** The main v1 `GET /documents/attachments` query of a URL query: one page of `DOCUMENTS_PER_PAGE`, category and search when set. */
export function documentsApiQuery({ category, q, page }: DocumentsUrlQuery): DocumentsQuery {
  return {
    page,
    per_page: DOCUMENTS_PER_PAGE,
    ...(category ? { category_id: category } : {}),
    ...(q ? { search: q } : {}),
  };
}
