import { defineMessages } from 'react-intl';

/**
 * Texts of a file's video or audio player offline (./offline-media.tsx), apart from every learning
 * object's (./messages.ts): only the players' chunk (./media-player.tsx) loads them
 * (docs/performance.md).
 */
export const MediaMessages = defineMessages({
  videoOffline: {
    id: 'lo.video.offline',
    defaultMessage: 'Este vídeo precisa de internet: ele não foi baixado neste aparelho. Conecte-se para assisti-lo.',
    description: 'Offline, instead of the player of a video that is not stored on the device',
  },
  audioOffline: {
    id: 'lo.audio.offline',
    defaultMessage: 'Este áudio precisa de internet: ele não foi baixado neste aparelho. Conecte-se para ouvi-lo.',
    description: 'Offline, instead of the player of an audio that is not stored on the device',
  },
  mediaOfflineDownload: {
    id: 'lo.media.offline.download',
    defaultMessage:
      'Para estudar sem internet da próxima vez, com a conexão de volta use “Baixar para estudar offline” na página do módulo ou do curso.',
    description: 'Offline, under the message of a video or audio that was not downloaded: how to have it next time',
  },
  mediaOfflineModule: {
    id: 'lo.media.offline.module',
    defaultMessage: 'Ir para o módulo',
    description: 'Link to the module page (which offers the download) from an offline video or audio',
  },
  mediaOfflineCourse: {
    id: 'lo.media.offline.course',
    defaultMessage: 'Ir para o curso',
    description: 'Link to the course page (which offers the download) from an offline video or audio',
  },
});
