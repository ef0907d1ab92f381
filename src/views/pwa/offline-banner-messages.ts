import { defineMessage, defineMessages } from 'react-intl';

/** Texts of the offline banner of the signed-in layout (docs/offline.md). */
export const OfflineBannerMessages = defineMessages({
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
});
