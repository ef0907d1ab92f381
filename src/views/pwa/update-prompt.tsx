/**
 * 'Nova versão disponível' (docs/offline.md "Updates"): a non-modal notice at the bottom of every screen while
 * the app update actor offers a new version; 'Atualizar agora' switches (the page reloads),
 * 'Depois' hides it for a while. Its title is announced politely when it appears; nothing
 * takes the focus away from what the student is doing. The notice's code (./update-panel.tsx)
 * loads the first time an update is offered: it stays out of every page's entry.
 */
import { Suspense } from 'react';
import { useIntl } from 'react-intl';
import { useSelector } from '@xstate/react';
import type { AppUpdateRef } from './app-update-ref';
import { PwaMessages as M } from './messages';
import { retryableLazy } from '../components/retryable-lazy';

export type { AppUpdateRef } from './app-update-ref';

const UpdatePanel = retryableLazy(() => import('./update-panel'));

export function UpdatePrompt({ update }: { update: AppUpdateRef }) {
  const intl = useIntl();
  const prompt = useSelector(update, (s) => s.hasTag('prompt'));
  return (
    <>
      {/* Always in the page (empty until an offer), so screen readers announce the offer. */}
      <div className="sr-only" aria-live="polite">
        {prompt && <p role="status">{intl.formatMessage(M.updateTitle)}</p>}
      </div>
      {prompt && (
        <Suspense fallback={null}>
          <UpdatePanel update={update} />
        </Suspense>
      )}
    </>
  );
}
