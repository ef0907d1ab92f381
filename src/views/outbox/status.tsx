/**
 * The outbox's visible state (docs/architecture.md §D2; docs/decisions/0006-the-outbox-retries-writes.md):
 * how many progress writes are still to reach the server and why, with 'Sincronizar agora' while
 * they wait; a notice when the server refused some. Renders nothing but its live region when all
 * is sent.
 *
 * It sits in the page's flow under the header (never over the page: nothing it shows can cover a
 * control, at 320 px with the largest text either). A send that starts with nothing shown (a
 * 'Concluir' online) is announced to screen readers but not drawn, so the page does not move for
 * the moment it takes; the line is drawn while writes wait (offline, the server away, sign-in
 * needed), stays while those are sent, and goes when the queue is empty.
 */
import { useState } from 'react';
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
  // Drawn while writes wait, and through the send that follows; a send from nothing is only announced.
  // (React's "information from previous renders" pattern: set during render, no effect.)
  const [drawn, setDrawn] = useState(false);
  const drawNow = text !== '' && (phase !== 'sending' || drawn);
  if (drawNow !== drawn) setDrawn(drawNow);
  const shown = drawNow || rejected > 0;
  return (
    <div
      className="outbox-status"
      data-empty={shown ? undefined : ''}
      data-announced-only={text && !shown ? '' : undefined}
    >
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
