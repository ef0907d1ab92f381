import { defineMessage, defineMessages } from 'react-intl';

/** Texts of the offline and update notices (docs/offline.md). */
export const PwaMessages = defineMessages({
  updateTitle: {
    id: 'pwa.update.title',
    defaultMessage: 'Nova versão disponível',
    description: 'A new version of the app was deployed and can be used after a reload',
  },
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
  offlineBanner: defineMessage<{ time: string }>({
    id: 'pwa.offline.banner',
    defaultMessage: 'Você está offline — dados de {time}',
    description: 'Offline banner; time is when the data on screen was last loaded from the server',
  }),
  offlineBannerNoData: {
    id: 'pwa.offline.banner.nodata',
    defaultMessage: 'Você está offline',
    description: 'Offline banner when the screen shows no saved data',
  },
  offlineUnseen: {
    id: 'pwa.offline.unseen',
    defaultMessage:
      'Você está offline e esta página ainda não foi aberta neste aparelho. Ela aparece assim que a conexão voltar.',
    description: 'Offline, a page whose data was never loaded on this device',
  },
  offlineNotKept: {
    id: 'pwa.offline.notKept',
    defaultMessage:
      'Você está offline e os dados desta página não ficam salvos neste aparelho. Eles aparecem assim que a conexão voltar.',
    description:
      'Offline, a page whose data is deliberately never kept on the device (personal data): it was maybe opened, but is not stored',
  },
});
