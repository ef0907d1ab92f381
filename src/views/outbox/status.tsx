/**
 * The outbox's visible state (docs/architecture.md §D2; docs/decisions/0006-the-outbox-retries-writes.md):
 * how many progress writes are still to reach the server and why, with 'Sincronizar agora' while
 * they wait; a notice when the server refused some. Renders nothing but its live region when all
 * is sent.
 */
import { useIntl } from 'react-intl';
import { useSelector } from '@xstate/react';
import { useOutbox } from './context';
import { OutboxMessages as M } from './messages';

export function OutboxStatus() {
  const intl = useIntl();
  const { actor } = useOutbox();
  const pending = useSelector(actor, (s) => s.context.queue.length);
  const rejected = useSelector(actor, (s) => s.context.rejected);
  const phase = useSelector(actor, (s) =>
    s.hasTag('retrying') ? 'waiting' : s.hasTag('signInNeeded') ? 'signIn' : s.hasTag('sending') ? 'sending' : 'idle',
  );
  const text = pending === 0 || phase === 'idle' ? '' : intl.formatMessage(M[phase], { count: pending });
  return (
    <div className="outbox-status" data-empty={!text && rejected === 0 ? '' : undefined}>
      {/* Always in the page so that screen readers announce changes of its text. */}
      <p role="status" aria-live="polite">
        {text}
      </p>
      {phase === 'waiting' && pending > 0 && (
        <button type="button" className="button button-secondary" onClick={() => actor.send({ type: 'outbox.flush' })}>
          {intl.formatMessage(M.syncNow)}
        </button>
      )}
      {rejected > 0 && (
        <p role="alert" className="notice notice-error">
          {intl.formatMessage(M.rejected, { count: rejected })}
        </p>
      )}
    </div>
  );
}
