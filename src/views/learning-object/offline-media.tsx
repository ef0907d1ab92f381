/**
 * Offline, a learning object's video or audio that is not stored on the device cannot play
 * (docs/offline.md "Media that was not downloaded"): the service worker answers only downloaded
 * courses and modules and media played online before. Instead of a dead 0:00 player the viewer says
 * that this file needs the internet and points to the course and module pages, where
 * 'Baixar para estudar offline' keeps it for next time. When the platform answers again the player
 * comes back by itself (no reload).
 */
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'wouter';
import { hasOfflineCopy } from '../../services/pwa/downloads-cache';
import { courseLink, moduleLink } from '../../services/navigation/links';
import { useOnline } from '../components/use-online';
import { MediaMessages as M } from './media-messages';

/** What `useOfflineMedia` tells a player. */
export interface OfflineMedia {
  /** True when the player cannot play here now: offline, and the file is not stored (or it failed). */
  unavailable: boolean;
  /** For the media element's `onError`: offline, a failed source shows the message too. */
  onError: () => void;
}

/**
 * Whether the media file at `url` can play now. Online: always (the element loads it). Offline: it
 * asks Cache Storage once whether a copy is stored (`hasOfflineCopy`; the player stays while it
 * looks), and counts an error of the element as "not stored". Coming back online clears both, so
 * the player is mounted again and loads its source.
 * @param url the player's source (the app's origin or a content host).
 */
export function useOfflineMedia(url: string): OfflineMedia {
  const online = useOnline();
  const [failed, setFailed] = useState(false);
  const [stored, setStored] = useState<{ url: string; value: boolean } | null>(null);
  // Reachability back: the failure was the network's; the next offline spell looks again.
  const [wasOnline, setWasOnline] = useState(online);
  if (online !== wasOnline) {
    setWasOnline(online);
    if (online) {
      setFailed(false);
      setStored(null);
    }
  }
  useEffect(() => {
    if (online) return;
    let cancelled = false;
    void hasOfflineCopy(url).then((value) => {
      if (!cancelled) setStored({ url, value });
    });
    return () => {
      cancelled = true;
    };
  }, [url, online]);
  const notStored = stored !== null && stored.url === url && !stored.value;
  return { unavailable: !online && (failed || notStored), onError: () => setFailed(true) };
}

/**
 * In place of a video or audio player offline: 'Este vídeo precisa de internet…' (a status), and,
 * when `download` names the learning object's course and module, links to their pages, which offer
 * 'Baixar para estudar offline' (none in a public preview).
 */
export function MediaNeedsInternet({
  kind,
  download,
}: {
  kind: 'video' | 'audio';
  download: { course_id: number; module_id: number } | null;
}) {
  const intl = useIntl();
  return (
    <div className="notice notice-info lo-media-offline">
      <p role="status">{intl.formatMessage(kind === 'video' ? M.videoOffline : M.audioOffline)}</p>
      {download && (
        <>
          <p>{intl.formatMessage(M.mediaOfflineDownload)}</p>
          <ul className="lo-media-offline-links">
            <li>
              <Link href={moduleLink(download.course_id, download.module_id)}>
                {intl.formatMessage(M.mediaOfflineModule)}
              </Link>
            </li>
            <li>
              <Link href={courseLink(download.course_id)}>{intl.formatMessage(M.mediaOfflineCourse)}</Link>
            </li>
          </ul>
        </>
      )}
    </div>
  );
}
