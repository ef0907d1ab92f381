/**
 * Course page (docs/product.md §2 /courses/{course}): overall progress, 'Continuar' (to the server's
 * `continue_learning_object`: the last object opened, or the next incomplete one), the
 * modules with their progress and completion, and 'Reiniciar curso' (`POST
 * lms/courses/{id}/reset`) behind a confirmation dialog, 'Baixar para estudar offline' (docs/offline.md;
 * downloaded modules marked), and the course's "Materiais de apoio".
 */
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'wouter';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { postCourseReset } from '../../services/api/lms';
import { courseQuery } from '../../services/api/lms-queries';
import { invalidateAfterWrite } from '../../services/api/keys/write-effects';
import { ConfirmDialog } from '../components/confirm-dialog';
import { describeError } from '../components/query-error';
import { useResetBlockedReason } from '../outbox/pending';
import { Breadcrumb } from '../components/breadcrumb';
import { PageLoading } from '../components/page-loading';
import { ProgressBar } from '../components/progress-bar';
import { ContentQueryError } from '../components/query-error';
import { usePageTitle } from '../components/use-page-title';
import { parseId } from '../components/route-params';
import { learningObjectLink, moduleLink } from '../../services/navigation/links';
import NotFoundScreen from '../not-found/screen';
import { AttachmentsList, useAttachments } from '../components/attachments-list';
import { CourseMessages } from './messages';
import { OfflineDownload } from '../downloads/offline-download';
import { OfflineBadge } from '../downloads/badge';
import { ProgressWords } from '../components/vocabulary';
import { useContentVisible } from '../components/use-content-visible';

export default function CourseScreen({ courseId: rawCourseId }: { courseId: string }) {
  const intl = useIntl();
  const courseId = parseId(rawCourseId);
  const query = useQuery(courseQuery(courseId));
  // Started with the course's own read (same cache entry as the section below).
  useAttachments({ kind: 'course', id: courseId });
  usePageTitle(query.data?.name);
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [resetDone, setResetDone] = useState(false);
  const resetBlocked = useResetBlockedReason();
  const reset = useMutation({
    mutationFn: () => postCourseReset(courseId ?? 0),
    onSuccess: async () => {
      setConfirming(false);
      setResetDone(true);
      await invalidateAfterWrite(queryClient, 'course.reset');
    },
  });
  useContentVisible('course', courseId !== null && query.data !== undefined);
  if (courseId === null) return <NotFoundScreen />;
  if (query.isPending) return <PageLoading />;
  if (query.isError) return <ContentQueryError error={query.error} onRetry={() => void query.refetch()} />;

  const course = query.data;
  const firstModule = [...course.modules].sort((a, b) => a.position - b.position)[0];
  const target = course.continue_learning_object ?? course.last_learning_object;
  const continueHref = target
    ? learningObjectLink(course.id, target.module_id, target.id)
    : firstModule
      ? moduleLink(course.id, firstModule.id)
      : null;

  return (
    <section className="page">
      <Breadcrumb current={course.name} />
      <h1>{course.name}</h1>
      <p>{course.description}</p>
      <ProgressBar percent={course.progress} />
      <p className="actions">
        {continueHref && (
          <Link href={continueHref} className="button button-primary">
            {intl.formatMessage(target ? CourseMessages.continue : CourseMessages.start)}
          </Link>
        )}
        {/* Nothing to reset before anything was started. */}
        {(course.status !== 'not_started' || course.last_learning_object !== null || course.progress > 0) && (
          <button
            type="button"
            className="button button-secondary"
            onClick={() => {
              reset.reset();
              setResetDone(false);
              setConfirming(true);
            }}
          >
            {intl.formatMessage(CourseMessages.reset)}
          </button>
        )}
      </p>
      <OfflineDownload target={{ kind: 'course', id: course.id, name: course.name, courseId: course.id }} />
      <p role="status" className="status-done">
        {resetDone && intl.formatMessage(CourseMessages.resetDone)}
      </p>
      <ConfirmDialog
        open={confirming}
        title={intl.formatMessage(CourseMessages.resetTitle)}
        description={intl.formatMessage(CourseMessages.resetText)}
        confirmLabel={intl.formatMessage(CourseMessages.resetConfirm)}
        busyLabel={intl.formatMessage(CourseMessages.resetBusy)}
        busy={reset.isPending}
        blockedReason={resetBlocked}
        error={reset.isError ? describeError(intl, reset.error) : null}
        onConfirm={() => reset.mutate()}
        onCancel={() => setConfirming(false)}
      />
      <h2>{intl.formatMessage(CourseMessages.modulesTitle)}</h2>
      <ol className="item-list">
        {course.modules.map((module) => (
          <li key={module.id} className="item">
            <div className="item-main">
              <Link href={moduleLink(course.id, module.id)} className="item-title">
                {module.name}
              </Link>
              <span className="muted">
                {intl.formatMessage(CourseMessages.moduleLessons, { count: module.lessons_count })}
              </span>
              <OfflineBadge kind="module" id={module.id} />
            </div>
            {module.completed ? (
              <span className="badge badge-completed">{intl.formatMessage(ProgressWords.completed)}</span>
            ) : (
              <ProgressBar percent={module.progress} label={`${module.name}: ${module.progress}%`} />
            )}
          </li>
        ))}
      </ol>
      <AttachmentsList scope={{ kind: 'course', id: course.id }} />
    </section>
  );
}
