/**
 * The accessibility settings panel (docs/product.md §3 Accessibility settings): a button
 * 'Acessibilidade' that opens a modal native `<dialog>` with dark mode, font size (1–3),
 * letter spacing (1–3), language, volume and VLibras. Every control is a native form
 * control (keyboard and screen readers for free); each change is sent to the settings
 * actor at once (applied and saved on this device); Escape or 'Fechar' closes and the
 * browser returns focus to the button. Renders nothing without the actor (isolated tests).
 * The controls are loaded the first time the dialog opens (docs/performance.md).
 */
import { Suspense, useRef, useState, type ReactNode } from 'react';
import { retryableLazy } from '../components/retryable-lazy';
import { PERSON_STANDING, StaticIcon } from '../components/static-icon';
import { useIntl } from 'react-intl';
import { useAppActor } from '../app-actors';
import { AccessibilityMessages as M } from './messages';

// The controls load on the first opening: every public page shows the button.
const Panel = retryableLazy(() => import('./controls'));

/**
 * The accessibility dialog and the function that opens it (the signed-in header opens
 * it from its bar button and from the phone menu). @returns null without the settings actor.
 * Closing it (Escape, 'Fechar') returns focus to whatever had it when it opened.
 */
export function useAccessibilityDialog(): { open: () => void; dialog: ReactNode } | null {
  const intl = useIntl();
  const actor = useAppActor('accessibility');
  const dialog = useRef<HTMLDialogElement>(null);
  const [opened, setOpened] = useState(false);
  if (!actor) return null;
  const open = () => {
    setOpened(true);
    dialog.current?.showModal();
  };
  return {
    open,
    dialog: (
      <dialog ref={dialog} className="confirm-dialog a11y-dialog" aria-labelledby="a11y-title">
        <h2 id="a11y-title">{intl.formatMessage(M.title)}</h2>
        {opened && (
          <Suspense fallback={null}>
            <Panel actor={actor} onClose={() => dialog.current?.close()} />
          </Suspense>
        )}
      </dialog>
    ),
  };
}

/** The 'Acessibilidade' button (with the accessibility icon) and its dialog. */
export function AccessibilityButton({ className = 'button button-secondary' }: { className?: string }) {
  const intl = useIntl();
  const a11y = useAccessibilityDialog();
  if (!a11y) return null;
  return (
    <>
      <button type="button" className={`${className} icon-button-text`} aria-haspopup="dialog" onClick={a11y.open}>
        <StaticIcon data={PERSON_STANDING} />
        {intl.formatMessage(M.open)}
      </button>
      {a11y.dialog}
    </>
  );
}
