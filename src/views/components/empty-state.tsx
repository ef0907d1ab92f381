/**
 * What a list shows when it has nothing, in the one visual language of the app: an icon, a short
 * statement of what is empty, an explanation of why or what comes next, and the next action —
 * a link ('Ver cursos') or a button ('Limpar filtros'). One look for every empty list.
 */
import type { ReactNode } from 'react';
import { defineMessages } from 'react-intl';
import { Link } from 'wouter';
import type { LucideIcon } from 'lucide-react';

/** Next actions shared by several empty lists (kept out of the entry's `CommonMessages`). */
export const EmptyStateMessages = defineMessages({
  seeCourses: {
    id: 'common.empty.seeCourses',
    defaultMessage: 'Ver cursos',
    description: 'Next action of an empty list: go to the course list',
  },
  goHome: {
    id: 'common.empty.goHome',
    defaultMessage: 'Ir para o início',
    description: 'Next action of an empty list: go to the home page',
  },
});

/** The next step offered by an empty list: a link to another page, or a button. */
export type EmptyStateAction = { label: string; href: string } | { label: string; onClick: () => void };

export interface EmptyStateProps {
  /** A lucide icon, decorative (hidden from assistive technology). */
  icon?: LucideIcon;
  /** What is empty, e.g. 'Você ainda não tem cursos.' */
  title: string;
  /** Why, or what happens next, e.g. 'Quando você se matricular, seus cursos aparecem aqui.' */
  text?: ReactNode;
  action?: EmptyStateAction | null;
}

/**
 * An empty list's message and next action, as a box in the list's place (`.empty-box`).
 * The icon is hidden from assistive technology; the action's accessible name is its label.
 */
export function EmptyState({ icon: Icon, title, text, action }: EmptyStateProps) {
  return (
    <div className="empty-box">
      {Icon && <Icon className="empty-state-icon" aria-hidden="true" size={32} />}
      <p className="empty-box-title">{title}</p>
      {text && <p className="muted empty-box-text">{text}</p>}
      {action &&
        ('href' in action ? (
          <Link href={action.href} className="button button-secondary">
            {action.label}
          </Link>
        ) : (
          <button type="button" className="button button-secondary" onClick={action.onClick}>
            {action.label}
          </button>
        ))}
    </div>
  );
}
