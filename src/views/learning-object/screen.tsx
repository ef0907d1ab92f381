/**
 * Learning-object viewer (spec §2 /courses/{course}/modules/{module}/learningObjects/{lo}).
 * Finds the lesson of the learning object in its module, reads it, and drives one
 * lifecycle actor per opening (spec §4 "started, then ended"): `lifecycle.open` when
 * shown (→ PUT start once), `lifecycle.finish` when the end is reached (→ PUT end once).
 */
import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'wouter';
import { useActorRef } from '@xstate/react';
import { useQuery } from '@tanstack/react-query';
import { getLearningObject, getModule } from '../../services/api/lms';
import type { LearningObject } from '../../services/contract';
import { useOutbox } from '../outbox/context';
import { usePendingCompletions } from '../outbox/pending';
import { Breadcrumb } from '../components/breadcrumb';
import { PageLoading } from '../components/page-loading';
import { QueryError } from '../components/query-error';
import { usePageTitle } from '../components/use-page-title';
import { learningObjectPath, parseId } from '../components/route-params';
import NotFoundScreen from '../not-found/screen';
import { moduleQueryKey, TYPE_TEXT } from '../module/screen';
import { ModuleMessages } from '../module/messages';
import { LearningObjectContent } from './content';
import { LifecycleStatus } from './lifecycle-status';
import { LearningObjectMessages as M } from './messages';

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

  const moduleQuery = useQuery({
    queryKey: moduleQueryKey(moduleId),
    queryFn: ({ signal }) => getModule(moduleId ?? 0, signal),
    enabled: valid,
  });
  const lessonId =
    moduleQuery.data?.lessons.find((lesson) => lesson.learning_objects.some((lo) => lo.id === loId))?.id ?? null;
  const loQuery = useQuery({
    queryKey: ['learningObject', loId, lessonId],
    queryFn: ({ signal }) => getLearningObject(loId ?? 0, lessonId ?? 0, signal),
    enabled: valid && lessonId !== null,
  });
  usePageTitle(loQuery.data?.name);

  if (!valid) return <NotFoundScreen />;
  if (moduleQuery.isError) return <QueryError error={moduleQuery.error} onRetry={() => void moduleQuery.refetch()} />;
  if (moduleQuery.isPending) return <PageLoading />;
  if (lessonId === null) {
    return (
      <section className="page">
        <h1>{intl.formatMessage(M.notInModule)}</h1>
        <Link href={`/courses/${courseId}/modules/${moduleId}`}>{intl.formatMessage(M.backToModule)}</Link>
      </section>
    );
  }
  if (loQuery.isError) return <QueryError error={loQuery.error} onRetry={() => void loQuery.refetch()} />;
  if (loQuery.isPending) return <PageLoading />;
  return (
    <Viewer
      key={`${loQuery.data.id}:${lessonId}`}
      lo={loQuery.data}
      moduleName={moduleQuery.data.name}
      courseName={moduleQuery.data.course_name}
    />
  );
}

function Viewer({ lo, moduleName, courseName }: { lo: LearningObject; moduleName: string; courseName: string }) {
  const intl = useIntl();
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

  const finish = () => lifecycle.send({ type: 'lifecycle.finish' });

  return (
    <section className="page lo-page">
      <Breadcrumb
        trail={[
          { href: `/courses/${lo.course_id}`, label: courseName },
          { href: `/courses/${lo.course_id}/modules/${lo.module_id}`, label: moduleName },
        ]}
        current={lo.name}
      />
      <h1>{lo.name}</h1>
      <p className="muted">{intl.formatMessage(ModuleMessages[TYPE_TEXT[lo.type]])}</p>

      <LearningObjectContent lo={lo} onFinish={finish} />

      <LifecycleStatus lifecycle={lifecycle} alreadyDone={completed} />

      <nav aria-label={intl.formatMessage(M.navLabel)} className="lo-nav">
        {lo.previous ? (
          <Link href={learningObjectPath(lo.course_id, lo.previous.module_id, lo.previous.id)}>
            <span aria-hidden="true">← </span>
            {intl.formatMessage(M.previous)}
          </Link>
        ) : (
          <span />
        )}
        <Link href={`/courses/${lo.course_id}/modules/${lo.module_id}`}>{intl.formatMessage(M.backToModule)}</Link>
        {lo.next ? (
          <Link href={learningObjectPath(lo.course_id, lo.next.module_id, lo.next.id)}>
            {intl.formatMessage(M.next)}
            <span aria-hidden="true"> →</span>
          </Link>
        ) : (
          <span />
        )}
      </nav>
    </section>
  );
}
