import { defineMessage, defineMessages } from 'react-intl';

/** Texts of the short-video shelf and player (docs/product.md §3 Short video, §7). pt-BR defaults. */
export const ShortVideosMessages = defineMessages({
  heading: {
    id: 'shortVideos.heading.title',
    defaultMessage: 'Vídeos curtos',
    description: 'Heading of the short videos section on the course list',
  },
  empty: {
    id: 'shortVideos.empty.text',
    defaultMessage: 'Nenhum vídeo curto disponível no momento.',
    description: 'Shown when the platform has no short videos',
  },
  emptyHint: {
    id: 'shortVideos.empty.hint',
    defaultMessage:
      'Novos vídeos curtos aparecem aqui quando a instituição publicar. Continue pelos seus cursos acima.',
    description: 'Explanation under "Nenhum vídeo curto disponível no momento." (the course list is above)',
  },
  duration: defineMessage<{ clock: string }>({
    id: 'shortVideos.item.duration',
    defaultMessage: 'Duração: {clock}',
    description: 'Length of a short video in the list; clock is m:ss',
  }),
  watched: {
    id: 'shortVideos.item.watched',
    defaultMessage: 'Assistido',
    description: 'Badge of a short video the student watched to the end',
  },
  close: {
    id: 'shortVideos.player.close',
    defaultMessage: 'Fechar',
    description: 'Button that closes the short video player dialog',
  },
  videoLabel: defineMessage<{ title: string }>({
    id: 'shortVideos.player.videoLabel',
    defaultMessage: 'Vídeo: {title}',
    description: 'Accessible name of the video element; title is the video title',
  }),
  resumed: defineMessage<{ clock: string }>({
    id: 'shortVideos.player.resumed',
    defaultMessage: 'Continuando de {clock}',
    description: 'Announced when playback resumes where the student stopped; clock is m:ss',
  }),
  ended: {
    id: 'shortVideos.player.ended',
    defaultMessage: 'Vídeo assistido até o fim.',
    description: 'Announced when the video reached its end (end recorded)',
  },
});
