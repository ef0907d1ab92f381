/**
 * A screen of spec §2 whose content arrives with a later issue: it shows its name
 * as the page heading and a way on, so deep links and guards already work.
 */
import type { MessageDescriptor } from 'react-intl';
import { useIntl } from 'react-intl';
import { Link } from 'wouter';
import { usePageTitle } from '../components/use-page-title';
import { ScreenMessages } from './messages';
import { AccessibilityButton } from '../accessibility/panel';

export default function PlaceholderScreen({
  title,
  publicPage = false,
}: {
  title: MessageDescriptor;
  publicPage?: boolean;
}) {
  const intl = useIntl();
  const heading = intl.formatMessage(title);
  usePageTitle(heading);
  const body = (
    <section className="page">
      <h1>{heading}</h1>
      <p>{intl.formatMessage(ScreenMessages.comingSoon)}</p>
      <p>
        <Link href={publicPage ? '/login' : '/courses'}>
          {intl.formatMessage(publicPage ? ScreenMessages.toLogin : ScreenMessages.toCourses)}
        </Link>
      </p>
    </section>
  );
  return publicPage ? (
    <main id="conteudo" tabIndex={-1} className="public-main">
      <div className="public-toolbar">
        <AccessibilityButton />
      </div>
      {body}
    </main>
  ) : (
    body
  );
}
