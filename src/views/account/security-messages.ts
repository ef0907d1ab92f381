import { defineMessages } from 'react-intl';

/** Texts of the account page's security sections: change password, delete account. */
export const AccountSecurityMessages = defineMessages({
  pageTitle: { id: 'account.page.title', defaultMessage: 'Minha conta', description: '/conta heading' },
  changeTitle: {
    id: 'account.changePassword.title',
    defaultMessage: 'Alterar senha',
    description: 'Change password section heading',
  },
  changeIntro: {
    id: 'account.changePassword.intro',
    defaultMessage: 'Ao alterar a senha, você sai das suas outras sessões; esta continua aberta.',
    description: 'Change password section intro',
  },
  currentPassword: {
    id: 'account.changePassword.current',
    defaultMessage: 'Senha atual',
    description: 'Current password field',
  },
  currentRequired: {
    id: 'account.changePassword.currentRequired',
    defaultMessage: 'Informe a senha atual.',
    description: 'Empty current password',
  },
  changeSubmit: {
    id: 'account.changePassword.submit',
    defaultMessage: 'Alterar senha',
    description: 'Change password button',
  },
  changeBusy: {
    id: 'account.changePassword.busy',
    defaultMessage: 'Alterando…',
    description: 'Change password in progress',
  },
  changeDone: {
    id: 'account.changePassword.done',
    defaultMessage: 'Senha alterada. Use a nova senha na próxima vez que entrar.',
    description: 'Status after the password was changed',
  },
  deleteTitle: {
    id: 'account.delete.title',
    defaultMessage: 'Excluir conta',
    description: 'Delete account section heading',
  },
  deleteIntro: {
    id: 'account.delete.intro',
    defaultMessage:
      'A exclusão é definitiva: você não poderá mais entrar com este código de acesso, e os dados da conta guardados neste aparelho serão apagados.',
    description: 'Delete account section intro',
  },
  deleteCertificates: {
    id: 'account.delete.certificates',
    defaultMessage: 'Antes de excluir, baixe seus certificados e documentos.',
    description: 'Suggestion to download certificates first',
  },
  deleteCertificatesLink: {
    id: 'account.delete.certificatesLink',
    defaultMessage: 'Ir para documentos e certificados',
    description: 'Link to the documents area',
  },
  deleteReason: {
    id: 'account.delete.reason',
    defaultMessage: 'Motivo da exclusão (opcional)',
    description: 'Deletion reason field',
  },
  deleteButton: {
    id: 'account.delete.button',
    defaultMessage: 'Excluir minha conta',
    description: 'Opens the deletion confirmation',
  },
  confirmTitle: {
    id: 'account.delete.confirmTitle',
    defaultMessage: 'Excluir sua conta?',
    description: 'Deletion confirmation title',
  },
  confirmText: {
    id: 'account.delete.confirmText',
    defaultMessage: 'Esta ação não pode ser desfeita. Você sairá agora e não poderá mais entrar com esta conta.',
    description: 'Deletion confirmation text',
  },
  confirmButton: {
    id: 'account.delete.confirmButton',
    defaultMessage: 'Excluir conta',
    description: 'Confirms the deletion',
  },
  confirmBusy: {
    id: 'account.delete.confirmBusy',
    defaultMessage: 'Excluindo…',
    description: 'Deletion in progress',
  },
  offline: {
    id: 'account.offline',
    defaultMessage: 'Sem conexão: conecte-se à internet para continuar.',
    description: 'Shown instead of sending while offline',
  },
});
