/**
 * A text lesson's sanitised HTML (services/content/rich-text.ts), in its own chunk: DOMPurify,
 * the sanitiser and the colour checks load only for text lessons (content.tsx loads it lazily and
 * the viewer asks for it as soon as the module says the learning object is a text). What only some
 * lessons need is a chunk of its own again, loaded for such a lesson only (`EXTRAS`).
 */
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useEffectEvent } from 'use-effect-event';
import { useIntl } from 'react-intl';
import { applyRichTextColors, sanitizeRichText, type RichTextExtra } from '../../services/content/rich-text';
import type { ProviderMatch } from '../../services/content/providers';
import { retryableLoad, type RetryableLoad } from '../components/retryable-load';
import { useContentSources } from './use-content-sources';
import { LearningObjectMessages as M } from './messages';
import { RichTextMessages as R } from './rich-text-messages';
import './rich-text.css';

/**
 * What a lesson may need besides the sanitiser (`missing` of `sanitizeRichText`), each a chunk of
 * its own: a provider's recognition and embed (./provider-embed.tsx, for a frame or a lone link on
 * a provider's host) and colord's colour names (a colour written as a word). The HTML's loader
 * preloads them when the learning object's early answer looks like it needs them
 * (src/app/entry-loader.js, `kinds.provider`, `kinds.colourNames`).
 */
const providerCode = retryableLoad(() => import('./provider-embed'));
const colourNames = retryableLoad(() => import('../../services/content/colour-names'));
const EXTRAS: Record<RichTextExtra, RetryableLoad<unknown>> = { providers: providerCode, colourNames };

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
 * A lesson that needs an extra waits for it (suspends: the viewer shows its skeleton, nothing is
 * painted that would move) and is sanitised again with it.
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
  // The extras loaded so far: each is the same module object once in, so the sanitised HTML is
  // computed again only when the lesson, its sources or its texts change, or an extra arrives.
  const provider = providerCode.loaded();
  const names = colourNames.loaded()?.COLOUR_NAMES ?? false;
  const { html: safe, missing } = useMemo(
    () =>
      sanitizeRichText(html, {
        origin: globalThis.location?.origin ?? '',
        sources,
        labels: {
          openIn: (host) => intl.formatMessage(M.openIn, { host }),
          openImageIn: (host) => intl.formatMessage(R.openImageIn, { host }),
          table: intl.formatMessage(R.richTable),
          code: intl.formatMessage(R.richCode),
          embedTitle: (name) => intl.formatMessage(R.embedTitle, { provider: name }),
        },
        extras: { recognizeProvider: provider?.recognizeProvider, colourNames: names },
      }),
    [html, sources, intl, provider, names],
  );
  for (const extra of missing) EXTRAS[extra].read();
  const article = useRef<HTMLElement>(null);
  const sentinel = useRef<HTMLDivElement>(null);
  const reportEnd = useEffectEvent(onReachEnd);
  const [embeds, setEmbeds] = useState<RichEmbed[]>([]);
  useLayoutEffect(() => {
    const root = article.current;
    if (!root) return;
    applyRichTextColors(root);
    const found: RichEmbed[] = [];
    // Placeholders exist only where the providers' code recognised a page (it is loaded).
    for (const node of provider ? root.querySelectorAll('.rt-embed') : []) {
      const match = provider!.recognizeProvider(node.getAttribute('data-rt-embed-url') ?? '', sources);
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
  }, [safe, sources, intl, provider]);
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
  const ProviderEmbed = provider?.ProviderEmbed;
  return (
    <>
      {showHint && <p className="muted">{intl.formatMessage(R.textHint)}</p>}
      <article ref={article} className="lo-text" dangerouslySetInnerHTML={{ __html: safe }} />
      {ProviderEmbed &&
        embeds.map((embed, index) =>
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
