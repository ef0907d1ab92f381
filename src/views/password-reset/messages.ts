import { defineMessages } from 'react-intl';

/**
 * Texts of the password reset screens (/requestResetPassword, /resetPassword); the new password's
 * fields and rules, shared with 'Alterar senha' on /conta, are in ./new-password-messages.ts.
 */
export const ResetMessages = defineMessages({
  requestTitle: {
    id: 'passwordReset.request.title',
    defaultMessage: 'Esqueci minha senha',
    description: '/requestResetPassword heading',
  },
  requestIntro: {
    id: 'passwordReset.request.intro',
    defaultMessage: 'Informe seu código de acesso. Enviaremos um código de verificação para o e-mail da sua conta.',
    description: '/requestResetPassword intro',
  },
  accessCode: {
    id: 'passwordReset.accessCode.label',
    defaultMessage: 'Código de acesso',
    description: 'Access code field of the reset screens',
  },
  sendCode: { id: 'passwordReset.request.submit', defaultMessage: 'Enviar código', description: 'Request a code' },
  sendingCode: {
    id: 'passwordReset.request.busy',
    defaultMessage: 'Enviando…',
    description: 'Code request in progress',
  },
  haveCode: {
    id: 'passwordReset.request.haveCode',
    defaultMessage: 'Já tenho um código',
    description: 'Link to /resetPassword',
  },
  backToLogin: {
    id: 'passwordReset.backToLogin',
    defaultMessage: 'Voltar para o login',
    description: 'Link to /login',
  },
  resetTitle: {
    id: 'passwordReset.reset.title',
    defaultMessage: 'Redefinir senha',
    description: '/resetPassword heading',
  },
  resetIntro: {
    id: 'passwordReset.reset.intro',
    defaultMessage: 'Digite o código enviado para o seu e-mail e escolha uma nova senha.',
    description: '/resetPassword intro',
  },
  codeSent: {
    id: 'passwordReset.reset.codeSent',
    defaultMessage:
      'Se o código de acesso estiver cadastrado, enviamos um código de verificação para o e-mail da conta. Ele vale por 15 minutos.',
    description: 'Status after requesting a code (same text whether the account exists or not)',
  },
  code: { id: 'passwordReset.code.label', defaultMessage: 'Código de verificação', description: 'E-mailed code field' },
  codeHint: {
    id: 'passwordReset.code.hint',
    defaultMessage: 'O código de 6 dígitos enviado por e-mail.',
    description: 'Hint under the code field',
  },
  submitReset: { id: 'passwordReset.reset.submit', defaultMessage: 'Redefinir senha', description: 'Reset button' },
  submittingReset: {
    id: 'passwordReset.reset.busy',
    defaultMessage: 'Redefinindo…',
    description: 'Reset in progress',
  },
  requestNewCode: {
    id: 'passwordReset.reset.newCode',
    defaultMessage: 'Pedir um novo código',
    description: 'Link back to /requestResetPassword',
  },
  accessCodeRequired: {
    id: 'passwordReset.error.accessCodeRequired',
    defaultMessage: 'Informe o código de acesso.',
    description: 'Empty access code',
  },
  codeRequired: {
    id: 'passwordReset.error.codeRequired',
    defaultMessage: 'Informe o código enviado por e-mail.',
    description: 'Empty verification code',
  },
});

// LoginNoticeMessages (the notices of /login) live in ../login/notice-messages.ts, so that /login
// loads only them.
export { LoginNoticeMessages } from '../login/notice-messages';
