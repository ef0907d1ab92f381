import { defineMessage, defineMessages } from 'react-intl';

export const LoginMessages = defineMessages({
  title: { id: 'login.heading.title', defaultMessage: 'Entrar', description: 'Login page heading' },
  intro: {
    id: 'login.intro.text',
    defaultMessage: 'Acesse seus cursos, notas e documentos.',
    description: 'Login intro',
  },
  accessCode: { id: 'login.accessCode.label', defaultMessage: 'Código de acesso', description: 'Access code field' },
  password: { id: 'login.password.label', defaultMessage: 'Senha', description: 'Password field' },
  country: { id: 'login.country.label', defaultMessage: 'País', description: 'Country select' },
  brasil: { id: 'login.country.brasil', defaultMessage: 'Brasil', description: 'Country option Brasil (BRA)' },
  angola: { id: 'login.country.angola', defaultMessage: 'Angola', description: 'Country option Angola (ANG)' },
  submit: { id: 'login.submit.button', defaultMessage: 'Entrar', description: 'Sign-in button' },
  submitting: { id: 'login.submit.busy', defaultMessage: 'Entrando…', description: 'Sign-in in progress' },
  forgot: { id: 'login.forgot.link', defaultMessage: 'Esqueci minha senha', description: 'Password reset link' },
  version: defineMessage<{ version: string }>({
    id: 'login.version.text',
    defaultMessage: 'Versão {version}',
    description: 'The app version, at the bottom of the login card (support asks for it)',
  }),
  required: {
    id: 'login.required.error',
    defaultMessage: 'Preencha o código de acesso e a senha.',
    description: 'Empty fields on submit',
  },
});
