/**
 * What a signed-in route shows while the session waits for the platform
 * (docs/decisions/0007-offline-keeps-the-last-known-user.md): a token is stored but no user was
 * ever read on this device, and the platform does not answer. The session is kept (offline never
 * signs out); it goes on by itself when the platform answers, or now with 'Tentar novamente'.
 * 'Sair' signs out here too (`session.logout`: the token, the cached user and the device's
 * student data are cleared as with the layout's 'Sair', and /login shows), so a student on a
 * shared device whose platform does not answer is never stuck signed in.
 */
import { defineMessages, useIntl } from 'react-intl';
import { useSessionRef } from '../session-context';
import { CommonMessages } from './messages';

const M = defineMessages({
  text: {
    id: 'session.waiting.text',
    defaultMessage:
      'Sem conexão com a plataforma. Você continua conectado: seus dados aparecem assim que ela responder.',
    description: 'A stored session waits for the platform to load the student',
  },
});

/** The waiting screen of a stored session without a known user: 'Tentar novamente' and 'Sair'. */
export function WaitingForNetwork() {
  const intl = useIntl();
  const session = useSessionRef();
  return (
    <main id="conteudo" tabIndex={-1} className="public-main">
      <div className="notice notice-info" role="status" aria-live="polite">
        <p>{intl.formatMessage(M.text)}</p>
        <p className="actions">
          <button type="button" className="button" onClick={() => session.send({ type: 'user.refresh' })}>
            {intl.formatMessage(CommonMessages.retry)}
          </button>
          <button
            type="button"
            className="button button-danger-outline"
            onClick={() => session.send({ type: 'session.logout' })}
          >
            {intl.formatMessage(CommonMessages.logout)}
          </button>
        </p>
      </div>
    </main>
  );
}
