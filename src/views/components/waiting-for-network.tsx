/**
 * What a signed-in route shows while the session waits for the platform
 * (docs/decisions/0007-offline-keeps-the-last-known-user.md): a token is stored but no user was
 * ever read on this device, and the platform does not answer. The session is kept (offline never
 * signs out); it goes on by itself when the platform answers, or now with 'Tentar novamente'.
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

export function WaitingForNetwork() {
  const intl = useIntl();
  const session = useSessionRef();
  return (
    <main id="conteudo" tabIndex={-1} className="public-main">
      <div className="notice notice-info" role="status" aria-live="polite">
        <p>{intl.formatMessage(M.text)}</p>
        <button type="button" className="button" onClick={() => session.send({ type: 'user.refresh' })}>
          {intl.formatMessage(CommonMessages.retry)}
        </button>
      </div>
    </main>
  );
}
