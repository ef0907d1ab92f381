/**
 * "Vídeos curtos" of the course list (docs/product.md §3 Short video, §7 `GET /shortVideos`): a level-2
 * heading and one row of the platform's videos (title, duration, 'Assistido' once the end is
 * recorded) that scrolls sideways inside itself; opening one plays it in `PlayerDialog`. The row
 * holds the first batch of `SHORT_VIDEOS_PER_PAGE` videos (`GET /shortVideos?page&per_page`) and
 * grows a batch at a time with 'Ver mais vídeos', which then puts the focus on the first new
 * video. The row is focusable and named by the heading (arrow keys scroll it) and described by
 * 'Mostrando N de M vídeos'. Loading, error (with retry) and empty states; offline, the videos
 * last read stay shown (TanStack Query cache), the error shows only without them, and 'Ver mais
 * vídeos' is disabled with the reason beside it.
 */
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { useInfiniteQuery } from '@tanstack/react-query';
import { getShortVideoPage } from '../../services/api/short-videos';
import type { ShortVideo } from '../../services/contract/short-videos';
import { formatClock } from '../../services/media/video-progress';
import { QueryError } from '../components/query-error';
import Clapperboard from 'lucide-react/icons/clapperboard';
import { EmptyState } from '../components/empty-state';
import { OfflineActionNotice } from '../components/offline-action-notice';
import { useOnline } from '../components/use-online';
import { PlayerDialog } from './player-dialog';
import { ShortVideosMessages as M } from './messages';
import styles from './short-videos.module.css';
import { shortVideoKeys } from '../../services/api/keys/short-videos';

/**
 * Videos read per batch: the first batch keeps /courses short; the rest comes on request. The
 * batches are read under `shortVideoKeys.all`, so a delivered start or end refreshes them.
 */
export const SHORT_VIDEOS_PER_PAGE = 12;

/** The "Vídeos curtos" section: a sideways row of the videos read so far, and 'Ver mais vídeos'. */
export default function ShortVideosSection() {
  const intl = useIntl();
  const online = useOnline();
  const headingId = useId();
  const countId = useId();
  const offlineId = useId();
  const listRef = useRef<HTMLUListElement>(null);
  /** Index of the first video of the batch being read, to focus once it is shown. */
  const focusFrom = useRef<number | null>(null);
  const [playing, setPlaying] = useState<ShortVideo | null>(null);
  const query = useInfiniteQuery({
    queryKey: shortVideoKeys.pages(SHORT_VIDEOS_PER_PAGE),
    queryFn: ({ pageParam, signal }) => getShortVideoPage(pageParam, SHORT_VIDEOS_PER_PAGE, signal),
    initialPageParam: 1,
    getNextPageParam: ({ pagination }) => (pagination.page < pagination.last_page ? pagination.page + 1 : undefined),
  });
  const pages = query.data?.pages;
  // One entry per video even when the list changed between two batches.
  const videos = useMemo(
    () => pages && [...new Map(pages.flatMap((p) => p.data).map((v) => [v.id, v])).values()],
    [pages],
  );
  const total = pages?.at(-1)?.pagination.total ?? 0;

  useEffect(() => {
    const from = focusFrom.current;
    if (from === null || !videos || videos.length <= from) return;
    focusFrom.current = null;
    listRef.current?.querySelectorAll<HTMLButtonElement>(':scope > li > button')[from]?.focus();
  }, [videos]);

  const showMore = () => {
    if (!videos || query.isFetchingNextPage) return;
    focusFrom.current = videos.length;
    void query.fetchNextPage();
  };

  return (
    <section className={styles.section} aria-labelledby={headingId} aria-busy={query.isFetching}>
      <h2 id={headingId}>{intl.formatMessage(M.heading)}</h2>
      {/* Not a live region: the course list already announces its own loading. */}
      {query.isPending && (
        <div aria-hidden="true" className={styles.row}>
          {[0, 1, 2].map((i) => (
            <div key={i} className={`skeleton skeleton-row ${styles.placeholder}`} />
          ))}
        </div>
      )}
      {!videos && query.isError && <QueryError error={query.error} onRetry={() => void query.refetch()} />}
      {videos && videos.length === 0 && (
        <EmptyState icon={Clapperboard} title={intl.formatMessage(M.empty)} text={intl.formatMessage(M.emptyHint)} />
      )}
      {videos && videos.length > 0 && (
        <>
          <p id={countId} className="muted">
            {intl.formatMessage(M.count, { shown: videos.length, total: Math.max(total, videos.length) })}
          </p>
          {/* Focusable so that the arrow keys scroll it; the layout checks accept it as a row that
              scrolls sideways on purpose (overflow-x: auto). */}
          <ul ref={listRef} className={styles.row} tabIndex={0} aria-labelledby={headingId} aria-describedby={countId}>
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
          {query.hasNextPage && !query.isFetchNextPageError && (
            <div className={styles.more}>
              <button
                type="button"
                className="button button-secondary"
                onClick={showMore}
                disabled={!online}
                aria-describedby={online ? undefined : offlineId}
              >
                {intl.formatMessage(query.isFetchingNextPage ? M.loadingMore : M.more)}
              </button>
              <OfflineActionNotice id={offlineId} online={online} className="notice" />
            </div>
          )}
          {query.isFetchNextPageError && <QueryError error={query.error} onRetry={showMore} />}
        </>
      )}
      <PlayerDialog video={playing} onClose={() => setPlaying(null)} />
    </section>
  );
}
