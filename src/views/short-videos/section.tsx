/**
 * "Vídeos curtos" of the course list (docs/product.md §3 Short video, §7 `GET /shortVideos`): a level-2
 * heading and the platform's videos (title, duration, 'Assistido' once the end is recorded);
 * opening one plays it in `PlayerDialog`. Loading, error (with retry) and empty states; offline,
 * the list last read stays shown (TanStack Query cache) and the error shows only without it.
 */
import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { useQuery } from '@tanstack/react-query';
import { getShortVideos } from '../../services/api/short-videos';
import type { ShortVideo } from '../../services/contract/short-videos';
import { formatClock } from '../../services/media/video-progress';
import { QueryError } from '../components/query-error';
import Clapperboard from 'lucide-react/icons/clapperboard';
import { EmptyState } from '../components/empty-state';
import { PlayerDialog } from './player-dialog';
import { ShortVideosMessages as M } from './messages';
import styles from './short-videos.module.css';
import { shortVideoKeys } from '../../services/api/keys/short-videos';

/** Query key of `GET /shortVideos` (invalidated when the outbox delivers a write). */
export const SHORT_VIDEOS_QUERY_KEY = shortVideoKeys.all;

export default function ShortVideosSection() {
  const intl = useIntl();
  const headingId = useId();
  const [playing, setPlaying] = useState<ShortVideo | null>(null);
  const query = useQuery({ queryKey: SHORT_VIDEOS_QUERY_KEY, queryFn: ({ signal }) => getShortVideos(signal) });
  const videos = query.data;

  return (
    <section className={styles.section} aria-labelledby={headingId} aria-busy={query.isFetching}>
      <h2 id={headingId}>{intl.formatMessage(M.heading)}</h2>
      {/* Not a live region: the course list already announces its own loading. */}
      {query.isPending && (
        <div aria-hidden="true" className={styles.list}>
          {[0, 1, 2].map((i) => (
            <div key={i} className="skeleton skeleton-row" />
          ))}
        </div>
      )}
      {!videos && query.isError && <QueryError error={query.error} onRetry={() => void query.refetch()} />}
      {videos && videos.length === 0 && (
        <EmptyState icon={Clapperboard} title={intl.formatMessage(M.empty)} text={intl.formatMessage(M.emptyHint)} />
      )}
      {videos && videos.length > 0 && (
        <ul className={styles.list}>
          {videos.map((video) => (
            <li key={video.id} className={styles.item}>
              <button
                type="button"
                className={`button button-secondary ${styles.open}`}
                onClick={() => setPlaying(video)}
              >
                {video.title}
              </button>
              <span className="muted">
                {intl.formatMessage(M.duration, { clock: formatClock(video.duration_seconds) })}
                {video.status === 'completed' && (
                  <>
                    {' '}
                    <span className="badge badge-completed">{intl.formatMessage(M.watched)}</span>
                  </>
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
      <PlayerDialog video={playing} onClose={() => setPlaying(null)} />
    </section>
  );
}
