/**
 * `/profissionalizante` (docs/product.md §2 "professionalizing home"): the platform's professionalizing
 * courses (main v1 `GET /lms/professionalizing/courses`) with the student's progress, each
 * linking to its course page. Cards use `card-grid` (rows of large cards on `streaming`).
 */
import { useIntl } from 'react-intl';
import { Link } from 'wouter';
import { useQuery } from '@tanstack/react-query';
import { getProfessionalizingCourses } from '../../services/api/home';
import { PageLoading } from '../components/page-loading';
import { ProgressBar } from '../components/progress-bar';
import { QueryError } from '../components/query-error';
import { usePageTitle } from '../components/use-page-title';
import { ScreenMessages } from '../components/screen-titles';
import { AreaMessages } from './messages';
import { areasKeys } from '../../services/api/keys/areas';
import { courseLink } from '../../services/navigation/links';

export default function ProfessionalizingScreen() {
  const intl = useIntl();
  const heading = intl.formatMessage(ScreenMessages.professionalizing);
  usePageTitle(heading);
  const query = useQuery({
    queryKey: areasKeys.professionalizing,
    queryFn: ({ signal }) => getProfessionalizingCourses(signal),
  });
  return (
    <section className="page">
      <h1>{heading}</h1>
      <p>{intl.formatMessage(AreaMessages.professionalizingIntro)}</p>
      {query.isPending && <PageLoading />}
      {query.isError && <QueryError error={query.error} onRetry={() => void query.refetch()} />}
      {query.data && query.data.length === 0 && <p>{intl.formatMessage(AreaMessages.professionalizingEmpty)}</p>}
      {query.data && query.data.length > 0 && (
        <ul className="card-grid">
          {query.data.map((course) => (
            <li key={course.id} className="card">
              <h2 className="card-title">
                <Link href={courseLink(course.id)}>{course.name}</Link>
              </h2>
              <p className="card-text">{course.description}</p>
              <ProgressBar percent={course.progress} label={`${course.name}: ${course.progress}%`} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
