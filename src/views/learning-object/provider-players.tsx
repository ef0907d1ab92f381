/**
 * The providers' players, loaded only after the student pressed play on a facade
 * (provider-embed.tsx): this chunk holds `react-lite-youtube-embed` (YouTube's player API over
 * postMessage, no script from youtube.com in the page) and `@vimeo/player` (Vimeo's player API
 * over postMessage). Each reports the end of the video once through `onEnded`.
 */
import { useCallback, useEffect, useRef } from 'react';
import { useEffectEvent } from 'use-effect-event';
import LiteYouTubeEmbed from 'react-lite-youtube-embed';
import VimeoPlayerApi from '@vimeo/player';

export interface ProviderPlayerProps {
  /** The provider's video id (YouTube: 11 characters). */
  videoId: string;
  /** The embed URL from services/content/providers.ts (Vimeo: `https://player.vimeo.com/video/<id>[?h=…]`). */
  embedUrl: string;
  /** The frame's accessible title. */
  title: string;
  /** The video reached its end (the provider's player said so); called at most once per mount. */
  onEnded?: () => void;
}

/**
 * A YouTube video through `youtube-nocookie.com`, started at once (the facade was the tap), with
 * the JS API on so its 'ended' state reaches `onEnded`. The frame's ref is what the library needs
 * to say 'listening' to the player when the frame loads (without it the player never sends its
 * states, and the end never arrives) and to move the focus to the player (the facade's button the
 * student pressed is gone).
 */
export function YouTubePlayer({ videoId, title, onEnded }: ProviderPlayerProps) {
  const frame = useRef<HTMLIFrameElement>(null);
  const ended = useRef(false);
  const reportEnd = useCallback(() => {
    if (ended.current) return;
    ended.current = true;
    onEnded?.();
  }, [onEnded]);
  return (
    <LiteYouTubeEmbed
      ref={frame}
      id={videoId}
      title={title}
      alwaysLoadIframe
      autoplay
      enableJsApi
      focusOnLoad
      lazyLoad
      noscriptFallback={false}
      params={{ rel: 0, playsinline: 1 }}
      containerElement="div"
      wrapperClass="provider-player"
      iframeClass="provider-frame"
      referrerPolicy="strict-origin-when-cross-origin"
      onEnd={reportEnd}
    />
  );
}

/** A Vimeo video (Do Not Track on), its 'ended' event through `@vimeo/player`; takes the focus. */
export function VimeoPlayer({ embedUrl, title, onEnded }: ProviderPlayerProps) {
  const frame = useRef<HTMLIFrameElement>(null);
  const reportEnd = useEffectEvent(() => onEnded?.());
  useEffect(() => {
    const iframe = frame.current;
    if (!iframe) return;
    // The facade's button the student pressed is gone: the focus goes to the player.
    iframe.focus();
    const player = new VimeoPlayerApi(iframe);
    let done = false;
    const ended = () => {
      if (done) return;
      done = true;
      reportEnd();
    };
    player.on('ended', ended);
    return () => {
      player.off('ended', ended);
    };
  }, []);
  const src = new URL(embedUrl);
  src.searchParams.set('autoplay', '1');
  src.searchParams.set('dnt', '1');
  return (
    <div className="provider-player">
      <iframe
        ref={frame}
        src={src.href}
        title={title}
        className="provider-frame"
        allow="autoplay; picture-in-picture"
        allowFullScreen
        referrerPolicy="strict-origin-when-cross-origin"
      />
    </div>
  );
}
