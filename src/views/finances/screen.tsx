/**
 * Finances (spec §2 /finances, §3 "Bills (with a pix payment)", §7 hub + ERP): the student's
 * bills from ERP `GET /bills`, grouped by status — 'Vencidas' (overdue, first: they need
 * action), 'Em aberto', 'Pagas' — and filterable by status. Amounts are cents of BRL shown as
 * 'R$ 349,90'; due dates as dd/mm/aaaa (pt-BR). Overdue bills say 'Vencida' in text (not
 * colour only). 'Pagar com Pix' opens the payment dialog (lazy, with the QR code library);
 * offline it is disabled and the reason is shown and linked to each button (issue 5).
 */
import { lazy, Suspense, useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { useQuery } from '@tanstack/react-query';
import { getBills } from '../../services/api/finances';
import type { Bill, BillStatus } from '../../services/contract/finances';
import { PageLoading } from '../components/page-loading';
import { QueryError } from '../components/query-error';
import { useOnline } from '../components/use-online';
import { OfflineActionNotice } from '../components/offline-action-notice';
import { usePageTitle } from '../components/use-page-title';
import { BILLS_QUERY_KEY, formatBRL, formatDay, formatInstantDay } from './bills';
import { FinancesMessages as M } from './messages';
import styles from './finances.module.css';

const PixPaymentDialog = lazy(() => import('./payment-dialog'));

/** Groups in display order, with their heading and badge texts. */
type GroupText = 'groupOverdue' | 'groupOpen' | 'groupPaid' | 'statusOverdue' | 'statusOpen' | 'statusPaid';
const GROUPS: readonly { status: BillStatus; heading: GroupText; badge: GroupText }[] = [
  { status: 'overdue', heading: 'groupOverdue', badge: 'statusOverdue' },
  { status: 'open', heading: 'groupOpen', badge: 'statusOpen' },
  { status: 'paid', heading: 'groupPaid', badge: 'statusPaid' },
];

type Filter = 'all' | BillStatus;

export default function FinancesScreen() {
  const intl = useIntl();
  const title = intl.formatMessage(M.title);
  usePageTitle(title);
  const online = useOnline();
  const ids = { filter: useId(), offline: useId() };
  const [filter, setFilter] = useState<Filter>('all');
  const [paying, setPaying] = useState<Bill | null>(null);
  const query = useQuery({ queryKey: BILLS_QUERY_KEY, queryFn: ({ signal }) => getBills(signal) });
  const bills = query.data;
  const groups = GROUPS.filter((g) => filter === 'all' || g.status === filter).map((g) => ({
    ...g,
    bills: (bills ?? []).filter((b) => b.status === g.status),
  }));

  return (
    <section className="page">
      <h1>{title}</h1>
      <p>{intl.formatMessage(M.intro)}</p>
      {query.isPending && <PageLoading />}
      {!bills && query.isError && <QueryError error={query.error} onRetry={() => void query.refetch()} />}
      {bills && bills.length === 0 && <p>{intl.formatMessage(M.empty)}</p>}
      {bills && bills.length > 0 && (
        <>
          <div className={`field ${styles.filter}`}>
            <label htmlFor={ids.filter}>{intl.formatMessage(M.filterLabel)}</label>
            <select id={ids.filter} value={filter} onChange={(event) => setFilter(event.target.value as Filter)}>
              <option value="all">{intl.formatMessage(M.filterAll)}</option>
              {GROUPS.map((g) => (
                <option key={g.status} value={g.status}>
                  {intl.formatMessage(M[g.heading])}
                </option>
              ))}
            </select>
          </div>
          <OfflineActionNotice id={ids.offline} online={online} />
          {groups.map((group) => (
            <BillGroup
              key={group.status}
              heading={intl.formatMessage(M[group.heading])}
              badge={intl.formatMessage(M[group.badge])}
              bills={group.bills}
              online={online}
              offlineReasonId={ids.offline}
              onPay={setPaying}
            />
          ))}
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
  bills: Bill[];
  online: boolean;
  offlineReasonId: string;
  onPay: (bill: Bill) => void;
}

function BillGroup({ heading, badge, bills, online, offlineReasonId, onPay }: BillGroupProps) {
  const intl = useIntl();
  const headingId = useId();
  if (bills.length === 0) return null;
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>
        {heading} <span className="muted">({bills.length})</span>
      </h2>
      <ul className={styles.list}>
        {bills.map((bill) => {
          const amount = formatBRL(intl, bill.amount_cents);
          return (
            <li key={bill.id} className={`${styles.bill} ${styles[bill.status] ?? ''}`}>
              <h3 className={styles.description}>{bill.description}</h3>
              <p className={styles.amount}>{intl.formatMessage(M.amount, { amount })}</p>
              <p className={styles.meta}>
                <span className={`badge ${styles.badge}`}>{badge}</span>{' '}
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
                  className="button button-primary"
                  disabled={!online}
                  aria-describedby={online ? undefined : offlineReasonId}
                  aria-label={intl.formatMessage(M.payLabel, { description: bill.description, amount })}
                  onClick={() => onPay(bill)}
                >
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
