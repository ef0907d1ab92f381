/**
 * Placeholders of the final size while a list or card loads, in the one visual language of the app:
 * the blocks take the room the content will take, so nothing below moves when it arrives
 * (no layout shift). One polite status says 'Carregando…' (or the label given) to screen
 * readers; the blocks are hidden from them. The shimmer stops under `prefers-reduced-motion`
 * (signed-in.css). Offline, a read still loading waits for the network: `PageLoading` says so.
 */
import { useIntl } from 'react-intl';
import { CommonMessages } from './messages';
import { PageLoading } from './page-loading';
import { useOnline } from './use-online';

/**
 * The shape of what loads: `card` (a course or bill card in a grid), `row` (an item of a list:
 * a file, a video, a pending item), `table` (a table's rows), `text` (one line).
 */
export type SkeletonKind = 'card' | 'row' | 'table' | 'text';

export interface SkeletonProps {
  kind: SkeletonKind;
  /** How many blocks: the usual number of items on a first page. */
  count?: number;
  /** Said to screen readers; 'Carregando…' by default. */
  label?: string;
  /** Extra class on the container, e.g. the list's own grid class so the blocks lay out like it. */
  className?: string;
}

/** `count` placeholder blocks of `kind`, inside one polite status. */
export function Skeleton({ kind, count = 3, label, className }: SkeletonProps) {
  const intl = useIntl();
  const online = useOnline();
  if (!online) return <PageLoading />;
  return (
    <div role="status" aria-live="polite" className={`skeleton-list skeleton-list-${kind}`}>
      <span className="sr-only">{label ?? intl.formatMessage(CommonMessages.loading)}</span>
      <div aria-hidden="true" className={className}>
        {Array.from({ length: count }, (_, i) => (
          <div key={i} className={`skeleton skeleton-${kind}`} />
        ))}
      </div>
    </div>
  );
}
