/** Notices of /login after a password reset or an account deletion; apart so /login loads only them. */
import { defineMessages } from 'react-intl';

/** Notices of /login after a password reset or an account deletion. */
export const LoginNoticeMessages = defineMessages({
  passwordReset: {
    id: 'login.notice.passwordReset',
    defaultMessage: 'Senha alterada. Entre com a nova senha.',
    description: 'Status on /login after a successful password reset',
  },
  accountDeleted: {
    id: 'login.notice.accountDeleted',
    defaultMessage: 'Sua conta foi excluída.',
    description: 'Status on /login after the student deleted their account',
  },
  sessionExpired: {
    id: 'login.notice.sessionExpired',
    defaultMessage: 'Sua sessão expirou. Entre novamente.',
    description: 'Status on /login after the platform ended the session (401)',
  },
});
