/** Not-found page for any unknown path (spec §2 "any other path"). */
import { defineMessages, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { usePageTitle } from '../components/use-page-title';

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
  return (
    <main id="conteudo" tabIndex={-1} className="public-main">
      <section className="page">
        <h1>{title}</h1>
        <p>{intl.formatMessage(messages.text)}</p>
        <p>
          <Link href="/">{intl.formatMessage(messages.back)}</Link>
        </p>
      </section>
    </main>
  );
}
