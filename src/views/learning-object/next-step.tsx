/**
 * The viewer's way forward (no dead ends). From a learning object it is, in order:
 * the next learning object of the module (`lo.next`); on the module's last one, the first
 * learning object of the course's next module (`lo.next_module`, 'Próximo módulo: <nome>'; its
 * page when it has none yet); on the course's last module, back to the course page with 'Este é
 * o último conteúdo do curso.'. The link carries `aria-keyshortcuts="Alt+Shift+ArrowRight"`:
 * the same target the shortcut follows, and `rel="next"` to the next learning object or module:
 * its data is asked for ahead of the tap (src/app/prefetch-routes.ts).
 */
import { useIntl } from 'react-intl';
import { Link } from 'wouter';
import ArrowRight from 'lucide-react/icons/arrow-right';
import type { LearningObject } from '../../services/contract/lms';
import { courseLink, learningObjectLink, moduleLink } from '../../services/navigation/links';
import { LearningObjectMessages as M } from './messages';

/** Where the student goes next: `href` and what kind of step it is (the next module's `name`). */
export type NextStep =
  | { kind: 'learningObject'; href: string }
  | { kind: 'module'; href: string; name: string }
  | { kind: 'courseEnd'; href: string };

/**
 * @param lo the learning object shown (its `next`, `next_module` and `course_id`)
 * @returns the next step; never null — the course's end leads back to `/courses/{course_id}`.
 */
export function nextStepOf(lo: Pick<LearningObject, 'course_id' | 'next' | 'next_module'>): NextStep {
  if (lo.next) return { kind: 'learningObject', href: learningObjectLink(lo.course_id, lo.next.module_id, lo.next.id) };
  const nextModule = lo.next_module;
  if (nextModule) {
    const href = nextModule.first
      ? learningObjectLink(lo.course_id, nextModule.id, nextModule.first.id)
      : moduleLink(lo.course_id, nextModule.id);
    return { kind: 'module', href, name: nextModule.name };
  }
  return { kind: 'courseEnd', href: courseLink(lo.course_id) };
}

/** The link of `step` in the viewer's navigation (plus the course-end sentence before it). */
export function NextStepLink({ step }: { step: NextStep }) {
  const intl = useIntl();
  switch (step.kind) {
    case 'learningObject':
      return (
        <Link href={step.href} rel="next" className="icon-link" aria-keyshortcuts="Alt+Shift+ArrowRight">
          {intl.formatMessage(M.next)}
          <ArrowRight aria-hidden="true" size={20} />
        </Link>
      );
    case 'module':
      return (
        <Link href={step.href} rel="next" className="icon-link" aria-keyshortcuts="Alt+Shift+ArrowRight">
          {intl.formatMessage(M.nextModule, { name: step.name })}
          <ArrowRight aria-hidden="true" size={20} />
        </Link>
      );
    case 'courseEnd':
      return (
        <span className="lo-course-end">
          <span>{intl.formatMessage(M.courseEnd)}</span>{' '}
          <Link href={step.href} aria-keyshortcuts="Alt+Shift+ArrowRight">
            {intl.formatMessage(M.backToCourse)}
          </Link>
        </span>
      );
  }
}
