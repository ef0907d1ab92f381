/**
 * The attachments area (docs/product.md §2 /attachments, nav 'Documentos'): the files given to this
 * student (`GET attachments/authorized`) and the platform's documents (`GET
 * documents/attachments` with params) filtered by category (`GET documents/categories`) and
 * searched by name, the filters and page kept in the URL (`?category=ID&q=…&page=N`). Each
 * file opens at /attachment/{id}, where its start and end are recorded. Below them, the
 * certificates and documents the student can issue (`CertificatesSection`).
 */
import { useId } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'wouter';
import { keepPreviousData, queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { getAuthorizedAttachments, getDocumentCategories, getDocuments } from '../../services/api/attachments';
import { attachmentKeys } from '../../services/api/keys/attachments';
import type { DocumentsQuery, StudentAttachment } from '../../services/contract/attachments';
import { documentsApiQuery, documentsUrlQuery, parseDocumentsQuery } from './url-query';
import { fileTypeLabel, formatFileSize } from '../components/file-format';
import { ListFilter, PageGone, Pagination, usePageFocus } from '../components/list-filter';
import FolderOpen from 'lucide-react/icons/folder-open';
import { EmptyState, EmptyStateMessages } from '../components/empty-state';
import { Skeleton } from '../components/skeleton';
import { QueryError } from '../components/query-error';
import { usePageTitle } from '../components/use-page-title';
import { useUrlQuery } from '../components/use-url-query';
import { ATTACHMENT_STATUS_TEXT, AttachmentsAreaMessages as M } from './messages';
import { CertificatesSection } from '../certificates/section';
import { ROUTE_PATHS } from '../../services/navigation/routes';
import { attachmentLink } from '../../services/navigation/links';
import { useContentVisible } from '../components/use-content-visible';

/** The screen's reads: the student's own files, the documents' categories, a page of documents. */
const mineQuery = queryOptions({
  queryKey: attachmentKeys.areaMine,
  queryFn: ({ signal }) => getAuthorizedAttachments(signal),
});
const categoriesQuery = queryOptions({
  queryKey: attachmentKeys.areaCategories,
  queryFn: ({ signal }) => getDocumentCategories(signal),
});
const documentsQuery = (apiQuery: DocumentsQuery) =>
  queryOptions({
    queryKey: attachmentKeys.areaDocuments(apiQuery),
    queryFn: ({ signal }) => getDocuments(apiQuery, signal),
  });

/**
 * The screen's startup read (src/app/startup-reads.ts, `reads: 'screen'` in the route table),
 * asked for as soon as the app has booted on a page load of this screen — while the saved reads
 * are restored and the screen's code starts — with the same query options as the screen, so the
 * screen finds the answer in the query cache. The student's own files, the
 * categories, and the documents' page the address's `search` (`?category=…&page=…`, or '') shows.
 * Resolves once settled; never rejects (a failure is left to the screen).
 */
export async function prefetchReads(client: QueryClient, search: string): Promise<void> {
  await Promise.all([
    client.prefetchQuery(mineQuery),
    client.prefetchQuery(categoriesQuery),
    client.prefetchQuery(documentsQuery(documentsApiQuery(parseDocumentsQuery(search)))),
  ]);
}

export default function AttachmentsScreen() {
  const intl = useIntl();
  const title = intl.formatMessage(M.title);
  usePageTitle(title);
  const mine = useQuery(mineQuery);
  const mineHeading = useId();
  useContentVisible('attachments', mine.data !== undefined);

  return (
    <section className="page">
      <h1>{title}</h1>
      <section aria-labelledby={mineHeading}>
        <h2 id={mineHeading}>{intl.formatMessage(M.mineTitle)}</h2>
        {mine.isPending && <Skeleton kind="row" count={3} />}
        {mine.isError && <QueryError error={mine.error} onRetry={() => void mine.refetch()} />}
        {mine.data && mine.data.length === 0 && (
          <EmptyState
            icon={FolderOpen}
            title={intl.formatMessage(M.mineEmpty)}
            text={intl.formatMessage(M.mineEmptyHint)}
          />
        )}
        {mine.data && mine.data.length > 0 && <FileList files={mine.data} />}
      </section>
      {/* Mounted at once (their reads start now) but shown once the student's own files are in:
          that list's height is unknown until then, and the sections below would jump (CLS). */}
      <div hidden={mine.isPending}>
        <Documents />
        <CertificatesSection />
      </div>
    </section>
  );
}

/** The platform's documents with category filter, search and pages. */
function Documents() {
  const intl = useIntl();
  const { query: urlQuery, hrefWith, apply, clear } = useUrlQuery(documentsUrlQuery);
  const { category, q, page } = urlQuery;
  const heading = useId();
  const categories = useQuery(categoriesQuery);
  const apiQuery = documentsApiQuery(urlQuery);
  const documents = useQuery({ ...documentsQuery(apiQuery), placeholderData: keepPreviousData });

  const filtered = category !== null || q !== '';
  const data = documents.data;
  const settled = data !== undefined && !documents.isPlaceholderData;
  const { resultsRef, onNavigate } = usePageFocus(settled);

  return (
    <section aria-labelledby={heading}>
      <h2 id={heading}>{intl.formatMessage(M.docsTitle)}</h2>
      <ListFilter
        label={intl.formatMessage(M.filters)}
        search={{ label: intl.formatMessage(M.search), value: q }}
        submitLabel={intl.formatMessage(M.submit)}
        selects={[
          {
            name: 'category',
            label: intl.formatMessage(M.category),
            value: category === null ? '' : String(category),
            options: [
              { value: '', label: intl.formatMessage(M.allCategories) },
              ...(categories.data ?? []).map((c) => ({
                value: String(c.id),
                label: intl.formatMessage(M.categoryOption, { name: c.name, count: c.count }),
              })),
            ],
          },
        ]}
        onApply={({ search, selects }) => apply({ q: search, category: Number(selects['category']) || null })}
        results={settled ? intl.formatMessage(M.count, { count: data.pagination.total }) : ''}
        page={settled ? { page, last: data.pagination.last_page } : undefined}
        noMatch={
          data && data.data.length === 0 && filtered
            ? { text: intl.formatMessage(M.noMatch), clearLabel: intl.formatMessage(M.clear) }
            : null
        }
        onClear={() => clear()}
        resultsRef={resultsRef}
      />
      {categories.isError && <QueryError error={categories.error} onRetry={() => void categories.refetch()} />}
      {documents.isPending && <Skeleton kind="row" count={5} />}
      {documents.isError && <QueryError error={documents.error} onRetry={() => void documents.refetch()} />}
      {data && data.pagination.total === 0 && !filtered && (
        <EmptyState
          icon={FolderOpen}
          title={intl.formatMessage(M.docsEmpty)}
          text={intl.formatMessage(M.docsEmptyHint)}
          action={{ label: intl.formatMessage(EmptyStateMessages.seeCourses), href: ROUTE_PATHS.courses }}
        />
      )}
      {data && data.data.length === 0 && data.pagination.total > 0 && <PageGone firstHref={hrefWith({ page: 1 })} />}
      {data && data.data.length > 0 && <FileList files={data.data} busy={documents.isFetching} />}
      {data && data.data.length > 0 && (
        <Pagination
          label={intl.formatMessage(M.pagination)}
          page={page}
          last={data.pagination.last_page}
          hrefFor={(n) => hrefWith({ page: n })}
          onNavigate={onNavigate}
        />
      )}
    </section>
  );
}

/** Files as links to /attachment/{id}, with category, type, size and whether the student saw them. */
function FileList({ files, busy = false }: { files: StudentAttachment[]; busy?: boolean }) {
  const intl = useIntl();
  return (
    <ul className="item-list" aria-busy={busy}>
      {files.map((file) => (
        <li key={file.id} className={`item item-${file.status}`}>
          <Link href={attachmentLink(file.id)} className="item-title">
            {file.name}
          </Link>
          <p className="muted">
            {[file.category_name, fileTypeLabel(intl, file), formatFileSize(intl, file.size_bytes)]
              .filter(Boolean)
              .join(' · ')}
            {' · '}
            <span className={`badge badge-${file.status}`}>
              {intl.formatMessage(ATTACHMENT_STATUS_TEXT[file.status])}
            </span>
          </p>
        </li>
      ))}
    </ul>
  );
}
