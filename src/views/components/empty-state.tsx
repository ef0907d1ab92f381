/**
 * What a list shows when it has nothing (issue 18 "One visual language"): an icon, a short
 * statement of what is empty, an explanation of why or what comes next, and the next action —
 * a link ('Ver cursos') or a button ('Limpar filtros'). One look for every empty list.
 */
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { LucideIcon } from 'lucide-react';

/** The next step offered by an empty list: a link to another page, or a button. */
export type EmptyStateAction =
  { label: string; href: string; icon?: LucideIcon } | { label: string; onClick: () => void; icon?: LucideIcon };

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
 * The action's accessible name is its label; its icon is hidden.
 */
export function EmptyState({ icon: Icon, title, text, action }: EmptyStateProps) {
  const ActionIcon = action?.icon;
  const content = action && (
    <>
      {ActionIcon && <ActionIcon aria-hidden="true" size={20} />}
      {action.label}
    </>
  );
  return (
    <div className="empty-box">
      {Icon && <Icon className="empty-state-icon" aria-hidden="true" size={32} />}
      <p className="empty-box-title">{title}</p>
      {text && <p className="muted empty-box-text">{text}</p>}
      {action &&
        ('href' in action ? (
          <Link href={action.href} className="button button-secondary icon-button-text">
            {content}
          </Link>
        ) : (
          <button type="button" className="button button-secondary icon-button-text" onClick={action.onClick}>
            {content}
          </button>
        ))}
    </div>
  );
}
