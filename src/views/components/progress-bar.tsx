import { useIntl } from 'react-intl';
import { CommonMessages } from './messages';

/** Labelled progress (0–100 %) as a native <progress>, with the percentage as text. */
export function ProgressBar({ percent, label }: { percent: number; label?: string }) {
  const intl = useIntl();
  const text = intl.formatMessage(CommonMessages.progress, { percent: percent / 100 });
  return (
    <div className="progress">
      <progress max={100} value={percent} aria-label={label ?? text} />
      <span className="progress-text">{text}</span>
    </div>
  );
}
