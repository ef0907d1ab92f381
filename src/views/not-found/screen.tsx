/**
 * Not-found page for any unknown path (docs/product.md §2 "any other path"). A signed-in student sees it in
 * the signed-in layout like every other page — header, navigation; inside a screen that
 * is already in the layout it adds no frame of its own; signed out, it is a page on its own.
 */
import { defineMessages, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { useContext, type ReactNode } from 'react';
import { usePageTitle } from '../components/use-page-title';
import { useSessionStatus } from '../session-context';
import { useAppActor } from '../app-actors';
import { AppLayout, InsideAppLayout } from '../components/app-layout';

const messages = defineMessages({
  title: { id: 'notFound.heading.title', defaultMessage: 'Página não encontrada', description: 'Not-found heading' },
  text: {
    id: 'notFound.body.text',
    defaultMessage: 'O endereço que você abriu não existe ou foi movido.',
    description: 'Not-found explanation',
  },
  back: { id: 'notFound.back.link', defaultMessage: 'Voltar para o início', description: 'Link to the start page' },
});

export default function NotFoundScreen() {
  const intl = useIntl();
  const title = intl.formatMessage(messages.title);
  usePageTitle(title);
  const inLayout = useContext(InsideAppLayout);
  const hasSession = useAppActor('session', { optional: true }) !== undefined;
  const page = (
    <section className="page">
      <h1>{title}</h1>
      <p>{intl.formatMessage(messages.text)}</p>
      <p>
        <Link href="/">{intl.formatMessage(messages.back)}</Link>
      </p>
    </section>
  );
  if (inLayout) return page;
  return hasSession ? <FramedBySession page={page} /> : <Standalone page={page} />;
}

/** In the signed-in layout when a student is signed in, else on its own. */
function FramedBySession({ page }: { page: ReactNode }) {
  const signedIn = useSessionStatus() === 'authenticated';
  return signedIn ? <AppLayout>{page}</AppLayout> : <Standalone page={page} />;
}

function Standalone({ page }: { page: ReactNode }) {
  return (
    <main id="conteudo" tabIndex={-1} className="public-main">
      {page}
    </main>
  );
}
