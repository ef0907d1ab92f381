/**
 * The search form, result count and pagination of every list screen (docs/product.md §2 /courses, /grades,
 * /attachments, /finances), the values kept in the URL by `useUrlQuery`:
 * - `ListFilter`: a `role="search"` form named by `label` with an optional search field (applied
 *   on 'Buscar') and selects (applied at once), then the polite result count (with 'página N de
 *   M' when there are pages) and, when nothing matches, 'Limpar filtros' (focus back on the field);
 * - `Pagination`: first / previous / 'Página N de M' / next / last links keeping the query;
 *   `PageGone` when the URL's page is past the last one;
 * - `usePageFocus`: after a pagination link, focus moves to the result count at the top of the
 *   new page (announced), so keyboard and screen-reader users go on from its first item.
 *
 * Lists are paged, never windowed: docs/decisions/0004-pages-rather-than-windowing.md.
 */
import { useEffect, useId, useRef, useState, type FormEvent, type RefObject } from 'react';
import { defineMessage, defineMessages, useIntl } from 'react-intl';
import { Link } from 'wouter';
import SearchX from 'lucide-react/icons/search-x';
import { EmptyState } from './empty-state';
import styles from './list-filter.module.css';

export const ListMessages = defineMessages({
  resultsPage: defineMessage<{ results: string; page: number; last: number }>({
    id: 'list.results.page',
    defaultMessage: '{results}, página {page} de {last}',
    description: 'Result count of a list followed by the page shown, e.g. "120 cursos encontrados, página 2 de 10"',
  }),
  first: { id: 'list.pagination.first', defaultMessage: 'Primeira página', description: 'Link to page 1 of a list' },
  previous: { id: 'list.pagination.previous', defaultMessage: 'Página anterior', description: 'Previous page' },
  next: { id: 'list.pagination.next', defaultMessage: 'Próxima página', description: 'Next page' },
  last: { id: 'list.pagination.last', defaultMessage: 'Última página', description: 'Link to the last page of a list' },
  pageOf: defineMessage<{ page: number; last: number }>({
    id: 'list.pagination.status',
    defaultMessage: 'Página {page} de {last}',
    description: 'Current page of a list',
  }),
  pageGone: {
    id: 'list.pagination.gone',
    defaultMessage: 'Esta página não existe mais.',
    description: 'The page number in the address is past the last page',
  },
  backToFirst: {
    id: 'list.pagination.backToFirst',
    defaultMessage: 'Ir para a primeira página',
    description: 'Link to page 1 of the list, after a page that no longer exists',
  },
});

/** A select of the filter form; `value` '' is its "every …" option. */
export interface ListFilterSelect {
  /** The URL parameter it sets (also the form field's name). */
  name: string;
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
}

/** What the form applies: the search field's text and every select's value, by name. */
export interface ListFilterValues {
  search: string;
  selects: Record<string, string>;
}

export interface ListFilterProps {
  /** Accessible name of the search landmark ('Buscar cursos'). */
  label: string;
  /** The search field: its label and the URL's text (the field follows it on back/forward). */
  search?: { label: string; value: string };
  /** Text of the submit button (only with a search field). */
  submitLabel?: string;
  selects?: readonly ListFilterSelect[];
  /** Called with the new values on 'Buscar' or when a select changes. */
  onApply: (values: ListFilterValues) => void;
  /** The result count to announce; '' while the results are loading. */
  results: string;
  /** The page shown and the last page; 'página N de M' follows the count when there are pages. */
  page?: { page: number; last: number };
  /** Shown (with 'Limpar filtros'-like `clearLabel`) when a filter matched nothing. */
  noMatch?: { text: string; clearLabel: string } | null;
  /** Called by the clear button; focus then goes back to the search field (or the first select). */
  onClear?: () => void;
  /** Element that receives focus after a page change (from `usePageFocus`). */
  resultsRef?: RefObject<HTMLParagraphElement>;
}

/** The search form, result count and 'nothing found' notice of a list (see the file's comment). */
export function ListFilter({
  label,
  search,
  submitLabel,
  selects = [],
  onApply,
  results,
  page,
  noMatch,
  onClear,
  resultsRef,
}: ListFilterProps) {
  const intl = useIntl();
  const id = useId();
  const firstControl = useRef<HTMLInputElement & HTMLSelectElement>(null);
  // The search field follows the URL (back/forward, 'Limpar filtros') and the student's typing.
  const urlText = search?.value ?? '';
  const [draft, setDraft] = useState(urlText);
  const [draftOf, setDraftOf] = useState(urlText);
  if (draftOf !== urlText) {
    setDraftOf(urlText);
    setDraft(urlText);
  }
  const current = Object.fromEntries(selects.map((s) => [s.name, s.value]));
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onApply({ search: draft, selects: current });
  };
  const clear = () => {
    setDraft('');
    onClear?.();
    firstControl.current?.focus();
  };
  const announced =
    results && page && page.last > 1
      ? intl.formatMessage(ListMessages.resultsPage, { results, page: page.page, last: page.last })
      : results;

  return (
    <>
      <form role="search" className={styles.filters} aria-label={label} onSubmit={onSubmit}>
        {search && (
          <div className={`field ${styles.search}`}>
            <label htmlFor={`${id}-search`}>{search.label}</label>
            <input
              ref={firstControl}
              id={`${id}-search`}
              type="search"
              name="q"
              maxLength={200}
              autoComplete="off"
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
            />
          </div>
        )}
        {selects.map((select, index) => (
          <div className="field" key={select.name}>
            <label htmlFor={`${id}-${select.name}`}>{select.label}</label>
            <select
              ref={!search && index === 0 ? firstControl : undefined}
              id={`${id}-${select.name}`}
              name={select.name}
              value={select.value}
              onChange={(event) =>
                onApply({ search: draft, selects: { ...current, [select.name]: event.target.value } })
              }
            >
              {select.options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </div>
        ))}
        {search && submitLabel && (
          <button type="submit" className={`button button-primary ${styles.submit}`}>
            {submitLabel}
          </button>
        )}
      </form>
      <p role="status" className={styles.count} tabIndex={-1} ref={resultsRef}>
        {announced}
      </p>
      {noMatch && (
        <EmptyState icon={SearchX} title={noMatch.text} action={{ label: noMatch.clearLabel, onClick: clear }} />
      )}
    </>
  );
}

/**
 * Moves focus to the result count once a page chosen with `Pagination` has loaded.
 * @param ready true when the shown results are those of the current URL (not a placeholder).
 * @returns `resultsRef` for `ListFilter` and `onNavigate` for `Pagination`.
 */
export function usePageFocus(ready: boolean) {
  const resultsRef = useRef<HTMLParagraphElement>(null);
  const pending = useRef(false);
  useEffect(() => {
    if (ready && pending.current) {
      pending.current = false;
      resultsRef.current?.focus();
    }
  });
  return {
    resultsRef,
    onNavigate: () => {
      pending.current = true;
    },
  };
}

export interface PaginationProps {
  /** Accessible name of the navigation landmark ('Paginação dos cursos'). */
  label: string;
  page: number;
  last: number;
  /** The link to page `n`, keeping the rest of the query. */
  hrefFor: (n: number) => string;
  /** Called when a page link is followed (e.g. `usePageFocus().onNavigate`). */
  onNavigate?: () => void;
}

/** Page links of a list; nothing when it has one page. Links keep the URL query. */
export function Pagination({ label, page, last, hrefFor, onNavigate }: PaginationProps) {
  const intl = useIntl();
  if (last <= 1) return null;
  const link = (n: number, text: string) => (
    <Link href={hrefFor(n)} onClick={onNavigate}>
      {text}
    </Link>
  );
  return (
    <nav className={styles.pagination} aria-label={label}>
      {page > 2 && link(1, intl.formatMessage(ListMessages.first))}
      {page > 1 && link(Math.min(page - 1, last), intl.formatMessage(ListMessages.previous))}
      <span aria-current="page">{intl.formatMessage(ListMessages.pageOf, { page, last })}</span>
      {page < last && link(page + 1, intl.formatMessage(ListMessages.next))}
      {page < last - 1 && link(last, intl.formatMessage(ListMessages.last))}
    </nav>
  );
}

/** Said instead of the list when the URL's page is past the last one, with a link to page 1. */
export function PageGone({ firstHref }: { firstHref: string }) {
  const intl = useIntl();
  return (
    <p>
      {intl.formatMessage(ListMessages.pageGone)}{' '}
      <Link href={firstHref}>{intl.formatMessage(ListMessages.backToFirst)}</Link>
    </p>
  );
}
