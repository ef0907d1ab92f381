/**
 * The blocking error screen (docs/product.md §2 Error screen): a full-screen modal `alertdialog` that
 * cannot be dismissed — there is no close control, and while it shows the app behind it is
 * `inert` (see `app.tsx`), so focus stays in it. It shows the countdown, 'Atualizar', and the
 * code that shows the server's message in a red toast at the top (the toaster sits above it).
 * It scrolls itself when taller than the viewport (a phone held sideways, 320 px, font size 3:
 * global.css), so 'Atualizar' and the code are always reachable by touch and keyboard.
 * Renders nothing while the store has no error.
 */
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { showErrorToast } from '../components/toasts';
import { formatCountdown, type errorScreenMachine } from '../../machines/error-screen.machine';
import { ErrorScreenMessages as M } from './messages';
import { ServerErrorAnimation } from './animation';

export type ErrorScreenRef = ActorRefFrom<typeof errorScreenMachine>;

/** The title's `<keep>` part (the emoticon with its word), kept on one line. */
const keepTogether = (chunks: ReactNode[]) => <span className="error-screen-keep">{chunks}</span>;

export function ErrorScreen({ store }: { store: ErrorScreenRef }) {
  const shown = useSelector(store, (s) => s.hasTag('error-screen'));
  if (!shown) return null;
  return <ErrorDialog store={store} />;
}

function ErrorDialog({ store }: { store: ErrorScreenRef }) {
  const intl = useIntl();
  const remaining = useSelector(store, (s) => s.context.remaining);
  const countdownFrom = useSelector(store, (s) => s.context.countdownFrom);
  const offline = useSelector(store, (s) => s.hasTag('offline'));
  const error = useSelector(store, (s) => s.context.error);

  const code = error?.status ?? null;
  const showMessage = () =>
    void showErrorToast(error?.data.message || intl.formatMessage(M.noMessage), { position: 'top-center' });

  return (
    <div
      className="error-screen"
      role="alertdialog"
      aria-modal="true"
      aria-labelledby="error-screen-title"
      aria-describedby="error-screen-hint"
    >
      <div className="error-screen-body">
        <ServerErrorAnimation />
        <h1 id="error-screen-title">{intl.formatMessage(M.title, { keep: keepTogether })}</h1>
        <p id="error-screen-hint">{intl.formatMessage(M.hint)}</p>
        <p className="error-screen-countdown" aria-hidden="true">
          {intl.formatMessage(M.countdown, { time: formatCountdown(remaining) })}
        </p>
        <p className="sr-only" aria-live="polite">
          {offline ? intl.formatMessage(M.waitingNetwork) : intl.formatMessage(M.announce, { seconds: countdownFrom })}
        </p>
        {offline && (
          <p className="muted" aria-hidden="true">
            {intl.formatMessage(M.waitingNetwork)}
          </p>
        )}
        <button
          type="button"
          className="button button-primary"
          autoFocus
          onClick={() => store.send({ type: 'countdown.refresh' })}
        >
          {intl.formatMessage(M.refresh)}
        </button>
        <p className="error-screen-code">
          {intl.formatMessage(M.code)}{' '}
          <button type="button" className="link-button" onClick={showMessage} title={intl.formatMessage(M.codeHint)}>
            {code === null ? intl.formatMessage(M.noCode) : code}
          </button>
        </p>
      </div>
    </div>
  );
}
