import { defineMessages } from 'react-intl';

/** Texts of the 'Nova versão disponível' panel (docs/offline.md "Updates"; its title: ./messages.ts). */
export const UpdatePanelMessages = defineMessages({
  updateText: {
    id: 'pwa.update.text',
    defaultMessage: 'Atualize para usar a versão mais recente do Portal do Aluno.',
    description: 'Explains the update offer',
  },
  updateAccept: {
    id: 'pwa.update.accept',
    defaultMessage: 'Atualizar agora',
    description: 'Switch to the new version (reloads the page)',
  },
  updateBusy: {
    id: 'pwa.update.busy',
    defaultMessage: 'Atualizando…',
    description: 'The new version is taking over',
  },
  updateDismiss: {
    id: 'pwa.update.dismiss',
    defaultMessage: 'Depois',
    description: 'Hide the update offer for a while',
  },
  updateError: {
    id: 'pwa.update.error',
    defaultMessage: 'Não foi possível atualizar agora. Tente de novo.',
    description: 'The new version could not take over',
  },
});
