/**
 * One course's grades (docs/product.md §2 /grades/course/{courseId}): main v1 `GET
 * /lms/student/grades/{id}/details`. A breadcrumb back to 'Minhas notas', the final (or, while
 * in progress, partial) grade, the passing grade and the status; what passing still takes, as
 * the platform says (`pass_outlook`): 'Para ser aprovado, você precisa de média 6,5 nas
 * avaliações restantes.', 'Você já atingiu a nota mínima.' or 'Não é mais possível atingir a
 * nota mínima neste curso.' (nothing when the course has no passing grade); then a table of
 * the assessments: name, weight (percent), date and grade or 'Aguardando nota'.
 */
import { useIntl } from 'react-intl';
import { Link } from 'wouter';
import { useQuery } from '@tanstack/react-query';
import { getGradeDetails } from '../../services/api/grades';
import type { GradeDetails } from '../../services/contract/grades';
import { CommonMessages } from '../components/messages';
import { PageLoading } from '../components/page-loading';
import { QueryError } from '../components/query-error';
import { parseId } from '../components/route-params';
import { usePageTitle } from '../components/use-page-title';
import NotFoundScreen from '../not-found/screen';
import { formatGrade, STATUS_BADGE } from './format';
import { GradeDetailsMessages, GradesMessages, GradeStatusMessages } from './messages';
import { AssessmentWords } from '../components/vocabulary';
import styles from './grades.module.css';
import { gradesKeys } from '../../services/api/keys/grades';
import { ROUTE_PATHS } from '../../services/navigation/routes';

export default function GradeDetailsScreen({ courseId: rawCourseId }: { courseId: string }) {
  const intl = useIntl();
  const courseId = parseId(rawCourseId);
  const query = useQuery({
    queryKey: gradesKeys.details(courseId),
    queryFn: ({ signal }) => getGradeDetails(courseId ?? 0, signal),
    enabled: courseId !== null,
  });
  usePageTitle(query.data?.course_name);
  if (courseId === null) return <NotFoundScreen />;
  if (query.isPending) return <PageLoading />;
  if (query.isError) return <QueryError error={query.error} onRetry={() => void query.refetch()} />;

  const details = query.data;
  const outlook = outlookText(intl, details);
  return (
    <section className="page">
      <nav aria-label={intl.formatMessage(CommonMessages.breadcrumb)} className="breadcrumb">
        <ol>
          <li>
            <Link href={ROUTE_PATHS.grades}>{intl.formatMessage(GradeDetailsMessages.breadcrumbRoot)}</Link>
          </li>
          <li aria-current="page">{details.course_name}</li>
        </ol>
      </nav>
      <h1>{details.course_name}</h1>
      <dl className={styles.summary}>
        <div>
          <dt>
            {intl.formatMessage(
              details.status === 'in_progress' ? GradeDetailsMessages.partialGrade : GradeDetailsMessages.finalGrade,
            )}
          </dt>
          <dd className={styles.number}>
            {details.final_grade === null
              ? intl.formatMessage(GradesMessages.noGrade)
              : formatGrade(intl, details.final_grade)}
          </dd>
        </div>
        {details.passing_grade !== null && (
          <div>
            <dt>{intl.formatMessage(GradeDetailsMessages.passingGrade)}</dt>
            <dd className={styles.number}>{formatGrade(intl, details.passing_grade)}</dd>
          </div>
        )}
        <div>
          <dt>{intl.formatMessage(GradeDetailsMessages.status)}</dt>
          <dd>
            <span className={STATUS_BADGE[details.status]}>
              {intl.formatMessage(GradeStatusMessages[details.status])}
            </span>
          </dd>
        </div>
      </dl>
      {outlook && <p className={styles.outlook}>{outlook}</p>}
      {details.assessments.length === 0 ? (
        <p>{intl.formatMessage(GradeDetailsMessages.noAssessments)}</p>
      ) : (
        // On a narrow screen each row becomes a stacked card, every value labelled by its column
        // (grades.module.css); a table still too wide scrolls inside this region, reachable by keyboard.
        <div
          className={styles.tableWrap}
          role="region"
          tabIndex={0}
          aria-label={intl.formatMessage(GradeDetailsMessages.assessments)}
        >
          <table className={styles.table}>
            <caption>{intl.formatMessage(GradeDetailsMessages.assessments)}</caption>
            <thead className={styles.stackedHidden}>
              <tr>
                <th scope="col">{intl.formatMessage(GradeDetailsMessages.columnName)}</th>
                <th scope="col">{intl.formatMessage(GradeDetailsMessages.columnWeight)}</th>
                <th scope="col">{intl.formatMessage(GradeDetailsMessages.columnDate)}</th>
                <th scope="col">{intl.formatMessage(GradeDetailsMessages.columnGrade)}</th>
              </tr>
            </thead>
            <tbody>
              {details.assessments.map((assessment) => (
                <tr key={assessment.id}>
                  <th scope="row">{assessment.name}</th>
                  <td className={styles.number} data-label={intl.formatMessage(GradeDetailsMessages.columnWeight)}>
                    {intl.formatNumber(assessment.weight / 100, { style: 'percent', maximumFractionDigits: 1 })}
                  </td>
                  <td className={styles.number} data-label={intl.formatMessage(GradeDetailsMessages.columnDate)}>
                    {assessment.date
                      ? intl.formatDate(assessment.date, { dateStyle: 'short' })
                      : intl.formatMessage(GradeDetailsMessages.noDate)}
                  </td>
                  <td
                    className={assessment.grade === null ? styles.pending : styles.number}
                    data-label={intl.formatMessage(GradeDetailsMessages.columnGrade)}
                  >
                    {assessment.grade === null
                      ? intl.formatMessage(AssessmentWords.awaitingGrade)
                      : formatGrade(intl, assessment.grade)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p>
        <Link href={ROUTE_PATHS.grades}>{intl.formatMessage(GradeDetailsMessages.backToList)}</Link>
      </p>
    </section>
  );
}

/** The "what you still need" sentence of `details.pass_outlook`; null when there is no passing grade. */
function outlookText(intl: ReturnType<typeof useIntl>, details: GradeDetails): string | null {
  switch (details.pass_outlook) {
    case 'needed':
      return details.needed_to_pass === null
        ? null
        : intl.formatMessage(GradeDetailsMessages.needed, { grade: formatGrade(intl, details.needed_to_pass) });
    case 'reached':
      return intl.formatMessage(GradeDetailsMessages.reached);
    case 'unreachable':
      return intl.formatMessage(GradeDetailsMessages.unreachable);
    case 'none':
      return null;
  }
}
