/**
 * Renders a learning object's content by type and reports "the student reached the
 * end" through `onFinish` (video/audio ended — a provider's player included —, text scrolled to
 * its end, link opened, quiz answers sent — with the answers as the `end` body's data).
 * Every URL from the API passes `placeOfContentUrl` (docs/content.md): an allowed provider's page
 * is shown through its embed (a facade for videos; ./provider-embed.tsx, loaded for such a URL
 * only), a file of the app or a content host as is, any other site as 'Abrir em <host>', and a
 * URL that is not http(s) never at all.
 * Offline, a link, a provider or another site's frame says that it needs the internet, and so does
 * a video or audio that is not stored on the device (./media-player.tsx, ./offline-media.tsx).
 * Server HTML is sanitised with DOMPurify before it reaches the DOM (docs/architecture.md §D5), as
 * TrustedHTML of the `dompurify` policy where the browser has Trusted Types.
 */
import { useIntl } from 'react-intl';
import type { LearningObject, LearningObjectType, QuizResult } from '../../services/contract/lms';
import { placeOfContentUrl, safeUrl, type PlainPlace } from '../../services/content/urls';
import { retryableLazy } from '../components/retryable-lazy';
import { useContentSources } from './use-content-sources';
import { LinkOut } from './link-out';
import { LearningObjectMessages as M } from './messages';
import { useOnline } from '../components/use-online';
import { isDownloadableUrl } from '../../services/pwa/downloads-cache';

/**
 * The code of the learning-object types that need more than the others, each a chunk of its own
 * that only those learning objects load: a text lesson's (DOMPurify and the sanitiser), a quiz's
 * form, a PDF's viewer, a provider's page's recognition and embed (an embed's, or a video's on a
 * provider's host). Asked for as soon as the type is known — by the HTML's loader from the
 * module's early answer (src/app/entry-loader.js, `kinds`; the chunks are listed by
 * scripts/vite/deferred-entry.ts `KIND_PARTS`), and by the viewer from the module's data
 * (`preloadContentOf`) — so they download beside the learning object's read, not after it.
 */
const KIND_CODE = {
  text: () => import('./rich-text'),
  quiz: () => import('./quiz'),
  pdf: () => import('./pdf-document'),
  // Mostly a provider's page (./provider-embed.tsx); a video's URL is known only with its read.
  embed: () => import('./provider-embed'),
} as const;

/**
 * Starts loading the code of learning objects of `type` (a no-op for the types whose code depends
 * on their URL — a video's or an audio's player or provider, loaded when rendered — and for a link).
 * @returns resolves once it has loaded; rejects when the chunk cannot be fetched (offline
 *   without the service worker's copy) — the viewer's lazy component then shows the error.
 */
export function preloadContentOf(type: LearningObjectType): Promise<unknown> {
  return type in KIND_CODE ? KIND_CODE[type as keyof typeof KIND_CODE]() : Promise.resolve();
}

const RichText = retryableLazy(KIND_CODE.text);
/** A provider's page: its recognition and embed, loaded for such a URL only (suspends meanwhile). */
const ProviderContent = retryableLazy(() => KIND_CODE.embed().then((m) => ({ default: m.ProviderContent })));
const QuizForm = retryableLazy(() => KIND_CODE.quiz().then((m) => ({ default: m.QuizForm })));
const PdfDocument = retryableLazy(() => KIND_CODE.pdf().then((m) => ({ default: m.PdfDocument })));
/**
 * A file's video or audio player (./media-player.tsx), loaded for such a URL only: the HTML's
 * loader preloads it from the learning object's early answer (`kinds.media`); the viewer waits
 * for it (suspends: a skeleton in its place, nothing below it painted first).
 */
const mediaPlayer = () => import('./media-player');
const LoVideo = retryableLazy(() => mediaPlayer().then((m) => ({ default: m.LoVideo })));
const LoAudio = retryableLazy(() => mediaPlayer().then((m) => ({ default: m.LoAudio })));

export interface LearningObjectContentProps {
  lo: LearningObject;
  /** The student reached the end; `data` travels in the `end` body (quiz answers). */
  onFinish: (data?: Record<string, unknown>) => void;
  /** Already finished (server, or an `end` waiting in the outbox): a quiz shows its answers read-only. */
  finished?: boolean;
  /** Preview: nothing is reported (a quiz cannot be sent). */
  readOnly?: boolean;
  /** A quiz's grade to show (default `lo.quiz_result`; null while a new attempt is not graded yet). */
  quizResult?: QuizResult | null;
  /** Starts a new quiz attempt ('Tentar novamente' when the platform allows one). */
  onRetake?: () => void;
}

export function LearningObjectContent(props: LearningObjectContentProps) {
  const intl = useIntl();
  const sources = useContentSources();
  const { lo, onFinish, readOnly = false } = props;
  const { url } = lo.content;
  const origin = globalThis.location?.origin ?? '';
  // Every URL from the API is classified first: nothing but http(s) (and mailto/tel for a link)
  // is ever rendered as a link or a source (docs/content.md).
  const place = url === null ? null : placeOfContentUrl(url, origin, sources);
  if (place === null || place.kind !== 'provider-page') return <ContentAt {...props} place={place} />;
  // On a provider's host: its embed once recognised, else what the URL is without a provider.
  const otherwise = <ContentAt {...props} place={placeOfContentUrl(place.url, origin, sources, { provider: false })} />;
  const media = lo.type === 'video' || lo.type === 'embed';
  if (!media && lo.type !== 'audio' && lo.type !== 'pdf') return otherwise;
  return (
    <ProviderContent
      url={place.url}
      title={lo.name}
      onEnded={() => onFinish()}
      hints={
        media && !readOnly
          ? { video: intl.formatMessage(M.videoHint), page: intl.formatMessage(M.providerPageHint) }
          : null
      }
      otherwise={otherwise}
      // A provider's page is not an audio nor a PDF.
      instead={media ? undefined : <p>{intl.formatMessage(M.missingContent)}</p>}
    />
  );
}

/** The content of `lo` whose URL leads to `place` (never a provider's page: see above). */
function ContentAt({
  lo,
  onFinish,
  finished = false,
  readOnly = false,
  quizResult = lo.quiz_result ?? null,
  onRetake,
  place: target,
}: LearningObjectContentProps & { place: PlainPlace | null }) {
  const intl = useIntl();
  const online = useOnline();
  const { url, html, quiz } = lo.content;
  const origin = globalThis.location?.origin ?? '';
  const link = lo.type === 'link' ? safeUrl(url, origin, 'link') : null;
  // Offline, what lives on another site cannot open: say so instead of a broken frame.
  const needsInternet =
    !online &&
    ((lo.type === 'link' && link !== null) ||
      (lo.type === 'embed' && url !== null && !isDownloadableUrl(url, origin, [])));
  if (needsInternet) {
    return (
      <p role="status" className="notice notice-info">
        {intl.formatMessage(M.onlineOnlyOffline)}
      </p>
    );
  }
  const missing = <p>{intl.formatMessage(M.missingContent)}</p>;
  switch (lo.type) {
    case 'quiz':
      if (!quiz) break;
      return (
        <QuizForm
          quiz={quiz}
          onSubmit={(data) => onFinish(data)}
          finished={finished}
          result={quizResult}
          readOnly={readOnly}
          completed={lo.status === 'completed'}
          onRetake={onRetake}
        />
      );
    case 'video':
    case 'embed':
      if (!target || target.kind === 'unsafe') return missing;
      if (target.kind === 'external') return <ExternalContent url={target.url} host={target.host} />;
      if (lo.type === 'embed') {
        return (
          <iframe
            src={target.url}
            title={intl.formatMessage(M.frameTitle, { name: lo.name })}
            className="lo-frame"
            sandbox="allow-scripts allow-popups"
            referrerPolicy="no-referrer"
          />
        );
      }
      return (
        <figure className="lo-media">
          <LoVideo url={target.url} onEnded={() => onFinish()} download={readOnly ? null : lo} />
          {/* A preview records nothing: no promise of completion. */}
          {!readOnly && <figcaption className="muted">{intl.formatMessage(M.videoHint)}</figcaption>}
        </figure>
      );
    case 'audio':
      if (!target || target.kind === 'unsafe') return missing;
      if (target.kind === 'external') return <ExternalContent url={target.url} host={target.host} />;
      return (
        <figure className="lo-media">
          <LoAudio url={target.url} onEnded={() => onFinish()} download={readOnly ? null : lo} />
          {!readOnly && <figcaption className="muted">{intl.formatMessage(M.audioHint)}</figcaption>}
        </figure>
      );
    case 'text':
      if (html === null) break;
      // Suspends while its code loads: the viewer's Suspense shows the skeleton meanwhile.
      return <RichText html={html} onReachEnd={() => onFinish()} showHint={!readOnly} />;
    case 'pdf':
      if (!target || target.kind === 'unsafe') return missing;
      if (target.kind === 'external') return <ExternalContent url={target.url} host={target.host} />;
      return <PdfDocument url={target.url} name={lo.name} showHint={!readOnly} />;
    case 'link':
      if (!link) return missing;
      return (
        <p>
          <a href={link} target="_blank" rel="noopener noreferrer" onClick={() => onFinish()}>
            {intl.formatMessage(M.openLink)}
          </a>
        </p>
      );
    default:
      return <p>{intl.formatMessage(M.unsupported)}</p>;
  }
  return missing;
}

/** Content on a site the app does not show inside itself: 'Abrir em <host>', finished with 'Concluir'. */
function ExternalContent({ url, host }: { url: string; host: string }) {
  const intl = useIntl();
  return (
    <div className="lo-external">
      <LinkOut url={url} host={host} />
      <p className="muted">{intl.formatMessage(M.externalHint)}</p>
    </div>
  );
}
