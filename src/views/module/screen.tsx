/**
 * Module page (docs/product.md §2 /courses/{course}/modules/{module}): lessons with their
 * learning objects, each with its type and status; a lesson is ticked only when
 * every learning object in it is complete; 'Baixar para estudar offline' (docs/offline.md); then the
 * module's "Materiais de apoio".
 */
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'wouter';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { putLessonReset } from '../../services/api/lms';
import { moduleQuery } from '../../services/api/lms-queries';
import { invalidateAfterWrite } from '../../services/api/keys/write-effects';
import { ConfirmDialog } from '../components/confirm-dialog';
import { describeError } from '../components/query-error';
import type { LearningObjectStatus } from '../../services/contract/lms';
import { TYPE_TEXT } from './shared';
import { Breadcrumb } from '../components/breadcrumb';
import { PageLoading } from '../components/page-loading';
import { ProgressBar } from '../components/progress-bar';
import { ContentQueryError } from '../components/query-error';
import { usePageTitle } from '../components/use-page-title';
import { parseId } from '../components/route-params';
import { courseLink, learningObjectLink } from '../../services/navigation/links';
import { markCompleted, usePendingCompletions, useResetBlockedReason } from '../outbox/pending';
import NotFoundScreen from '../not-found/screen';
import { AttachmentsList, useAttachments } from '../components/attachments-list';
import { ModuleMessages } from './messages';
import { ModuleResetMessages } from './reset-messages';
import { OfflineDownload } from '../downloads/offline-download';
import { useContentVisible } from '../components/use-content-visible';

// Shared with the viewer and the preview, which must not load this screen with theirs (docs/performance.md).
export { moduleQueryKey, TYPE_TEXT } from './shared';

const STATUS_TEXT: Record<LearningObjectStatus, keyof typeof ModuleMessages> = {
  completed: 'objectDone',
  started: 'objectStarted',
  not_started: 'objectNew',
};

export default function ModuleScreen({
  courseId: rawCourse,
  moduleId: rawModule,
}: {
  courseId: string;
  moduleId: string;
}) {
  const intl = useIntl();
  const courseId = parseId(rawCourse);
  const moduleId = parseId(rawModule);
  const query = useQuery({ ...moduleQuery(moduleId), enabled: moduleId !== null && courseId !== null });
  // Started with the module's own read (same cache entry as the section below).
  useAttachments({ kind: 'module', id: courseId === null ? null : moduleId });
  const pendingCompletions = usePendingCompletions();
  usePageTitle(query.data?.name);
  const queryClient = useQueryClient();
  const resetBlocked = useResetBlockedReason();
  const [confirming, setConfirming] = useState<{ id: number; name: string } | null>(null);
  const [resetDone, setResetDone] = useState<string | null>(null);
  const reset = useMutation({
    mutationFn: (lesson: { id: number; name: string }) => putLessonReset(lesson.id),
    onSuccess: async (_, lesson) => {
      setConfirming(null);
      setResetDone(lesson.name);
      await invalidateAfterWrite(queryClient, 'lesson.reset');
    },
  });
  useContentVisible('module', courseId !== null && moduleId !== null && query.data !== undefined);
  if (courseId === null || moduleId === null) return <NotFoundScreen />;
  if (query.isPending) return <PageLoading />;
  if (query.isError) return <ContentQueryError error={query.error} onRetry={() => void query.refetch()} />;
  const module = markCompleted(query.data, pendingCompletions);

  return (
    <section className="page">
      <Breadcrumb trail={[{ href: courseLink(module.course_id), label: module.course_name }]} current={module.name} />
      <h1>{module.name}</h1>
      <ProgressBar percent={module.progress} />
      <OfflineDownload target={{ kind: 'module', id: module.id, name: module.name, courseId: module.course_id }} />
      <p role="status" className="status-done">
        {resetDone !== null && intl.formatMessage(ModuleResetMessages.resetDone, { lesson: resetDone })}
      </p>
      <ConfirmDialog
        open={confirming !== null}
        title={intl.formatMessage(ModuleResetMessages.resetTitle, { lesson: confirming?.name ?? '' })}
        description={intl.formatMessage(ModuleResetMessages.resetText)}
        confirmLabel={intl.formatMessage(ModuleResetMessages.resetConfirm)}
        busyLabel={intl.formatMessage(ModuleResetMessages.resetBusy)}
        busy={reset.isPending}
        blockedReason={resetBlocked}
        error={reset.isError ? describeError(intl, reset.error) : null}
        onConfirm={() => confirming && reset.mutate(confirming)}
        onCancel={() => setConfirming(null)}
      />
      {module.lessons.map((lesson) => (
        <section key={lesson.id} className="lesson" aria-labelledby={`lesson-${lesson.id}`}>
          <div className="lesson-head">
            <h2 id={`lesson-${lesson.id}`} className="lesson-title">
              {lesson.name}
              {lesson.completed && (
                <span className="badge badge-completed">
                  <span aria-hidden="true">✓ </span>
                  {intl.formatMessage(ModuleMessages.lessonCompleted)}
                </span>
              )}
            </h2>
            {/* Nothing to reset before one of its learning objects was started. */}
            {lesson.learning_objects.some((lo) => lo.status !== 'not_started') && (
              <button
                type="button"
                className="button button-secondary button-small"
                aria-label={intl.formatMessage(ModuleResetMessages.resetLessonLabel, { lesson: lesson.name })}
                onClick={() => {
                  reset.reset();
                  setResetDone(null);
                  setConfirming({ id: lesson.id, name: lesson.name });
                }}
              >
                {intl.formatMessage(ModuleResetMessages.resetLesson)}
              </button>
            )}
          </div>
          <ol className="item-list">
            {lesson.learning_objects.map((lo) => (
              <li key={lo.id} className={`item item-${lo.status}`}>
                <span className="item-tick" aria-hidden="true">
                  {lo.status === 'completed' ? '✓' : lo.status === 'started' ? '◐' : '○'}
                </span>
                <div className="item-main">
                  <Link href={learningObjectLink(module.course_id, module.id, lo.id)} className="item-title">
                    {lo.name}
                  </Link>
                  <span className="muted">
                    {intl.formatMessage(ModuleMessages[TYPE_TEXT[lo.type]])} ·{' '}
                    {intl.formatMessage(ModuleMessages[STATUS_TEXT[lo.status]])}
                  </span>
                </div>
              </li>
            ))}
          </ol>
        </section>
      ))}
      <AttachmentsList scope={{ kind: 'module', id: module.id }} />
    </section>
  );
}
