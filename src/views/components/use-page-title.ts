import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { CommonMessages } from './messages';

/** Sets `document.title` to "<title> · Portal do Aluno" while the screen is shown. */
export function usePageTitle(title: string | null | undefined): void {
  const intl = useIntl();
  const appName = intl.formatMessage(CommonMessages.appName);
  useEffect(() => {
    document.title = title ? `${title} · ${appName}` : appName;
  }, [title, appName]);
}
