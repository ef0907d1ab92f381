/**
 * A PDF learning object: the browser's own viewer in a frame, with a link to open it in a new
 * tab. Online the frame loads the file (the app's origin or a content host). Offline, a file on a
 * content host is another origin's frame that the service worker cannot answer, so the copy
 * stored with the downloaded course is shown instead, from a `blob:` URL typed `application/pdf`
 * (the app's origin files are answered by the service worker as they are).
 */
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { matchDownloadedFile } from '../../services/pwa/downloads-cache';
import { useOnline } from '../components/use-online';
import { LearningObjectMessages as M } from './messages';
import { PdfMessages as P } from './pdf-messages';

/**
 * The downloaded copy of `url` while `wanted`: `undefined` while looking, a `blob:` URL when the
 * course was downloaded, null when there is no copy. Revoked when no longer wanted.
 */
function useDownloadedCopy(url: string, wanted: boolean): string | null | undefined {
  const [copy, setCopy] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    if (!wanted) return;
    let objectUrl: string | null = null;
    let cancelled = false;
    void (async () => {
      const stored = await matchDownloadedFile(url);
      const bytes = stored ? await stored.arrayBuffer().catch(() => null) : null;
      if (cancelled) return;
      objectUrl = bytes ? URL.createObjectURL(new Blob([bytes], { type: 'application/pdf' })) : null;
      setCopy(objectUrl);
    })();
    return () => {
      cancelled = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
      setCopy(undefined);
    };
  }, [url, wanted]);
  return copy;
}

export function PdfDocument({ url, name, showHint }: { url: string; name: string; showHint: boolean }) {
  const intl = useIntl();
  const online = useOnline();
  const crossOrigin = new URL(url, location.origin).origin !== location.origin;
  const fromCopy = !online && crossOrigin;
  const copy = useDownloadedCopy(url, fromCopy);
  if (fromCopy && copy === null) {
    return (
      <p role="status" className="notice notice-info">
        {intl.formatMessage(M.onlineOnlyOffline)}
      </p>
    );
  }
  const src = fromCopy ? copy : url;
  return (
    <div className="lo-document">
      {fromCopy && copy && (
        <p role="status" className="notice notice-info">
          {intl.formatMessage(P.pdfOfflineCopy)}
        </p>
      )}
      {src && <iframe src={src} title={intl.formatMessage(M.frameTitle, { name })} className="lo-frame" />}
      <p>
        <a href={src ?? url} target="_blank" rel="noopener noreferrer">
          {intl.formatMessage(P.openPdf)}
        </a>
      </p>
      {showHint && <p className="muted">{intl.formatMessage(P.pdfHint)}</p>}
    </div>
  );
}
