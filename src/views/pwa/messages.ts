import { defineMessages } from 'react-intl';

/**
 * Texts of the offline and update notices (docs/offline.md) that every page may show from its
 * first render (the update offer's announcement, a page not loaded offline); the update panel's
 * and the offline banner's own texts load with them (./update-panel-messages.ts,
 * ./offline-banner-messages.ts), not with the app's entry.
 */
export const PwaMessages = defineMessages({
  updateTitle: {
    id: 'pwa.update.title',
    defaultMessage: 'Nova versão disponível',
    description: 'A new version of the app was deployed and can be used after a reload',
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
