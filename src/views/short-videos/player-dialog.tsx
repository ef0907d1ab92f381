/**
 * Short-video player in a native modal `<dialog>` (docs/product.md §3 Short video, §4 "started, then
 * ended", §7). Mounted once per opening (`video` non-null); the browser keeps focus inside and
 * returns it to the opening button when it closes ('Fechar' or Escape).
 *
 * - The video plays at once from `proxiedVideoUrl(resource, token)` (docs/product.md §7 proxy path).
 * - Lifecycle: one `shortVideoLifecycle` actor per opening: `lifecycle.open` when shown
 *   (→ `POST …/start` through the outbox), `lifecycle.finish` on `ended` (→ `POST …/end`).
 * - Progress: `recordVideoProgress` (outbox → new LMS `POST /user-activity`) when
 *   `progressWriteDue` says so: ≤ 1 write per 10 s of playback, plus pause, close and ended.
 * - Resume: reads `GET /user-activity` (5 s timeout) without blocking playback; when it answers
 *   (or fails: then only the device's unsent position counts), the newest saved position goes
 *   through `resumePosition` (not in the first/last 5 s) and is applied only if the student has
 *   not moved past 5 s meanwhile; 'Continuando de m:ss' is announced politely.
 */
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { useActorRef, useSelector } from '@xstate/react';
import { useQuery } from '@tanstack/react-query';
import { getUserActivity, proxiedVideoUrl } from '../../services/api/short-videos';
import type { ShortVideo } from '../../services/contract/short-videos';
import {
  formatClock,
  newestPosition,
  progressWriteDue,
  resumePosition,
  RESUME_MARGIN_SECONDS,
  type ProgressReason,
  type SavedPosition,
} from '../../services/media/video-progress';
import type { OutboxEntry } from '../../services/storage/outbox-store';
import { getToken } from '../../services/storage/token';
import { useOutbox } from '../outbox/context';
import { useCurrentUser } from '../session-context';
import { useMediaVolume } from '../components/use-media-volume';
import { ShortVideosMessages as M } from './messages';
import styles from './short-videos.module.css';
import { shortVideoKeys } from '../../services/api/keys/short-videos';

/** The newest position of `videoId` still waiting in the outbox, or null. */
export function unsentPosition(queue: readonly OutboxEntry[], videoId: number): SavedPosition | null {
  for (let i = queue.length - 1; i >= 0; i--) {
    const { write, clientTime } = queue[i]!;
    if (write.kind === 'videoProgress' && write.resourceId === videoId) {
      return { positionSeconds: write.positionSeconds, at: clientTime };
    }
  }
  return null;
}

export function PlayerDialog({ video, onClose }: { video: ShortVideo | null; onClose: () => void }) {
  // A new player (lifecycle actor, resume read) per opening.
  return video ? <Player key={video.id} video={video} onClose={onClose} /> : null;
}

function Player({ video, onClose }: { video: ShortVideo; onClose: () => void }) {
  const intl = useIntl();
  const titleId = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  // 'Volume dos sons' (docs/product.md §3), live while the video plays.
  useMediaVolume(videoRef);
  const { shortVideoLifecycle, recordVideoProgress, actor: outbox } = useOutbox();
  const user = useCurrentUser();
  const [src] = useState(() => proxiedVideoUrl(video.resource, getToken()));
  const [local] = useState(() => unsentPosition(outbox.getSnapshot().context.queue, video.id));

  const lifecycle = useActorRef(shortVideoLifecycle, {
    input: { kind: 'shortVideo', id: video.id, lessonId: null, completed: video.status === 'completed' },
  });
  const ended = useSelector(lifecycle, (s) => s.hasTag('ended'));

  // Open as a modal when shown; close (focus back to the opener) when this opening ends.
  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => {
      if (dialog?.open) dialog.close();
    };
  }, []);
  // The one allowed effect: forward "this video is shown" into its lifecycle actor.
  useEffect(() => {
    lifecycle.send({ type: 'lifecycle.open' });
  }, [lifecycle]);

  const saved = useQuery({
    queryKey: shortVideoKeys.activity(user?.id ?? null, video.id),
    queryFn: ({ signal }) => getUserActivity(user?.id ?? 0, video.id, signal),
    enabled: user !== null,
    retry: false,
    staleTime: 0,
    gcTime: 0,
  });
  // Only this opening's answer counts: a cached or restored one predates the position the
  // student saved since (with it, a reopened video would start from 0:00 after a reload).
  const settled = user === null || saved.isError || (saved.isSuccess && saved.isFetchedAfterMount && !saved.isFetching);
  const server = saved.data ? { positionSeconds: saved.data.position_seconds, at: saved.data.updated_at } : null;
  const resumeAt = settled
    ? resumePosition(newestPosition(server, local)?.positionSeconds ?? 0, video.duration_seconds)
    : null;

  const lastRecorded = useRef<number | null>(null);
  const resumeDecided = useRef(false);
  /** The resume seek in flight (its target, s), told apart from the student's own seeks. */
  const resumeSeeking = useRef<number | null>(null);
  const [resumedFrom, setResumedFrom] = useState<number | null>(null);

  /** Seeks to `resumeAt` once, when both the answer and the metadata are there. DOM only. */
  const applyResume = () => {
    const el = videoRef.current;
    if (resumeDecided.current || resumeAt === null || !el || el.readyState < 1) return;
    resumeDecided.current = true;
    // Never fight the student: they already moved past the first seconds themselves.
    if (resumeAt <= 0 || el.currentTime > RESUME_MARGIN_SECONDS) return;
    lastRecorded.current = resumeAt;
    resumeSeeking.current = resumeAt;
    el.currentTime = resumeAt;
  };
  useEffect(applyResume);

  const report = (reason: ProgressReason) => {
    const el = videoRef.current;
    if (!el) return;
    const duration = Number.isFinite(el.duration) && el.duration > 0 ? el.duration : video.duration_seconds;
    const position = reason === 'ended' ? duration : el.currentTime;
    if (!progressWriteDue(lastRecorded.current, position, reason)) return;
    lastRecorded.current = position;
    recordVideoProgress({
      resourceId: video.id,
      positionSeconds: Math.round(position * 10) / 10,
      durationSeconds: Math.round(duration * 10) / 10,
    }).catch(() => {
      // Nobody signed in any more (the session ended): nothing to keep.
    });
  };

  const close = () => {
    report('close');
    onClose();
  };

  const status = ended
    ? intl.formatMessage(M.ended)
    : resumedFrom !== null
      ? intl.formatMessage(M.resumed, { clock: formatClock(resumedFrom) })
      : '';

  return (
    <dialog
      ref={dialogRef}
      className={styles.dialog}
      aria-labelledby={titleId}
      onCancel={(event) => {
        // Escape: close through React state, saving the position first.
        event.preventDefault();
        close();
      }}
    >
      <h2 id={titleId}>{video.title}</h2>
      <video
        ref={videoRef}
        className={styles.video}
        controls
        preload="metadata"
        src={src}
        aria-label={intl.formatMessage(M.videoLabel, { title: video.title })}
        onLoadedMetadata={applyResume}
        onSeeked={() => {
          const target = resumeSeeking.current;
          if (target === null) return;
          resumeSeeking.current = null;
          setResumedFrom(target);
        }}
        onTimeUpdate={() => {
          if (videoRef.current && !videoRef.current.paused) report('tick');
        }}
        onPause={() => report('pause')}
        onEnded={() => {
          report('ended');
          lifecycle.send({ type: 'lifecycle.finish' });
        }}
      />
      <p role="status" aria-live="polite">
        {status}
      </p>
      <div className="dialog-actions">
        <button type="button" className="button button-secondary" onClick={close}>
          {intl.formatMessage(M.close)}
        </button>
      </div>
    </dialog>
  );
}
