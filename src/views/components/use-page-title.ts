import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { CommonMessages } from './messages';

let firstPage = true;

/**
 * Sets `document.title` to "<title> · Portal do Aluno" while the screen is shown and, on
 * every in-app navigation after the first page, moves focus to the main landmark
 * (`#conteudo`) so keyboard and screen-reader users start reading the new page.
 */
export function usePageTitle(title: string | null | undefined): void {
  const intl = useIntl();
  const appName = intl.formatMessage(CommonMessages.appName);
  useEffect(() => {
    document.title = title ? `${title} · ${appName}` : appName;
  }, [title, appName]);
  useEffect(() => {
    if (firstPage) {
      firstPage = false;
      return;
    }
    document.getElementById('conteudo')?.focus({ preventScroll: false });
  }, []);
}
