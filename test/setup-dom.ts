import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// `findBy…`/`waitFor` wait for what the student would see. Testing Library's default of 1 s is
// shorter than the first dynamic import of a lazy part (a learning object's type code, a
// provider's player) takes while both cores run other test files: CI failed on two such waits.
// Product durations are never asserted with these waits but with fake timers.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
});

// jsdom has no canvas, which the Lottie player needs: it is checked in real Chromium (e2e).
vi.mock('lottie-react', () => ({ LottieLight: () => null }));

// jsdom has no modal <dialog>: the browser's behaviour that our dialogs rely on (open/close,
// the first focusable control focused, Escape → a cancelable `cancel` event) is simulated
// here; the real thing (focus trap, inert page) is checked in Chromium by the e2e tests.
if (typeof HTMLDialogElement !== 'undefined' && !HTMLDialogElement.prototype.showModal) {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
    this.querySelector<HTMLElement>('button, [href], input, select, textarea')?.focus();
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    if (!this.hasAttribute('open')) return;
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
  document.addEventListener('keydown', (event) => {
    const dialog = (event.target as Element | null)?.closest?.('dialog[open]');
    if (event.key !== 'Escape' || !dialog) return;
    if (dialog.dispatchEvent(new Event('cancel', { cancelable: true }))) (dialog as HTMLDialogElement).close();
  });
}
