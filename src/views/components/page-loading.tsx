import { useIntl } from 'react-intl';
import { CommonMessages } from './messages';

/** Full-page loading state, announced politely to screen readers. */
export function PageLoading() {
  const intl = useIntl();
  return (
    <div className="page-loading" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span>{intl.formatMessage(CommonMessages.loading)}</span>
    </div>
  );
}
