/**
 * The attachments area (spec §2 /attachments, nav 'Documentos'): the files given to this
 * student (`GET attachments/authorized`) and the platform's documents (`GET
 * documents/attachments` with params) filtered by category (`GET documents/categories`) and
 * searched by name, the filters and page kept in the URL (`?category=ID&q=…&page=N`). Each
 * file opens at /attachment/{id}, where its start and end are recorded. Below them, the
 * certificates and documents the student can issue (`CertificatesSection`).
 */
import { useId, useRef, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { Link, useLocation, useSearch } from 'wouter';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getAuthorizedAttachments, getDocumentCategories, getDocuments } from '../../services/api/attachments';
import type { DocumentsQuery, StudentAttachment } from '../../services/contract/attachments';
import { fileTypeLabel, formatFileSize } from '../components/attachments-list';
import { PageLoading } from '../components/page-loading';
import { QueryError } from '../components/query-error';
import { usePageTitle } from '../components/use-page-title';
import { AttachmentsAreaMessages as M } from './messages';
import { CommonMessages } from '../components/messages';
import { CertificatesSection } from '../certificates/section';

/** Documents per page. */
export const DOCUMENTS_PER_PAGE = 10;

/** The documents query as kept in the URL; `category` null = every category. */
export interface DocumentsUrlQuery {
  category: number | null;
  q: string;
  page: number;
}

/** Reads `?category=ID&q=…&page=N`; anything malformed falls back to its default. */
export function parseDocumentsQuery(search: string): DocumentsUrlQuery {
  const params = new URLSearchParams(search);
  const category = Number(params.get('category'));
  const page = Number(params.get('page') ?? '1');
  return {
    category: Number.isSafeInteger(category) && category > 0 ? category : null,
    q: (params.get('q') ?? '').trim().slice(0, 200),
    page: Number.isSafeInteger(page) && page > 0 ? page : 1,
  };
}

/** `/attachments` with `query`, defaults left out. */
export function documentsHref(query: Partial<DocumentsUrlQuery>): string {
  const params = new URLSearchParams();
  if (query.category) params.set('category', String(query.category));
  const q = query.q?.trim() ?? '';
  if (q) params.set('q', q);
  if (query.page && query.page > 1) params.set('page', String(query.page));
  const search = params.toString();
  return search ? `/attachments?${search}` : '/attachments';
}

/** Query keys of the area (all start with 'attachmentsArea': a delivered start/end refreshes them). */
export const attachmentsAreaKeys = {
  mine: ['attachmentsArea', 'authorized'] as const,
  categories: ['attachmentsArea', 'categories'] as const,
  documents: (query: DocumentsQuery) => ['attachmentsArea', 'documents', query] as const,
};

export default function AttachmentsScreen() {
  const intl = useIntl();
  const title = intl.formatMessage(M.title);
  usePageTitle(title);
  const mine = useQuery({
    queryKey: attachmentsAreaKeys.mine,
    queryFn: ({ signal }) => getAuthorizedAttachments(signal),
  });
  const mineHeading = useId();

  return (
    <section className="page">
      <h1>{title}</h1>
      <section aria-labelledby={mineHeading}>
        <h2 id={mineHeading}>{intl.formatMessage(M.mineTitle)}</h2>
        {mine.isPending && <PageLoading />}
        {mine.isError && <QueryError error={mine.error} onRetry={() => void mine.refetch()} />}
        {mine.data && mine.data.length === 0 && <p className="muted">{intl.formatMessage(M.mineEmpty)}</p>}
        {mine.data && mine.data.length > 0 && <FileList files={mine.data} />}
      </section>
      <Documents />
      <CertificatesSection />
    </section>
  );
}

/** The platform's documents with category filter, search and pages. */
function Documents() {
  const intl = useIntl();
  const [, navigate] = useLocation();
  const { category, q, page } = parseDocumentsQuery(useSearch());
  const heading = useId();
  const ids = { category: useId(), search: useId() };
  const categories = useQuery({
    queryKey: attachmentsAreaKeys.categories,
    queryFn: ({ signal }) => getDocumentCategories(signal),
  });
  const apiQuery: DocumentsQuery = {
    page,
    per_page: DOCUMENTS_PER_PAGE,
    ...(category ? { category_id: category } : {}),
    ...(q ? { search: q } : {}),
  };
  const documents = useQuery({
    queryKey: attachmentsAreaKeys.documents(apiQuery),
    queryFn: ({ signal }) => getDocuments(apiQuery, signal),
    placeholderData: keepPreviousData,
  });

  // The search field follows the URL (back/forward, 'Limpar filtros') and the student's typing.
  const [draft, setDraft] = useState(q);
  const [draftOf, setDraftOf] = useState(q);
  if (draftOf !== q) {
    setDraftOf(q);
    setDraft(q);
  }
  const searchInput = useRef<HTMLInputElement>(null);
  const filtered = category !== null || q !== '';
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    navigate(documentsHref({ category, q: draft }));
  };
  const clear = () => {
    setDraft('');
    navigate('/attachments');
    searchInput.current?.focus();
  };
  const data = documents.data;
  const settled = data !== undefined && !documents.isPlaceholderData;

  return (
    <section aria-labelledby={heading}>
      <h2 id={heading}>{intl.formatMessage(M.docsTitle)}</h2>
      <form role="search" aria-label={intl.formatMessage(M.filters)} className="filters" onSubmit={submit}>
        <div className="field">
          <label htmlFor={ids.category}>{intl.formatMessage(M.category)}</label>
          <select
            id={ids.category}
            value={category ?? ''}
            onChange={(event) => navigate(documentsHref({ category: Number(event.target.value) || null, q: draft }))}
          >
            <option value="">{intl.formatMessage(M.allCategories)}</option>
            {categories.data?.map((c) => (
              <option key={c.id} value={c.id}>
                {intl.formatMessage(M.categoryOption, { name: c.name, count: c.count })}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={ids.search}>{intl.formatMessage(M.search)}</label>
          <input
            ref={searchInput}
            id={ids.search}
            type="search"
            maxLength={200}
            autoComplete="off"
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
          />
        </div>
        <button type="submit" className="button button-primary">
          {intl.formatMessage(M.submit)}
        </button>
      </form>
      {categories.isError && <QueryError error={categories.error} onRetry={() => void categories.refetch()} />}
      <p role="status" className="muted">
        {settled && intl.formatMessage(M.count, { count: data.pagination.total })}
      </p>
      {documents.isPending && <PageLoading />}
      {documents.isError && <QueryError error={documents.error} onRetry={() => void documents.refetch()} />}
      {data && data.data.length === 0 && filtered && (
        <div className="notice">
          <p>{intl.formatMessage(M.noMatch)}</p>
          <button type="button" className="button button-secondary" onClick={clear}>
            {intl.formatMessage(M.clear)}
          </button>
        </div>
      )}
      {data && data.data.length > 0 && <FileList files={data.data} busy={documents.isFetching} />}
      {data && data.pagination.last_page > 1 && (
        <nav className="pagination" aria-label={intl.formatMessage(M.pagination)}>
          {page > 1 && <Link href={documentsHref({ category, q, page: page - 1 })}>← {page - 1}</Link>}
          <span aria-current="page">
            {page} / {data.pagination.last_page}
          </span>
          {page < data.pagination.last_page && (
            <Link href={documentsHref({ category, q, page: page + 1 })}>{page + 1} →</Link>
          )}
        </nav>
      )}
    </section>
  );
}

// 'Concluído' as on the attachment's own page (issue 23: one word for one state).
const STATUS_TEXT = { not_started: M.statusNew, started: M.statusOpened, completed: CommonMessages.completed } as const;

/** Files as links to /attachment/{id}, with category, type, size and whether the student saw them. */
function FileList({ files, busy = false }: { files: StudentAttachment[]; busy?: boolean }) {
  const intl = useIntl();
  return (
    <ul className="item-list" aria-busy={busy}>
      {files.map((file) => (
        <li key={file.id} className={`item item-${file.status}`}>
          <Link href={`/attachment/${file.id}`} className="item-title">
            {file.name}
          </Link>
          <p className="muted">
            {[file.category_name, fileTypeLabel(intl, file), formatFileSize(intl, file.size_bytes)]
              .filter(Boolean)
              .join(' · ')}
            {' · '}
            <span className={`badge badge-${file.status}`}>{intl.formatMessage(STATUS_TEXT[file.status])}</span>
          </p>
        </li>
      ))}
    </ul>
  );
}
