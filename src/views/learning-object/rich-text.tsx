/**
 * A text lesson's sanitised HTML (services/content/rich-text.ts), in its own chunk: DOMPurify,
 * the sanitiser and the colour checks load only for text lessons (content.tsx loads it lazily and
 * the viewer asks for it as soon as the module says the learning object is a text).
 */
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useEffectEvent } from 'use-effect-event';
import { useIntl } from 'react-intl';
import { applyRichTextColors, sanitizeRichText } from '../../services/content/rich-text';
import { recognizeProvider, type ProviderMatch } from '../../services/content/providers';
import { useContentSources } from './use-content-sources';
import { ProviderEmbed } from './provider-embed';
import { LearningObjectMessages as M } from './messages';
import { RichTextMessages as R } from './rich-text-messages';

/** A provider frame a text lesson embeds, found in the sanitised HTML (`.rt-embed`). */
interface RichEmbed {
  node: Element;
  match: ProviderMatch;
  title: string;
  ratio: number | undefined;
}

/**
 * Sanitised rich text (services/content/rich-text.ts): editor formatting kept under the CSP,
 * provider frames mounted as `ProviderEmbed` facades into their placeholders, wide tables and code
 * in their own scrolling regions. Calls `onReachEnd` once its last line has been scrolled into view.
 */
export default function RichText({
  html,
  onReachEnd,
  showHint,
}: {
  html: string;
  onReachEnd: () => void;
  showHint: boolean;
}) {
  const intl = useIntl();
  const sources = useContentSources();
  const safe = useMemo(
    () =>
      sanitizeRichText(html, {
        origin: globalThis.location?.origin ?? '',
        sources,
        labels: {
          openIn: (host) => intl.formatMessage(M.openIn, { host }),
          openImageIn: (host) => intl.formatMessage(R.openImageIn, { host }),
          table: intl.formatMessage(R.richTable),
          code: intl.formatMessage(R.richCode),
          embedTitle: (provider) => intl.formatMessage(R.embedTitle, { provider }),
        },
      }),
    [html, sources, intl],
  );
  const article = useRef<HTMLElement>(null);
  const sentinel = useRef<HTMLDivElement>(null);
  const reportEnd = useEffectEvent(onReachEnd);
  const [embeds, setEmbeds] = useState<RichEmbed[]>([]);
  useLayoutEffect(() => {
    const root = article.current;
    if (!root) return;
    applyRichTextColors(root);
    const found: RichEmbed[] = [];
    for (const node of root.querySelectorAll('.rt-embed')) {
      const match = recognizeProvider(node.getAttribute('data-rt-embed-url') ?? '', sources);
      if (!match) continue;
      const ratio = Number(node.getAttribute('data-rt-embed-ratio'));
      found.push({
        node,
        match,
        title:
          node.getAttribute('data-rt-embed-title') ||
          intl.formatMessage(R.embedTitle, { provider: match.provider.name }),
        ratio: Number.isFinite(ratio) && ratio > 0 ? ratio : undefined,
      });
      // The fallback link gives way to the facade (it stays where the facade cannot mount).
      node.replaceChildren();
    }
    // No provider frame (most lessons): no second render before the first paint.
    setEmbeds((previous) => (previous.length === 0 && found.length === 0 ? previous : found));
  }, [safe, sources, intl]);
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
      {showHint && <p className="muted">{intl.formatMessage(R.textHint)}</p>}
      <article ref={article} className="lo-text" dangerouslySetInnerHTML={{ __html: safe }} />
      {embeds.map((embed, index) =>
        createPortal(
          <ProviderEmbed match={embed.match} title={embed.title} ratio={embed.ratio} />,
          embed.node,
          `rt-${index}`,
        ),
      )}
      <div ref={sentinel} aria-hidden="true" className="lo-text-end" />
    </>
  );
}
