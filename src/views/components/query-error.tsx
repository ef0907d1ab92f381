/**
 * What a screen shows when its read failed: the reason (offline, timeout, server
 * message, malformed answer — spec §8) in an alert, and a retry button.
 */
import { useIntl } from 'react-intl';
import { NetworkError, TimeoutError } from '../../services/http/errors';
import { CommonMessages } from './messages';

export function QueryError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const intl = useIntl();
  const reason =
    error instanceof NetworkError || error instanceof TimeoutError
      ? intl.formatMessage(CommonMessages.offline)
      : error instanceof Error
        ? error.message
        : String(error);
  return (
    <div className="notice notice-error" role="alert">
      <p>{intl.formatMessage(CommonMessages.loadError, { message: reason })}</p>
      <button type="button" className="button" onClick={onRetry}>
        {intl.formatMessage(CommonMessages.retry)}
      </button>
    </div>
  );
}
