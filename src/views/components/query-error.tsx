/**
 * What a screen shows when its read failed: a human reason in the student's language (one
 * mapping for every failure: error-messages.ts), the technical detail in a 'Detalhes'
 * disclosure, and a retry button.
 */
import { defineMessages, useIntl } from 'react-intl';
import { Link } from 'wouter';
import ArrowLeft from 'lucide-react/icons/arrow-left';
import RotateCw from 'lucide-react/icons/rotate-cw';
import SearchX from 'lucide-react/icons/search-x';
import { classifyError } from '../../services/http/errors';
import { CommonMessages } from './messages';
import { ErrorMessages, messageOfClassified } from './error-messages';
import { ROUTE_PATHS } from '../../services/navigation/routes';

export { describeError } from './error-messages';

/** The technical detail of `error` (status, timeout, path) for support, folded away. */
export function ErrorDetails({ error }: { error: unknown }) {
  const intl = useIntl();
  const { detail } = classifyError(error);
  return (
    <details className="error-details">
      <summary>{intl.formatMessage(ErrorMessages.details)}</summary>
      <code>{detail}</code>
    </details>
  );
}

export function QueryError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const intl = useIntl();
  const reason = messageOfClassified(intl, classifyError(error));
  return (
    <div className="notice notice-error" role="alert">
      <p>{intl.formatMessage(CommonMessages.loadError, { message: reason })}</p>
      <ErrorDetails error={error} />
      <button type="button" className="button icon-button-text" onClick={onRetry}>
        <RotateCw aria-hidden="true" size={20} />
        {intl.formatMessage(CommonMessages.retry)}
      </button>
    </div>
  );
}

const NotFoundMessages = defineMessages({
  title: {
    id: 'content.notFound.title',
    defaultMessage: 'Conteúdo não encontrado',
    description: "Heading when a course, module or learning object does not exist or is not the student's (404)",
  },
  text: {
    id: 'content.notFound.text',
    defaultMessage: 'Este conteúdo não existe ou não faz parte dos seus cursos.',
    description: 'Explanation of a course, module or learning object not found (404)',
  },
  back: {
    id: 'content.notFound.back',
    defaultMessage: 'Voltar para Meus cursos',
    description: 'Link from a not-found course, module or learning object to the course list',
  },
});

/**
 * What a course, module or learning object screen shows when its read failed:
 * a 404 (does not exist, or is not the student's) is not an error — a not-found state with a
 * way back to /courses ('Voltar para Meus cursos'), no retry; any other failure is `QueryError`.
 */
export function ContentQueryError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const intl = useIntl();
  if (classifyError(error).kind !== 'notFound') return <QueryError error={error} onRetry={onRetry} />;
  return (
    <section className="page empty-state" aria-labelledby="content-not-found-title">
      <SearchX className="empty-state-icon" aria-hidden="true" size={48} />
      <h1 id="content-not-found-title">{intl.formatMessage(NotFoundMessages.title)}</h1>
      <p>{intl.formatMessage(NotFoundMessages.text)}</p>
      <p>
        <Link href={ROUTE_PATHS.courses} className="button button-primary icon-button-text">
          <ArrowLeft aria-hidden="true" size={20} />
          {intl.formatMessage(NotFoundMessages.back)}
        </Link>
      </p>
    </section>
  );
}
