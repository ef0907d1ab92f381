/**
 * A learning object's URL on an embed provider's host (./content.tsx, `placeOfContentUrl`): the
 * provider's embed when it recognises the page (./provider-embed.tsx — a facade for a video, a
 * frame for a page; docs/content.md), else what the URL is without a provider (`otherwise`: a
 * channel or a search is a link out). A chunk of its own, with the recognition (`get-video-id`)
 * and the embed: a file's video, a PDF or a quiz do not download them (docs/performance.md); the
 * HTML's loader asks for it as soon as the learning object's early answer is on a provider's
 * host (src/app/entry-loader.js, `kinds.provider`).
 */
import type { ReactNode } from 'react';
import { recognizeProvider } from '../../services/content/providers';
import { useContentSources } from './use-content-sources';
import { ProviderEmbed } from './provider-embed';

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

export default function ProviderContent({ url, title, onEnded, hints, otherwise, instead }: ProviderContentProps) {
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
