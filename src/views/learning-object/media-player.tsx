/**
 * A video or audio learning object's own player (a file of the app's origin or a content host),
 * at the 'Volume dos sons' setting, with what it shows offline when the file is not stored on the
 * device (./offline-media.tsx). A chunk of its own: a text, a quiz, a PDF or a provider's video do
 * not download it (docs/performance.md). The HTML's loader preloads it once the learning object's
 * early answer gives a URL that is not a provider's page (src/app/entry-loader.js, `kinds.media`).
 */
import { useRef } from 'react';
import type { LearningObject } from '../../services/contract/lms';
import { useMediaVolume } from '../components/use-media-volume';
import { useDataSaver } from '../components/use-data-saver';
import { MediaNeedsInternet, useOfflineMedia } from './offline-media';

/**
 * `anonymous` for media of another origin (a content host): fetched with CORS, so its captions
 * (`<track>`, refused cross-origin without it) load and a downloaded copy answers it; none on the
 * app's origin.
 */
function corsMode(url: string): 'anonymous' | undefined {
  return new URL(url, location.origin).origin === location.origin ? undefined : 'anonymous';
}

export interface MediaProps {
  url: string;
  onEnded: () => void;
  /** Whose course and module are offered for download when it cannot play offline (none in a preview). */
  download: Pick<LearningObject, 'course_id' | 'module_id'> | null;
}

/**
 * What a video or audio player of `url` needs: its element's ref at the 'Volume dos sons' setting
 * (docs/product.md §3), whether it can play offline (`useOfflineMedia`), and its `preload` —
 * 'none' under 'Economia de dados', so nothing is fetched before the student presses play.
 */
function useMediaPlayer<E extends HTMLMediaElement>(url: string) {
  const ref = useRef<E>(null);
  useMediaVolume(ref);
  const offline = useOfflineMedia(url);
  const preload: 'none' | 'metadata' = useDataSaver() ? 'none' : 'metadata';
  return { ref, offline, preload };
}

/**
 * A video learning object's player, at the 'Volume dos sons' setting (docs/product.md §3);
 * offline and not stored on the device, `MediaNeedsInternet` in its place.
 */
export function LoVideo({ url, onEnded, download }: MediaProps) {
  const { ref, offline, preload } = useMediaPlayer<HTMLVideoElement>(url);
  if (offline.unavailable) return <MediaNeedsInternet kind="video" download={download} />;
  return (
    <video
      ref={ref}
      controls
      preload={preload}
      src={url}
      crossOrigin={corsMode(url)}
      onEnded={onEnded}
      onError={offline.onError}
      className="lo-video"
    >
      <track kind="captions" srcLang="pt-BR" label="Português" src={`${url}.vtt`} default />
    </video>
  );
}

/**
 * An audio learning object's player, at the 'Volume dos sons' setting (docs/product.md §3);
 * offline and not stored on the device, `MediaNeedsInternet` in its place.
 */
export function LoAudio({ url, onEnded, download }: MediaProps) {
  const { ref, offline, preload } = useMediaPlayer<HTMLAudioElement>(url);
  if (offline.unavailable) return <MediaNeedsInternet kind="audio" download={download} />;
  return (
    <audio
      ref={ref}
      controls
      preload={preload}
      src={url}
      crossOrigin={corsMode(url)}
      onEnded={onEnded}
      onError={offline.onError}
    />
  );
}
