/**
 * 'Nova versão disponível' (docs/offline.md "Updates"): a non-modal notice at the bottom of every screen while
 * the app update actor offers a new version; 'Atualizar agora' switches (the page reloads),
 * 'Depois' hides it for a while. Its title is announced politely when it appears; nothing
 * takes the focus away from what the student is doing.
 */
import { useId } from 'react';
import { useIntl } from 'react-intl';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { appUpdateMachine } from '../../machines/app-update.machine';
import { PwaMessages as M } from './messages';

export type AppUpdateRef = ActorRefFrom<typeof appUpdateMachine>;

export function UpdatePrompt({ update }: { update: AppUpdateRef }) {
  const intl = useIntl();
  const id = useId();
  const prompt = useSelector(update, (s) => s.hasTag('prompt'));
  const busy = useSelector(update, (s) => s.hasTag('busy'));
  const failed = useSelector(update, (s) => s.context.error !== null);
  return (
    <>
      {/* Always in the page (empty until an offer), so screen readers announce the offer. */}
      <div className="sr-only" aria-live="polite">
        {prompt && <p role="status">{intl.formatMessage(M.updateTitle)}</p>}
      </div>
      {prompt && (
        <aside className="update-prompt" aria-labelledby={`${id}-title`}>
          <p>
            <strong id={`${id}-title`}>{intl.formatMessage(M.updateTitle)}</strong> {intl.formatMessage(M.updateText)}
          </p>
          {failed && (
            <p className="notice notice-error" role="alert">
              {intl.formatMessage(M.updateError)}
            </p>
          )}
          <div className="update-prompt-actions">
            <button
              type="button"
              className="button"
              aria-disabled={busy}
              onClick={() => {
                if (!busy) update.send({ type: 'update.accept' });
              }}
            >
              {intl.formatMessage(busy ? M.updateBusy : M.updateAccept)}
            </button>
            <button
              type="button"
              className="button button-secondary"
              disabled={busy}
              onClick={() => update.send({ type: 'update.dismiss' })}
            >
              {intl.formatMessage(M.updateDismiss)}
            </button>
          </div>
        </aside>
      )}
    </>
  );
}
