/**
 * What a screen shows when its read failed: a human reason in the student's language (one
 * mapping for every failure: error-messages.ts), the technical detail in a 'Detalhes'
 * disclosure, and a retry button.
 */
import { useIntl } from 'react-intl';
import { classifyError } from '../../services/http/errors';
import { CommonMessages } from './messages';
import { ErrorMessages, messageOfClassified } from './error-messages';

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
      <button type="button" className="button" onClick={onRetry}>
        {intl.formatMessage(CommonMessages.retry)}
      </button>
    </div>
  );
}
