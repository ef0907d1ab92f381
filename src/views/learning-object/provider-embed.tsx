/**
 * A provider's content (docs/content.md "Embed providers"), for a learning object or a text
 * lesson's embedded frame:
 * - a **video** (YouTube, Vimeo) is a facade — a button with the provider's name and the video's
 *   title that loads nothing from the provider until pressed (no thumbnail either: a third-party
 *   image would be the screen's largest paint, ~250 ms of LCP in the bench, and data on every
 *   visit; docs/content.md); then the provider's player, whose 'ended' reaches `onEnded`;
 * - a **page** (Slides, Docs, Forms, Drive, H5P, Genially, Canva) is a lazy, sandboxed frame of the
 *   provider's embed URL, finished with 'Concluir';
 * - **offline**, either says it needs the internet instead of showing a broken frame.
 * Both keep the provider's ratio at every width.
 *
 * With `ProviderContent`, a learning object's URL on a provider's host (./content.tsx,
 * `placeOfContentUrl`): the embed when the provider recognises the page, else what the URL is
 * without a provider. A chunk of its own with the recognition (`get-video-id`): a file's video, a
 * PDF or a quiz do not download it (docs/performance.md); the HTML's loader asks for it as soon as
 * the learning object's early answer is on a provider's host (src/app/entry-loader.js,
 * `kinds.provider`).
 */
import { Suspense, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import Play from 'lucide-react/icons/play';
import { recognizeProvider, type ProviderMatch } from '../../services/content/providers';
import { useContentSources } from './use-content-sources';
import { useOnline } from '../components/use-online';
import { retryableLazy } from '../components/retryable-lazy';
import { ProviderMessages as M } from './provider-messages';
import './provider-embed.css';

// A text lesson's sanitiser recognises providers' frames with it, loaded with this chunk.
export { recognizeProvider } from '../../services/content/providers';

const YouTubePlayer = retryableLazy(() => import('./provider-players').then((m) => ({ default: m.YouTubePlayer })));
const VimeoPlayer = retryableLazy(() => import('./provider-players').then((m) => ({ default: m.VimeoPlayer })));

export interface ProviderEmbedProps {
  match: ProviderMatch;
  /** The frame's accessible title (the learning object's name, or the teacher's iframe title). */
  title: string;
  /** Width / height; default the provider's. */
  ratio?: number;
  /** A video's player reported its end. */
  onEnded?: () => void;
}

export function ProviderEmbed({ match, title, ratio, onEnded }: ProviderEmbedProps) {
  const intl = useIntl();
  const online = useOnline();
  const [playing, setPlaying] = useState(false);
  const { provider } = match;
  const aspect = { aspectRatio: String(ratio && Number.isFinite(ratio) && ratio > 0 ? ratio : provider.ratio) };

  if (!online) {
    return (
      <p role="status" className="notice notice-info provider-offline">
        {intl.formatMessage(M.providerOffline, { provider: provider.name })}
      </p>
    );
  }

  if (provider.kind === 'page') {
    return (
      <div className="provider-box" style={aspect}>
        <iframe
          src={match.embedUrl}
          title={title}
          className="provider-frame"
          loading="lazy"
          sandbox="allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox allow-forms allow-presentation"
          referrerPolicy="strict-origin-when-cross-origin"
          allowFullScreen
        />
      </div>
    );
  }

  if (!playing) {
    return (
      <div className="provider-box" style={aspect}>
        <button type="button" className="provider-facade" onClick={() => setPlaying(true)}>
          <span className="provider-facade-label">
            <Play aria-hidden="true" size={28} />
            <span>{intl.formatMessage(M.providerPlay, { provider: provider.name })}</span>
            <span className="provider-facade-title">{title}</span>
          </span>
        </button>
      </div>
    );
  }

  const Player = provider.id === 'vimeo' ? VimeoPlayer : YouTubePlayer;
  return (
    <div className="provider-box" style={aspect}>
      <Suspense
        fallback={
          <p role="status" className="provider-loading">
            {intl.formatMessage(M.providerLoading, { provider: provider.name })}
          </p>
        }
      >
        <Player videoId={match.videoId ?? ''} embedUrl={match.embedUrl} title={title} onEnded={onEnded} />
      </Suspense>
    </div>
  );
}

export interface ProviderContentProps {
  /** The learning object's URL (absolute, on a provider's host). */
  url: string;
  /** The frame's accessible title (the learning object's name). */
  title: string;
  /** A video's player reported its end. */
  onEnded: () => void;
  /** The hint under the embed, by the provider's kind; null: none (a preview). */
  hints: { video: string; page: string } | null;
  /** What the URL is when the provider does not embed it. */
  otherwise: ReactNode;
  /** Shown instead of the embed for a type a provider's page cannot be (audio, PDF); default the embed. */
  instead?: ReactNode;
}

/** A learning object's provider content (see the module's comment). */
export function ProviderContent({ url, title, onEnded, hints, otherwise, instead }: ProviderContentProps) {
  const match = recognizeProvider(url, useContentSources());
  if (!match) return <>{otherwise}</>;
  if (instead !== undefined) return <>{instead}</>;
  return (
    <figure className="lo-media">
      <ProviderEmbed match={match} title={title} onEnded={onEnded} />
      {hints && <figcaption className="muted">{match.provider.kind === 'video' ? hints.video : hints.page}</figcaption>}
    </figure>
  );
}
