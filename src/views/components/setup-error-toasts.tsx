/**
 * Shows the post-login configuration failures of docs/product.md §8 as negative top toasts:
 * 'Um erro inesperado ocorreu. Cód: 8' (analytics config) and '… Cód: 7' (chatbot config),
 * from the event bus's `setup.error` (published by `postLoginSetup`). Renders nothing itself.
 */
import { useEffect } from 'react';
import { defineMessage, useIntl } from 'react-intl';
import { showErrorToast } from './toasts';
import type { EventBus } from '../../services/events/bus';

export const UnexpectedErrorMessage = defineMessage<{ code: string }>({
  id: 'common.unexpectedError.toast',
  defaultMessage: 'Um erro inesperado ocorreu. Cód: {code}',
  description: 'Negative toast of a failed post-login configuration (docs/product.md §8); code 7 chatbot, 8 analytics',
});

export function SetupErrorToasts({ bus }: { bus: EventBus | null | undefined }) {
  const intl = useIntl();
  useEffect(() => {
    if (!bus) return;
    return bus.on('setup.error', ({ code }) => {
      // One toast per code: a second sign-in in the same page does not stack duplicates.
      void showErrorToast(intl.formatMessage(UnexpectedErrorMessage, { code: String(code) }), {
        id: `setup-error-${code}`,
      });
    });
  }, [bus, intl]);
  return null;
}
