/**
 * Learning-object viewer (docs/product.md §2 /courses/{course}/modules/{module}/learningObjects/{lo}).
 * Finds the lesson of the learning object in its module, reads it, and drives one
 * lifecycle actor per opening (docs/product.md §4 "started, then ended"): `lifecycle.open` when
 * shown (→ PUT start once), `lifecycle.finish` when the end is reached (→ PUT end once).
 */
import { Suspense, useEffect, useLayoutEffect, useState } from 'react';
import { useEffectEvent } from 'use-effect-event';
import { useIntl } from 'react-intl';
import { Link, useLocation } from 'wouter';
import ArrowLeft from 'lucide-react/icons/arrow-left';
import { useActorRef, useSelector } from '@xstate/react';
import { useQuery } from '@tanstack/react-query';
import { learningObjectQuery, learningObjectTypeOf, lessonOf, moduleQuery } from '../../services/api/lms-queries';
import type { LearningObject } from '../../services/contract/lms';
import { useOutbox } from '../outbox/context';
import { usePendingCompletions } from '../outbox/pending';
import { Breadcrumb } from '../components/breadcrumb';
import { PageLoading } from '../components/page-loading';
import { ContentQueryError } from '../components/query-error';
import { usePageTitle } from '../components/use-page-title';
import { parseId } from '../components/route-params';
import { courseLink, learningObjectLink, moduleLink } from '../../services/navigation/links';
import { TYPE_TEXT } from '../module/shared';
import { ModuleMessages } from '../module/messages';
import { LearningObjectContent, preloadContentOf } from './content';
import { LifecycleStatus } from './lifecycle-status';
import { NextStepLink, nextStepOf } from './next-step';
import { LearningObjectMessages as M } from './messages';
import { useContentVisible } from '../components/use-content-visible';
import { retryableLazy } from '../components/retryable-lazy';

/** Only for an address whose ids are not numbers: loaded then (the route's fallback meanwhile). */
const NotFoundScreen = retryableLazy(() => import('../not-found/screen'));

interface Props {
  courseId: string;
  moduleId: string;
  learningObjectId: string;
}

export default function LearningObjectScreen(props: Props) {
  const intl = useIntl();
  const courseId = parseId(props.courseId);
  const moduleId = parseId(props.moduleId);
  const loId = parseId(props.learningObjectId);
  const valid = courseId !== null && moduleId !== null && loId !== null;
  // A quiz's new attempt is a new opening: a new viewer and lifecycle actor (new
  // start/end idempotency keys); grades of the attempts before it are not shown as its own.
  const [attempt, setAttempt] = useState({ n: 0, gradedBefore: 0 });

  const moduleRead = useQuery({ ...moduleQuery(moduleId), enabled: valid });
  const lessonId = lessonOf(moduleRead.data, loId);
  const loQuery = useQuery({ ...learningObjectQuery(loId, lessonId), enabled: valid && lessonId !== null });
  // A text lesson's, a quiz's or a PDF's code loads beside its data, not after it: the module
  // already says which type the learning object is.
  const loType = learningObjectTypeOf(moduleRead.data, loId);
  useEffect(() => {
    if (loType) preloadContentOf(loType).catch(() => {});
  }, [loType]);
  usePageTitle(loQuery.data?.name);

  if (!valid) return <NotFoundScreen />;
  if (moduleRead.isError)
    return <ContentQueryError error={moduleRead.error} onRetry={() => void moduleRead.refetch()} />;
  if (moduleRead.isPending) return <PageLoading />;
  if (lessonId === null) {
    return (
      <section className="page">
        <h1>{intl.formatMessage(M.notInModule)}</h1>
        <Link href={moduleLink(courseId, moduleId)}>{intl.formatMessage(M.backToModule)}</Link>
      </section>
    );
  }
  if (loQuery.isError) return <ContentQueryError error={loQuery.error} onRetry={() => void loQuery.refetch()} />;
  if (loQuery.isPending) return <PageLoading />;
  // A text lesson's code may still be loading: the whole viewer waits for it (a skeleton in its
  // place), so nothing below the text is painted first and pushed down after.
  return (
    <Suspense fallback={<PageLoading />}>
      <Viewer
        key={`${loQuery.data.id}:${lessonId}:${attempt.n}`}
        lo={loQuery.data}
        gradedBefore={attempt.gradedBefore}
        onRetake={() => setAttempt((a) => ({ n: a.n + 1, gradedBefore: loQuery.data.quiz_result?.attempts ?? 0 }))}
        moduleName={moduleRead.data.name}
        courseName={moduleRead.data.course_name}
      />
    </Suspense>
  );
}

function Viewer({
  lo,
  moduleName,
  courseName,
  gradedBefore,
  onRetake,
}: {
  lo: LearningObject;
  moduleName: string;
  courseName: string;
  /** Quiz attempts graded before this opening: their grade is not this attempt's. */
  gradedBefore: number;
  onRetake: () => void;
}) {
  const intl = useIntl();
  // Mounted once the learning object's data (and a text's sanitiser) is in: its body — the text,
  // the player, the PDF, the quiz — is committed with this render.
  useContentVisible('learning-object', true);
  const { learningObjectLifecycle } = useOutbox();
  const pendingCompletions = usePendingCompletions();
  const completed = lo.status === 'completed' || pendingCompletions.has(lo.id);
  const lifecycle = useActorRef(learningObjectLifecycle, {
    input: { kind: 'learningObject', id: lo.id, lessonId: lo.lesson_id, completed },
  });
  // The one allowed effect: forward "this learning object is shown" into its actor.
  useEffect(() => {
    lifecycle.send({ type: 'lifecycle.open' });
  }, [lifecycle]);

  const finish = (data?: Record<string, unknown>) =>
    lifecycle.send(data ? { type: 'lifecycle.finish', data } : { type: 'lifecycle.finish' });
  const ended = useSelector(lifecycle, (s) => s.hasTag('ended'));

  const [, navigate] = useLocation();
  const moduleHref = moduleLink(lo.course_id, lo.module_id);
  const previousHref = lo.previous ? learningObjectLink(lo.course_id, lo.previous.module_id, lo.previous.id) : null;
  const step = nextStepOf(lo);
  const nextHref = step.href;
  const onShortcut = useEffectEvent((event: KeyboardEvent) => {
    const target = shortcutTarget(event, { previous: previousHref, next: nextHref, module: moduleHref });
    if (!target) return;
    event.preventDefault();
    navigate(target);
  });
  // Attached in the commit that shows the links (a layout effect): a passive effect runs after the
  // paint, later still on a busy phone, and a shortcut pressed meanwhile would do nothing.
  useLayoutEffect(() => {
    const listener = (event: KeyboardEvent) => onShortcut(event);
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, []);

  return (
    <section className="page lo-page">
      <Breadcrumb
        trail={[
          { href: courseLink(lo.course_id), label: courseName },
          { href: moduleLink(lo.course_id, lo.module_id), label: moduleName },
        ]}
        current={lo.name}
      />
      <h1>{lo.name}</h1>
      <p className="muted">{intl.formatMessage(ModuleMessages[TYPE_TEXT[lo.type]])}</p>

      <LearningObjectContent
        lo={lo}
        onFinish={finish}
        finished={completed || ended}
        quizResult={lo.quiz_result && lo.quiz_result.attempts > gradedBefore ? lo.quiz_result : null}
        onRetake={onRetake}
      />

      {lo.type === 'quiz' ? (
        <LifecycleStatus
          lifecycle={lifecycle}
          alreadyDone={lo.status === 'completed'}
          finishButton={false}
          endedIsDone={false}
        />
      ) : (
        <LifecycleStatus lifecycle={lifecycle} alreadyDone={completed} />
      )}

      <nav aria-label={intl.formatMessage(M.navLabel)} className="lo-nav">
        {previousHref ? (
          <Link href={previousHref} className="icon-link" aria-keyshortcuts="Alt+Shift+ArrowLeft">
            <ArrowLeft aria-hidden="true" size={20} />
            {intl.formatMessage(M.previous)}
          </Link>
        ) : (
          <span />
        )}
        <Link href={moduleHref} aria-keyshortcuts="Alt+Shift+ArrowUp">
          {intl.formatMessage(M.backToModule)}
        </Link>
        <NextStepLink step={step} />
      </nav>
      <details className="lo-shortcuts">
        <summary>{intl.formatMessage(M.shortcutsTitle)}</summary>
        <ul>
          <li>{intl.formatMessage(M.shortcutPrevious)}</li>
          <li>{intl.formatMessage(M.shortcutNext)}</li>
          <li>{intl.formatMessage(M.shortcutModule)}</li>
          <li>{intl.formatMessage(M.shortcutMedia)}</li>
        </ul>
      </details>
    </section>
  );
}

/**
 * The viewer's keyboard shortcuts (documented on the page, `aria-keyshortcuts` on the links):
 * Alt+Shift+← previous, Alt+Shift+→ next, Alt+Shift+↑ the module. Plain arrows stay with the
 * media players and the page; nothing fires while typing in a field.
 * @returns the path to go to, or null when the key is not a shortcut (or has no target).
 */
export function shortcutTarget(
  event: Pick<KeyboardEvent, 'key' | 'altKey' | 'shiftKey' | 'ctrlKey' | 'metaKey' | 'target'>,
  targets: { previous: string | null; next: string | null; module: string },
): string | null {
  if (!event.altKey || !event.shiftKey || event.ctrlKey || event.metaKey) return null;
  const target = event.target as HTMLElement | null;
  if (target && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))) return null;
  if (event.key === 'ArrowLeft') return targets.previous;
  if (event.key === 'ArrowRight') return targets.next;
  if (event.key === 'ArrowUp') return targets.module;
  return null;
}
