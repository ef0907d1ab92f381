/**
 * Course page (spec §2 /courses/{course}): overall progress, 'Continuar' to the last
 * learning object opened (or the first module when none), and the modules with their
 * progress and completion.
 */
import { useIntl } from 'react-intl';
import { Link } from 'wouter';
import { useQuery } from '@tanstack/react-query';
import { getCourse } from '../../services/api/lms';
import { CommonMessages } from '../components/messages';
import { Breadcrumb } from '../components/breadcrumb';
import { PageLoading } from '../components/page-loading';
import { ProgressBar } from '../components/progress-bar';
import { QueryError } from '../components/query-error';
import { usePageTitle } from '../components/use-page-title';
import { learningObjectPath, parseId } from '../components/route-params';
import NotFoundScreen from '../not-found/screen';
import { CourseMessages } from './messages';

export default function CourseScreen({ courseId: rawCourseId }: { courseId: string }) {
  const intl = useIntl();
  const courseId = parseId(rawCourseId);
  const query = useQuery({
    queryKey: ['course', courseId],
    queryFn: ({ signal }) => getCourse(courseId ?? 0, signal),
    enabled: courseId !== null,
  });
  usePageTitle(query.data?.name);
  if (courseId === null) return <NotFoundScreen />;
  if (query.isPending) return <PageLoading />;
  if (query.isError) return <QueryError error={query.error} onRetry={() => void query.refetch()} />;

  const course = query.data;
  const firstModule = [...course.modules].sort((a, b) => a.position - b.position)[0];
  const last = course.last_learning_object;
  const continueHref = last
    ? learningObjectPath(course.id, last.module_id, last.id)
    : firstModule
      ? `/courses/${course.id}/modules/${firstModule.id}`
      : null;

  return (
    <section className="page">
      <Breadcrumb current={course.name} />
      <h1>{course.name}</h1>
      <p>{course.description}</p>
      <ProgressBar percent={course.progress} />
      {continueHref && (
        <p>
          <Link href={continueHref} className="button button-primary">
            {intl.formatMessage(last ? CourseMessages.continue : CourseMessages.start)}
          </Link>
        </p>
      )}
      <h2>{intl.formatMessage(CourseMessages.modulesTitle)}</h2>
      <ol className="item-list">
        {course.modules.map((module) => (
          <li key={module.id} className="item">
            <div className="item-main">
              <Link href={`/courses/${course.id}/modules/${module.id}`} className="item-title">
                {module.name}
              </Link>
              <span className="muted">
                {intl.formatMessage(CourseMessages.moduleLessons, { count: module.lessons_count })}
              </span>
            </div>
            {module.completed ? (
              <span className="badge badge-completed">{intl.formatMessage(CommonMessages.completed)}</span>
            ) : (
              <ProgressBar percent={module.progress} label={`${module.name}: ${module.progress}%`} />
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
