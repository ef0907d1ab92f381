/**
 * The 'Nova versão disponível' notice itself (./update-prompt.tsx shows it, loaded the first time
 * an update is offered: most page loads never need it). 'Atualizar agora' switches (the page
 * reloads), 'Depois' hides it for a while.
 */
import { useId } from 'react';
import { useIntl } from 'react-intl';
import { useSelector } from '@xstate/react';
import type { AppUpdateRef } from './app-update-ref';
import { PwaMessages } from './messages';
import { UpdatePanelMessages as M } from './update-panel-messages';

/** The notice with its two actions, for the update actor `update` (in its `prompt` state). */
export default function UpdatePanel({ update }: { update: AppUpdateRef }) {
  const intl = useIntl();
  const id = useId();
  const busy = useSelector(update, (s) => s.hasTag('busy'));
  const failed = useSelector(update, (s) => s.context.error !== null);
  return (
    <aside className="update-prompt" aria-labelledby={`${id}-title`}>
      <p>
        <strong id={`${id}-title`}>{intl.formatMessage(PwaMessages.updateTitle)}</strong>{' '}
        {intl.formatMessage(M.updateText)}
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
  );
}
