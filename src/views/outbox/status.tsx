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
 *
 * At the first open after the service worker sent writes with the app closed
 * (docs/offline.md "Progress sent with the app closed"), it says how many and when, once: the
 * report is removed from the device as it is read; 'Entendi' hides it.
 */
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { useSelector } from '@xstate/react';
import { useOutbox } from './context';
import { OutboxMessages as M } from './messages';
import type { AppOutbox } from '../app-services';
import type { SentInBackground } from '../../services/storage/outbox-store';

/** Each student's report, read once per page load (the status line may mount again). */
const reports = new Map<number, Promise<SentInBackground | null>>();

/**
 * What the service worker sent for `userId` while the app was closed (read once per page load;
 * the store forgets it as it is read), and a function that hides it for the rest of the page load.
 */
function useSentInBackground(
  userId: number | null,
  take: AppOutbox['takeSentInBackground'],
): [SentInBackground | null, () => void] {
  const [read, setRead] = useState<{ userId: number; report: SentInBackground | null } | null>(null);
  useEffect(() => {
    if (userId === null || !take) return;
    let live = true;
    let reading = reports.get(userId);
    if (!reading) {
      reading = take(userId).catch(() => null);
      reports.set(userId, reading);
    }
    void reading.then((report) => {
      if (live) setRead({ userId, report });
    });
    return () => {
      live = false;
    };
  }, [userId, take]);
  const dismiss = () => {
    if (userId === null) return;
    reports.set(userId, Promise.resolve(null));
    setRead({ userId, report: null });
  };
  const report = read !== null && read.userId === userId ? read.report : null;
  return [report, dismiss];
}

const sameDay = (a: Date, b: Date): boolean => a.toDateString() === b.toDateString();

export function OutboxStatus() {
  const intl = useIntl();
  const { actor, takeSentInBackground } = useOutbox();
  const userId = useSelector(actor, (s) => s.context.userId);
  const [sentInBackground, dismissSent] = useSentInBackground(userId, takeSentInBackground);
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
  const shown = drawNow || rejected > 0 || sentInBackground !== null;
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
      {sentInBackground && (
        <div className="notice notice-success">
          <p>
            {intl.formatMessage(M.sentInBackground, {
              count: sentInBackground.count,
              day: sameDay(new Date(sentInBackground.at), new Date()) ? 'today' : 'other',
              date: intl.formatDate(sentInBackground.at, { day: '2-digit', month: '2-digit' }),
              time: intl.formatTime(sentInBackground.at, { hour: '2-digit', minute: '2-digit' }),
            })}
          </p>
          <button type="button" className="button button-secondary" onClick={dismissSent}>
            {intl.formatMessage(M.sentInBackgroundDismiss)}
          </button>
        </div>
      )}
      {rejected > 0 && (
        <p role="alert" className="notice notice-error">
          {intl.formatMessage(M.rejected, { count: rejected })}
        </p>
      )}
    </div>
  );
}
