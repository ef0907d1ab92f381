import { defineMessages } from 'react-intl';

/**
 * The new password's fields and their rules, shared by /resetPassword and 'Alterar senha' on
 * /conta — apart from the reset screens' other texts (./messages.ts), which /conta does not load.
 */
export const NewPasswordMessages = defineMessages({
  newPassword: {
    id: 'passwordReset.newPassword.label',
    defaultMessage: 'Nova senha',
    description: 'New password field',
  },
  newPasswordHint: {
    id: 'passwordReset.newPassword.hint',
    defaultMessage: 'Pelo menos 8 caracteres.',
    description: 'Password rule under the new password field',
  },
  confirmation: {
    id: 'passwordReset.confirmation.label',
    defaultMessage: 'Confirme a nova senha',
    description: 'New password confirmation field',
  },
});

/** Field errors of a new password (reset and change password). */
export const PasswordRuleMessages = defineMessages({
  required: {
    id: 'password.error.required',
    defaultMessage: 'Informe a nova senha.',
    description: 'Empty new password',
  },
  tooShort: {
    id: 'password.error.tooShort',
    defaultMessage: 'A nova senha deve ter pelo menos 8 caracteres.',
    description: 'New password shorter than 8 characters',
  },
  confirmationRequired: {
    id: 'password.error.confirmationRequired',
    defaultMessage: 'Confirme a nova senha.',
    description: 'Empty confirmation',
  },
  mismatch: {
    id: 'password.error.mismatch',
    defaultMessage: 'A confirmação não é igual à nova senha.',
    description: 'Confirmation differs from the new password',
  },
});
