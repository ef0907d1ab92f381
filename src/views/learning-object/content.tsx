/**
 * Renders a learning object's content by type and reports "the student reached the
 * end" through `onFinish` (video/audio ended, text scrolled to its end, link opened, quiz
 * answers sent — with the answers as the `end` body's data).
 * Offline, a link or a third-party embed says that it needs the internet (issue 20).
 * Server HTML is sanitised with DOMPurify before it reaches the DOM (DESIGN.md §5), as
 * TrustedHTML of the `dompurify` policy where the browser has Trusted Types.
 */
import { useEffect, useMemo, useRef } from 'react';
import { useEffectEvent } from 'use-effect-event';
import { useIntl } from 'react-intl';
import type { LearningObject, QuizResult } from '../../services/contract/lms';
import { sanitizeHtml } from '../../services/security/trusted-types';
import { LearningObjectMessages as M } from './messages';
import { QuizForm } from './quiz';
import { useMediaVolume } from '../components/use-media-volume';
import { useOnline } from '../components/use-online';
import { useDataSaver } from '../components/use-data-saver';
import { isDownloadableUrl } from '../../services/pwa/downloads-cache';
import { DownloadMessages } from '../downloads/messages';

/** Sanitises server HTML (DOMPurify through the `dompurify` Trusted Types policy). */
export { sanitizeHtml };

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

export function LearningObjectContent({
  lo,
  onFinish,
  finished = false,
  readOnly = false,
  quizResult = lo.quiz_result ?? null,
  onRetake,
}: LearningObjectContentProps) {
  const intl = useIntl();
  const online = useOnline();
  const { url, html, quiz } = lo.content;
  // Offline, what lives on another site cannot open: say so instead of a broken frame (issue 20).
  const needsInternet =
    !online &&
    (lo.type === 'link' ||
      (lo.type === 'embed' && url !== null && !isDownloadableUrl(url, globalThis.location?.origin ?? '')));
  if (needsInternet) {
    return (
      <p role="status" className="notice notice-info">
        {intl.formatMessage(DownloadMessages.onlineOnlyOffline)}
      </p>
    );
  }
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
      if (!url) break;
      return (
        <figure className="lo-media">
          <LoVideo url={url} onEnded={() => onFinish()} />
          {/* A preview records nothing: no promise of completion. */}
          {!readOnly && <figcaption className="muted">{intl.formatMessage(M.videoHint)}</figcaption>}
        </figure>
      );
    case 'audio':
      if (!url) break;
      return (
        <figure className="lo-media">
          <LoAudio url={url} onEnded={() => onFinish()} />
          {!readOnly && <figcaption className="muted">{intl.formatMessage(M.audioHint)}</figcaption>}
        </figure>
      );
    case 'text':
      if (html === null) break;
      return <RichText html={html} onReachEnd={() => onFinish()} showHint={!readOnly} />;
    case 'pdf':
      if (!url) break;
      return (
        <div className="lo-document">
          <iframe src={url} title={intl.formatMessage(M.frameTitle, { name: lo.name })} className="lo-frame" />
          <p>
            <a href={url} target="_blank" rel="noopener noreferrer">
              {intl.formatMessage(M.openPdf)}
            </a>
          </p>
          <p className="muted">{intl.formatMessage(M.pdfHint)}</p>
        </div>
      );
    case 'link':
      if (!url) break;
      return (
        <p>
          <a href={url} target="_blank" rel="noopener noreferrer" onClick={() => onFinish()}>
            {intl.formatMessage(M.openLink)}
          </a>
        </p>
      );
    case 'embed':
      if (!url) break;
      return (
        <iframe
          src={url}
          title={intl.formatMessage(M.frameTitle, { name: lo.name })}
          className="lo-frame"
          sandbox="allow-scripts allow-popups"
          referrerPolicy="no-referrer"
        />
      );
    default:
      return <p>{intl.formatMessage(M.unsupported)}</p>;
  }
  return <p>{intl.formatMessage(M.missingContent)}</p>;
}

/** A video learning object's player, at the 'Volume dos sons' setting (spec §3). */
function LoVideo({ url, onEnded }: { url: string; onEnded: () => void }) {
  const ref = useRef<HTMLVideoElement>(null);
  useMediaVolume(ref);
  // 'Economia de dados': nothing is fetched before the student presses play.
  const preload = useDataSaver() ? 'none' : 'metadata';
  return (
    <video ref={ref} controls preload={preload} src={url} onEnded={onEnded} className="lo-video">
      <track kind="captions" srcLang="pt-BR" label="Português" src={`${url}.vtt`} default />
    </video>
  );
}

/** An audio learning object's player, at the 'Volume dos sons' setting (spec §3). */
function LoAudio({ url, onEnded }: { url: string; onEnded: () => void }) {
  const ref = useRef<HTMLAudioElement>(null);
  useMediaVolume(ref);
  const preload = useDataSaver() ? 'none' : 'metadata';
  return <audio ref={ref} controls preload={preload} src={url} onEnded={onEnded} />;
}

/** Sanitised rich text; calls `onReachEnd` once its last line has been scrolled into view. */
function RichText({ html, onReachEnd, showHint }: { html: string; onReachEnd: () => void; showHint: boolean }) {
  const intl = useIntl();
  const safe = useMemo(() => sanitizeHtml(html), [html]);
  const sentinel = useRef<HTMLDivElement>(null);
  const reportEnd = useEffectEvent(onReachEnd);
  useEffect(() => {
    const node = sentinel.current;
    if (!node || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) {
        observer.disconnect();
        reportEnd();
      }
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, [safe]);
  return (
    <>
      {showHint && <p className="muted">{intl.formatMessage(M.textHint)}</p>}
      <article className="lo-text" dangerouslySetInnerHTML={{ __html: safe }} />
      <div ref={sentinel} aria-hidden="true" className="lo-text-end" />
    </>
  );
}
