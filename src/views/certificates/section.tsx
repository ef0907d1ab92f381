/**
 * "Documentos e certificados" (docs/product.md §3 document contracts, §7 certificates base):
 * for each of the student's contracts, its course and three buttons that issue the enrollment
 * statement, the course curriculum and the student ID card as PDFs. While a document is issued
 * its button says 'Gerando…' (`aria-busy`) and a polite status tells what happens; the PDF
 * opens in a new tab (an object URL; if the browser blocks the tab, the status says so) and a
 * download link with a meaningful file name (`declaracao-de-matricula-<course>.pdf`) appears;
 * a failure shows its reason in an alert. Offline, the buttons are disabled and the reason is
 * shown. The student's graduation courses (`GET /grad/courses/?erp_user_id`) are
 * listed when there are any. Object URLs are revoked when replaced and on unmount.
 *
 * Self-contained: mount `<CertificatesSection />` on any signed-in screen (the /attachments
 * screen, nav 'Documentos'); it reads through TanStack Query and needs IntlProvider and
 * QueryClientProvider above it.
 */
import { useEffect, useId, useState } from 'react';
import { useIntl, type IntlShape, type MessageDescriptor } from 'react-intl';
import { useMutation, useQuery } from '@tanstack/react-query';
import { getDocumentContracts, getGradCourses, postIssueDocument } from '../../services/api/certificates';
import type { DocumentContract, DocumentKind, GradCourse } from '../../services/contract/certificates';
import { CommonMessages } from '../components/messages';
import { describeError } from '../components/query-error';
import Award from 'lucide-react/icons/award';
import Download from 'lucide-react/icons/download';
import RotateCw from 'lucide-react/icons/rotate-cw';
import { EmptyState, EmptyStateMessages } from '../components/empty-state';
import { Skeleton } from '../components/skeleton';
import { useOnline } from '../components/use-online';
import { OfflineActionNotice } from '../components/offline-action-notice';
import { CertificatesMessages as M } from './messages';
import styles from './section.module.css';
import { ROUTE_PATHS } from '../../services/navigation/routes';

/** The documents of a contract, in the order of their buttons. */
export const DOCUMENT_KINDS: readonly DocumentKind[] = ['enrollment_statement', 'course_curriculum', 'id_card'];

const LABELS: Record<DocumentKind, { label: MessageDescriptor; inSentence: MessageDescriptor; fileStem: string }> = {
  enrollment_statement: {
    label: M.enrollmentStatement,
    inSentence: M.enrollmentStatementThe,
    fileStem: 'declaracao-de-matricula',
  },
  course_curriculum: { label: M.courseCurriculum, inSentence: M.courseCurriculumThe, fileStem: 'matriz-curricular' },
  id_card: { label: M.idCard, inSentence: M.idCardThe, fileStem: 'carteirinha-de-estudante' },
};

/** "Bacharelado em Administração" → "bacharelado-em-administracao" (no accents, lowercase, dashes). */
export function slugify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/**
 * Meaningful download name of a document: `<document>-<course slug>.pdf`, e.g.
 * `declaracao-de-matricula-bacharelado-em-administracao.pdf` (the contract id when the
 * course name has no letters or digits).
 */
export function documentFileName(kind: DocumentKind, contract: Pick<DocumentContract, 'course_name' | 'contract_id'>) {
  return `${LABELS[kind].fileStem}-${slugify(contract.course_name) || contract.contract_id}.pdf`;
}

/** Query keys of the section's reads. */
export const certificatesQueryKeys = {
  contracts: ['certificates', 'contracts'] as const,
  gradCourses: (erpUserId: number | null) => ['certificates', 'grad-courses', erpUserId] as const,
};

const dayFormat = (intl: IntlShape, day: string) =>
  intl.formatDate(new Date(`${day}T00:00:00Z`), { dateStyle: 'short', timeZone: 'UTC' });

/** The "Documentos e certificados" section (an `<h2>` titled region). */
export function CertificatesSection() {
  const intl = useIntl();
  const online = useOnline();
  const headingId = useId();
  const offlineId = useId();
  const contracts = useQuery({
    queryKey: certificatesQueryKeys.contracts,
    queryFn: ({ signal }) => getDocumentContracts(signal),
  });
  const list = contracts.data;

  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId}>{intl.formatMessage(M.title)}</h2>
      <p className="muted">{intl.formatMessage(M.intro)}</p>
      <OfflineActionNotice id={offlineId} online={online} className={`notice ${styles.offline}`} />
      {contracts.isPending && <Skeleton kind="row" count={2} label={intl.formatMessage(M.loading)} />}
      {contracts.isError && (
        <div className="notice notice-error" role="alert">
          <p>{intl.formatMessage(M.error, { message: describeError(intl, contracts.error) })}</p>
          <button type="button" className="button icon-button-text" onClick={() => void contracts.refetch()}>
            <RotateCw aria-hidden="true" size={20} />
            {intl.formatMessage(CommonMessages.retry)}
          </button>
        </div>
      )}
      {list && list.length === 0 && (
        <EmptyState
          icon={Award}
          title={intl.formatMessage(M.empty)}
          text={intl.formatMessage(M.emptyHint)}
          action={{ label: intl.formatMessage(EmptyStateMessages.seeCourses), href: ROUTE_PATHS.courses }}
        />
      )}
      {list && list.length > 0 && (
        <ul className={styles.contracts}>
          {list.map((contract) => (
            <ContractItem
              key={contract.contract_id}
              contract={contract}
              online={online}
              offlineReasonId={online ? undefined : offlineId}
            />
          ))}
        </ul>
      )}
      {list && <GradCourses erpUserId={list.find((c) => c.erp_user_id !== null)?.erp_user_id ?? null} />}
    </section>
  );
}

function ContractItem({
  contract,
  online,
  offlineReasonId,
}: {
  contract: DocumentContract;
  online: boolean;
  offlineReasonId: string | undefined;
}) {
  const intl = useIntl();
  const titleId = useId();
  const status = intl.formatMessage(contract.status === 'active' ? M.statusActive : M.statusCompleted);
  return (
    <li className={styles.contract}>
      <h3 id={titleId} className={styles.course}>
        {contract.course_name}
      </h3>
      <p className={styles.meta}>
        {intl.formatMessage(M.contractMeta, {
          contractId: contract.contract_id,
          status,
          enrolledOn: dayFormat(intl, contract.enrolled_on),
        })}
      </p>
      <ul
        className={styles.documents}
        aria-label={intl.formatMessage(M.actionsLabel, { course: contract.course_name })}
      >
        {DOCUMENT_KINDS.map((kind) => (
          <IssueDocument
            key={kind}
            kind={kind}
            contract={contract}
            online={online}
            describedBy={[titleId, offlineReasonId].filter(Boolean).join(' ')}
          />
        ))}
      </ul>
    </li>
  );
}

/** One document of one contract: its button, its status, its download link or its error. */
function IssueDocument({
  kind,
  contract,
  online,
  describedBy,
}: {
  kind: DocumentKind;
  contract: DocumentContract;
  online: boolean;
  describedBy: string;
}) {
  const intl = useIntl();
  const [file, setFile] = useState<{ url: string; opened: boolean } | null>(null);
  const issue = useMutation({
    mutationFn: () => postIssueDocument(kind, contract.contract_id),
    onMutate: () => setFile(null),
    onSuccess: (blob) => {
      const url = URL.createObjectURL(blob);
      const tab = window.open(url, '_blank');
      setFile({ url, opened: Boolean(tab) });
    },
  });
  // The PDF's object URL lives while its link is shown: revoked when replaced or on unmount.
  useEffect(() => (file ? () => URL.revokeObjectURL(file.url) : undefined), [file]);

  const label = intl.formatMessage(LABELS[kind].label);
  const docName = intl.formatMessage(LABELS[kind].inSentence);
  const busy = issue.isPending;
  const statusText = busy
    ? intl.formatMessage(M.progress, { document: docName })
    : file
      ? intl.formatMessage(file.opened ? M.opened : M.popupBlocked, { document: docName })
      : '';

  return (
    <li className={styles.document}>
      <button
        type="button"
        className="button"
        disabled={!online}
        aria-disabled={busy || undefined}
        aria-busy={busy || undefined}
        aria-describedby={describedBy}
        onClick={() => {
          if (!busy) issue.mutate();
        }}
      >
        {busy ? (
          <>
            {intl.formatMessage(M.busy)} <span className="sr-only">{label}</span>
          </>
        ) : (
          label
        )}
      </button>
      <p role="status" className={styles.status}>
        {statusText}
      </p>
      {file && !busy && (
        <a className={`icon-link ${styles.download}`} href={file.url} download={documentFileName(kind, contract)}>
          <Download aria-hidden="true" size={20} />
          {intl.formatMessage(M.download, { document: docName })}
        </a>
      )}
      {issue.isError && (
        <p role="alert" className={`notice notice-error ${styles.error}`}>
          {intl.formatMessage(M.failed, { document: docName, message: describeError(intl, issue.error) })}
        </p>
      )}
    </li>
  );
}

/** The student's graduation courses; nothing when they have none (or no ERP id). */
function GradCourses({ erpUserId }: { erpUserId: number | null }) {
  const intl = useIntl();
  const headingId = useId();
  const query = useQuery({
    queryKey: certificatesQueryKeys.gradCourses(erpUserId),
    queryFn: ({ signal }) => getGradCourses(erpUserId ?? 0, signal),
    enabled: erpUserId !== null,
  });
  if (erpUserId === null) return null;
  if (query.isPending) {
    return (
      <p role="status" className="muted">
        {intl.formatMessage(M.gradLoading)}
      </p>
    );
  }
  if (query.isError) {
    return (
      <div className="notice notice-error" role="alert">
        <p>{intl.formatMessage(M.gradError, { message: describeError(intl, query.error) })}</p>
        <button type="button" className="button icon-button-text" onClick={() => void query.refetch()}>
          <RotateCw aria-hidden="true" size={20} />
          {intl.formatMessage(CommonMessages.retry)}
        </button>
      </div>
    );
  }
  if (query.data.length === 0) return null;
  return (
    <div className={styles.grad} role="group" aria-labelledby={headingId}>
      <h3 id={headingId}>{intl.formatMessage(M.gradTitle)}</h3>
      <ul className={styles.gradList}>
        {query.data.map((course: GradCourse) => (
          <li key={course.id} className={styles.gradItem}>
            <span className={styles.course}>{course.name}</span>
            <span className={styles.meta}>
              {intl.formatMessage(M.gradMeta, { degree: course.degree, semesters: course.semesters })}
              {' · '}
              {course.status === 'completed' || course.current_semester === null
                ? intl.formatMessage(M.gradCompleted)
                : intl.formatMessage(M.gradInProgress, { semester: course.current_semester })}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
