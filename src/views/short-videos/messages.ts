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
  count: defineMessage<{ shown: number; total: number }>({
    id: 'shortVideos.count.text',
    defaultMessage: 'Mostrando {shown} de {total, plural, one {# vídeo} other {# vídeos}}',
    description: 'How many short videos the row shows so far out of all of them',
  }),
  more: {
    id: 'shortVideos.more.button',
    defaultMessage: 'Ver mais vídeos',
    description: 'Button under the row of short videos that adds the next batch to it',
  },
  loadingMore: {
    id: 'shortVideos.more.loading',
    defaultMessage: 'Carregando mais vídeos…',
    description: 'Text of the "Ver mais vídeos" button while the next batch is read',
  },
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
