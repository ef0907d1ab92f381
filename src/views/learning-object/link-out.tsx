import { useIntl } from 'react-intl';
import { LearningObjectMessages as M } from './messages';

/** A link out to content the app does not embed: 'Abrir em <host>' (new tab). */
export function LinkOut({ url, host, onOpen }: { url: string; host: string; onOpen?: () => void }) {
  const intl = useIntl();
  return (
    <p className="lo-link-out">
      <a href={url} target="_blank" rel="noopener noreferrer" onClick={onOpen}>
        {intl.formatMessage(M.openIn, { host })}
      </a>
    </p>
  );
}
