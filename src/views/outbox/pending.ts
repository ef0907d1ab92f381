/**
 * Progress the student made that is still in the outbox (not yet on the server), laid over
 * server reads so that ticks and percentages are right at once, even offline.
 */
import { useSelector } from '@xstate/react';
import type { Module } from '../../services/contract/lms';
import { useIntl } from 'react-intl';
import { useOutbox } from './context';
import { OutboxMessages } from './messages';

/** @returns ids of learning objects whose `end` is stored but not yet delivered (stable between renders). */
export function usePendingCompletions(): ReadonlySet<number> {
  const { actor } = useOutbox();
  const ids = useSelector(actor, (s) =>
    s.context.queue.flatMap((e) => (e.write.kind === 'learningObject.end' ? [e.write.learningObjectId] : [])).join(','),
  );
  return new Set(ids ? ids.split(',').map(Number) : []);
}

/**
 * Why a progress reset must wait: writes still in the outbox would be applied after the
 * reset and bring old progress back. @returns the text to show, or null when nothing is pending.
 */
export function useResetBlockedReason(): string | null {
  const intl = useIntl();
  const { actor } = useOutbox();
  const pending = useSelector(actor, (s) => s.context.queue.length);
  return pending > 0 ? intl.formatMessage(OutboxMessages.resetBlocked, { count: pending }) : null;
}

/** `module` with learning objects `loIds` completed (and its lesson, when all of it is). */
export function markCompleted(module: Module, loIds: ReadonlySet<number>): Module {
  if (loIds.size === 0) return module;
  const lessons = module.lessons.map((lesson) => {
    if (!lesson.learning_objects.some((lo) => loIds.has(lo.id))) return lesson;
    const learning_objects = lesson.learning_objects.map((lo) =>
      loIds.has(lo.id) ? { ...lo, status: 'completed' as const } : lo,
    );
    return { ...lesson, learning_objects, completed: learning_objects.every((lo) => lo.status === 'completed') };
  });
  const all = lessons.flatMap((lesson) => lesson.learning_objects);
  const done = all.filter((lo) => lo.status === 'completed').length;
  return {
    ...module,
    lessons,
    completed: lessons.every((lesson) => lesson.completed),
    progress: all.length === 0 ? module.progress : Math.round((done / all.length) * 100),
  };
}
