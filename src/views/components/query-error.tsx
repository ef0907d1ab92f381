/**
 * What a screen shows when its read failed: the reason (offline, timeout, server
 * message, malformed answer — spec §8) in an alert, and a retry button.
 */
import { useIntl, type IntlShape } from 'react-intl';
import { NetworkError, TimeoutError } from '../../services/http/errors';
import { CommonMessages } from './messages';

/** What went wrong, for the student: offline/timeout explained, else the server's (or contract's) message. */
export function describeError(intl: IntlShape, error: unknown): string {
  return error instanceof NetworkError || error instanceof TimeoutError
    ? intl.formatMessage(CommonMessages.offline)
    : error instanceof Error
      ? error.message
      : String(error);
}

export function QueryError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const intl = useIntl();
  const reason = describeError(intl, error);
  return (
    <div className="notice notice-error" role="alert">
      <p>{intl.formatMessage(CommonMessages.loadError, { message: reason })}</p>
      <button type="button" className="button" onClick={onRetry}>
        {intl.formatMessage(CommonMessages.retry)}
      </button>
    </div>
  );
}
