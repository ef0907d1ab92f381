/**
 * What the student sees of a learning object's lifecycle actor (docs/product.md §4 "started, then
 * ended"): a polite status line, an alert with 'Tentar novamente' when a write failed,
 * and 'Concluir' until the end is recorded. Reads only the actor's tags.
 */
import { useIntl } from 'react-intl';
import CircleCheck from 'lucide-react/icons/circle-check';
import RotateCw from 'lucide-react/icons/rotate-cw';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { lifecycleMachine } from '../../machines/lifecycle.machine';
import { LifecycleMessages as M } from './lifecycle-messages';
import { ProgressWords } from '../components/vocabulary';

export type LifecycleRef = ActorRefFrom<typeof lifecycleMachine>;

/** The one view state a lifecycle snapshot shows, derived from its tags. */
export type LifecycleView = 'idle' | 'starting' | 'started' | 'ending' | 'ended' | 'startFailed' | 'endFailed';

/** Maps a lifecycle snapshot's tags to what the view shows. */
export function lifecycleView(s: { hasTag: (tag: string) => boolean }): LifecycleView {
  if (s.hasTag('ended')) return 'ended';
  if (s.hasTag('failed')) return s.hasTag('started') ? 'endFailed' : 'startFailed';
  if (s.hasTag('busy')) return s.hasTag('started') ? 'ending' : 'starting';
  return s.hasTag('started') ? 'started' : 'idle';
}

export function LifecycleStatus({
  lifecycle,
  alreadyDone = false,
  finishButton = true,
  endedIsDone = true,
}: {
  lifecycle: LifecycleRef;
  alreadyDone?: boolean;
  /**
   * The end recorded means 'Concluído' (default). Not for a quiz: the platform decides from the
   * grade, so `alreadyDone` says it and an ended attempt alone shows 'Em andamento'.
   */
  endedIsDone?: boolean;
  /** Offer 'Concluir' (not for a quiz, which is finished by sending its answers). */
  finishButton?: boolean;
}) {
  const intl = useIntl();
  const view = useSelector(lifecycle, lifecycleView);
  const done = (view === 'ended' && endedIsDone) || alreadyDone;
  return (
    <div className="lo-status">
      <p role="status" aria-live="polite" className={done ? 'status-done' : undefined}>
        {view === 'starting' && intl.formatMessage(M.statusStarting)}
        {view === 'ending' && intl.formatMessage(M.statusEnding)}
        {done && view !== 'ending' && (
          <>
            <span aria-hidden="true">✓ </span>
            {intl.formatMessage(ProgressWords.completed)}
          </>
        )}
        {(view === 'started' || view === 'ended') && !done && intl.formatMessage(ProgressWords.inProgress)}
      </p>
      {(view === 'startFailed' || view === 'endFailed') && (
        <div role="alert" className="notice notice-error">
          <p>{intl.formatMessage(view === 'startFailed' ? M.startFailed : M.endFailed)}</p>
          <button
            type="button"
            className="button icon-button-text"
            onClick={() => lifecycle.send({ type: 'lifecycle.retry' })}
          >
            <RotateCw aria-hidden="true" size={20} />
            {intl.formatMessage(M.retry)}
          </button>
        </div>
      )}
      {!done && finishButton && (
        <button
          type="button"
          className="button button-primary icon-button-text"
          onClick={() => lifecycle.send({ type: 'lifecycle.finish' })}
          disabled={view === 'ending' || view === 'endFailed'}
        >
          <CircleCheck aria-hidden="true" size={20} />
          {intl.formatMessage(M.finish)}
        </button>
      )}
    </div>
  );
}
