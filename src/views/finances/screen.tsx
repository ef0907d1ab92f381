/**
 * Finances (docs/product.md §2 /finances, §3 "Bills (with a pix payment)", §7 hub + ERP): the student's
 * bills from ERP `GET /bills`, grouped by status — 'Vencidas' (overdue, first: they need
 * action, oldest first), 'Em aberto' (soonest first), 'Pagas' (newest first) — filterable by
 * status and due year and cut into pages of `BILLS_PER_PAGE` (the API is not paginated; docs/long-lists.md), all
 * kept in the URL (`?status=…&year=YYYY&page=N`); the count shown is announced. Amounts are
 * cents of BRL shown as 'R$ 349,90'; due dates as dd/mm/aaaa (pt-BR). Overdue bills say 'Vencida' in text (not
 * colour only). 'Pagar com Pix' opens the payment dialog (lazy, with the QR code library; its code
 * and the payment effects are downloaded, not run, in idle time while a payable bill is shown —
 * not with 'Economia de dados' on nor on a 2G-class connection);
 * offline it is disabled and the reason is shown and linked to each button (docs/offline.md).
 */
import { Suspense, useEffect, useId, useState } from 'react';
import { retryableLazy } from '../components/retryable-lazy';
import { useIntl } from 'react-intl';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { getBills } from '../../services/api/finances';
import type { Bill, BillStatus } from '../../services/contract/finances';
import { ListFilter, PageGone, Pagination, usePageFocus } from '../components/list-filter';
import QrCode from 'lucide-react/icons/qr-code';
import ReceiptText from 'lucide-react/icons/receipt-text';
import { EmptyState, EmptyStateMessages } from '../components/empty-state';
import { Skeleton } from '../components/skeleton';
import { QueryError } from '../components/query-error';
import { useOnline } from '../components/use-online';
import { OfflineActionNotice } from '../components/offline-action-notice';
import { usePageTitle } from '../components/use-page-title';
import { useUrlQuery } from '../components/use-url-query';
import { useAppServices } from '../app-services';
import { useDataSaver } from '../components/use-data-saver';
import {
  BILL_BADGE,
  BILLS_QUERY_KEY,
  billsUrlQuery,
  formatBRL,
  formatDay,
  formatInstantDay,
  pageOfBills,
} from './bills';
import { FinancesMessages as M } from './messages';
import { BillGroupWords, BillStateWords } from '../components/vocabulary';
import styles from './finances.module.css';
import { ROUTE_PATHS } from '../../services/navigation/routes';
import { useContentVisible } from '../components/use-content-visible';

const PixPaymentDialog = retryableLazy(() => import('./payment-dialog'));

/**
 * While the student reads a list with a bill to pay (online), downloads in idle time, without
 * running it, what 'Pagar com Pix' needs before it can show anything: the dialog's code and the
 * payment effects it loads (`AppServices.prefetchPayments`) — two round trips in a row after the
 * tap otherwise. Like the next screens' code (src/app/prefetch-routes.ts), not with 'Economia de
 * dados' on nor on a 2G-class connection: there the tap loads them. The QR code library still
 * loads with the charge, which needs a round trip of its own anyway.
 * @param payable true when a payable (open or overdue) bill is shown and the platform can be reached.
 */
function usePaymentPrefetch(payable: boolean): void {
  const { prefetchPayments } = useAppServices();
  const dataSaver = useDataSaver();
  useEffect(() => {
    if (!payable || dataSaver) return undefined;
    const left = new AbortController();
    prefetchPayments(left.signal);
    return () => left.abort();
  }, [payable, dataSaver, prefetchPayments]);
}

/** Groups in display order; their headings and badges say the state in the vocabulary's words. */
const GROUPS: readonly { status: BillStatus }[] = [{ status: 'overdue' }, { status: 'open' }, { status: 'paid' }];

/** The student's bills (the hub's ERP token, then the ERP's `GET /bills`, services/api/finances.ts). */
const billsQuery = queryOptions({ queryKey: BILLS_QUERY_KEY, queryFn: ({ signal }) => getBills(signal) });

/**
 * The screen's startup read (src/app/startup-reads.ts, `reads: 'screen'` in the route table),
 * asked for as soon as the app has booted on a page load of this screen — while the saved reads
 * are restored and the screen's code starts — with the same query options as the screen, so the
 * screen finds the answer in the query cache. Every bill (the screen pages them itself).
 * Resolves once settled; never rejects (a failure is left to the screen).
 */
export function prefetchReads(client: QueryClient): Promise<void> {
  return client.prefetchQuery(billsQuery);
}

export default function FinancesScreen() {
  const intl = useIntl();
  const title = intl.formatMessage(M.title);
  usePageTitle(title);
  const online = useOnline();
  const ids = { offline: useId() };
  const { query: urlQuery, hrefWith, apply, clear } = useUrlQuery(billsUrlQuery);
  const [paying, setPaying] = useState<Bill | null>(null);
  const query = useQuery(billsQuery);
  const bills = query.data;
  const shown = bills ? pageOfBills(bills, urlQuery) : null;
  const { resultsRef, onNavigate } = usePageFocus(shown !== null);
  useContentVisible('finances', shown !== null);
  const filtered = urlQuery.status !== null || urlQuery.year !== null;
  const groups = GROUPS.map((g) => ({ ...g, bills: (shown?.bills ?? []).filter((b) => b.status === g.status) }));
  usePaymentPrefetch(online && (shown?.bills.some((b) => b.status !== 'paid') ?? false));

  return (
    <section className="page">
      <h1>{title}</h1>
      <p>{intl.formatMessage(M.intro)}</p>
      {query.isPending && <Skeleton kind="card" count={4} className={styles.list} />}
      {!bills && query.isError && <QueryError error={query.error} onRetry={() => void query.refetch()} />}
      {bills && bills.length === 0 && (
        <EmptyState
          icon={ReceiptText}
          title={intl.formatMessage(M.empty)}
          text={intl.formatMessage(M.emptyHint)}
          action={{ label: intl.formatMessage(EmptyStateMessages.goHome), href: ROUTE_PATHS.home }}
        />
      )}
      {bills && shown && bills.length > 0 && (
        <>
          <ListFilter
            label={intl.formatMessage(M.filters)}
            selects={[
              {
                name: 'status',
                label: intl.formatMessage(M.filterLabel),
                value: urlQuery.status ?? '',
                options: [
                  { value: '', label: intl.formatMessage(M.filterAll) },
                  ...GROUPS.map((g) => ({ value: g.status, label: intl.formatMessage(BillGroupWords[g.status]) })),
                ],
              },
              // Years only when there is more than one to choose from.
              ...(shown.years.length > 1
                ? [
                    {
                      name: 'year',
                      label: intl.formatMessage(M.yearLabel),
                      value: urlQuery.year === null ? '' : String(urlQuery.year),
                      options: [
                        { value: '', label: intl.formatMessage(M.yearAll) },
                        ...shown.years.map((y) => ({ value: String(y), label: String(y) })),
                      ],
                    },
                  ]
                : []),
            ]}
            onApply={({ selects }) =>
              apply({
                status: (selects['status'] || null) as BillStatus | null,
                year: Number(selects['year']) || null,
              })
            }
            results={
              shown.bills.length > 0 && shown.bills.length < shown.total
                ? intl.formatMessage(M.countPart, { shown: shown.bills.length, total: shown.total })
                : intl.formatMessage(M.count, { count: shown.total })
            }
            page={{ page: urlQuery.page, last: shown.last }}
            noMatch={
              shown.total === 0 && filtered
                ? { text: intl.formatMessage(M.noMatch), clearLabel: intl.formatMessage(M.clear) }
                : null
            }
            onClear={() => clear()}
            resultsRef={resultsRef}
          />
          <OfflineActionNotice id={ids.offline} online={online} />
          {shown.bills.length === 0 && shown.total > 0 && <PageGone firstHref={hrefWith({ page: 1 })} />}
          {groups.map((group) => (
            <BillGroup
              key={group.status}
              heading={intl.formatMessage(BillGroupWords[group.status])}
              badge={intl.formatMessage(BillStateWords[group.status])}
              total={shown.totals[group.status]}
              bills={group.bills}
              online={online}
              offlineReasonId={ids.offline}
              onPay={setPaying}
            />
          ))}
          {shown.bills.length > 0 && (
            <Pagination
              label={intl.formatMessage(M.pagination)}
              page={urlQuery.page}
              last={shown.last}
              hrefFor={(n) => hrefWith({ page: n })}
              onNavigate={onNavigate}
            />
          )}
        </>
      )}
      {paying && (
        <Suspense fallback={null}>
          <PixPaymentDialog key={paying.id} bill={paying} onClose={() => setPaying(null)} />
        </Suspense>
      )}
    </section>
  );
}

interface BillGroupProps {
  heading: string;
  badge: string;
  /** Bills of this status over every page (the heading's count). */
  total: number;
  /** Bills of this status on the page shown. */
  bills: Bill[];
  online: boolean;
  offlineReasonId: string;
  onPay: (bill: Bill) => void;
}

function BillGroup({ heading, badge, total, bills, online, offlineReasonId, onPay }: BillGroupProps) {
  const intl = useIntl();
  const headingId = useId();
  if (bills.length === 0) return null;
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>
        {heading} <span className="muted">({total})</span>
      </h2>
      <ul className={styles.list}>
        {bills.map((bill) => {
          const amount = formatBRL(intl, bill.amount_cents);
          return (
            <li key={bill.id} className={`${styles.bill} ${styles[bill.status] ?? ''}`}>
              <h3 className={styles.description}>{bill.description}</h3>
              <p className={styles.amount}>{intl.formatMessage(M.amount, { amount })}</p>
              <p className={styles.meta}>
                <span className={BILL_BADGE[bill.status]}>{badge}</span>{' '}
                <span>{intl.formatMessage(M.dueDate, { date: formatDay(intl, bill.due_date) })}</span>
                {bill.paid_at && (
                  <>
                    {' · '}
                    <span>{intl.formatMessage(M.paidAt, { date: formatInstantDay(intl, bill.paid_at) })}</span>
                  </>
                )}
              </p>
              {bill.status !== 'paid' && (
                <button
                  type="button"
                  className="button button-primary icon-button-text"
                  disabled={!online}
                  aria-describedby={online ? undefined : offlineReasonId}
                  aria-label={intl.formatMessage(M.payLabel, { description: bill.description, amount })}
                  onClick={() => onPay(bill)}
                >
                  <QrCode aria-hidden="true" size={20} />
                  {intl.formatMessage(M.pay)}
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
