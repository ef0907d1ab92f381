import { defineMessage, defineMessages } from 'react-intl';

/**
 * Texts of 'Baixar para estudar offline' and of the storage section of 'Minha conta' (docs/offline.md).
 * The lists' 'Disponível offline' mark has its own (./badge.tsx), and a learning object's
 * online-only notice is with the learning object's texts: those screens do not load these.
 */
export const DownloadMessages = defineMessages({
  download: {
    id: 'downloads.panel.download',
    defaultMessage: 'Baixar para estudar offline',
    description: 'Button of a course or module page: download it to study without internet',
  },
  loading: {
    id: 'downloads.panel.loading',
    defaultMessage: 'Preparando o download…',
    description: 'The download feature is loading',
  },
  sizing: {
    id: 'downloads.panel.sizing',
    defaultMessage: 'Calculando o tamanho do download…',
    description: 'The size of every file of the course or module is being computed',
  },
  confirmTitle: {
    id: 'downloads.confirm.title',
    defaultMessage: 'Baixar para estudar offline?',
    description: 'Title of the dialog that asks to confirm a download',
  },
  confirmText: defineMessage<{ name: string; size: string; items: number }>({
    id: 'downloads.confirm.text',
    defaultMessage:
      '{name}: {size} no total ({items, plural, one {# item} other {# itens}}). Prefira baixar numa rede Wi-Fi.',
    description: 'Dialog text: what is downloaded, its total size and how many items',
  }),
  onlineOnly: defineMessage<{ count: number }>({
    id: 'downloads.confirm.onlineOnly',
    defaultMessage:
      '{count, plural, one {# conteúdo continua precisando} other {# conteúdos continuam precisando}} de internet (links externos ou conteúdos de outros sites).',
    description: 'Some learning objects cannot work offline (external links, third-party embeds)',
  }),
  cellular: {
    id: 'downloads.confirm.cellular',
    defaultMessage:
      'Você está numa rede móvel e este download tem mais de 50 MB: ele pode consumir seu pacote de dados.',
    description: 'Warning in the confirmation: a large download on a mobile network',
  },
  confirm: {
    id: 'downloads.confirm.confirm',
    defaultMessage: 'Baixar',
    description: 'Confirms the download',
  },
  confirmBusy: {
    id: 'downloads.confirm.busy',
    defaultMessage: 'Baixando…',
    description: 'The confirmed download is starting',
  },
  progressLabel: {
    id: 'downloads.progress.label',
    defaultMessage: 'Progresso do download',
    description: 'Accessible name of the download progress bar',
  },
  progressText: defineMessage<{ done: string; total: string; items: number; totalItems: number; percent: number }>({
    id: 'downloads.progress.text',
    defaultMessage: '{done} de {total} · {items} de {totalItems} itens · {percent, number, percent}',
    description: 'Download progress: bytes done of total, items done of total, percentage',
  }),
  cancel: {
    id: 'downloads.panel.cancel',
    defaultMessage: 'Cancelar',
    description: 'Stops the download; nothing stays stored',
  },
  available: {
    id: 'downloads.panel.available',
    defaultMessage: 'Disponível offline',
    description: 'The course or module is downloaded on this device',
  },
  availableSince: defineMessage<{ date: string; size: string }>({
    id: 'downloads.panel.availableSince',
    defaultMessage: 'Baixado em {date} ({size}).',
    description: 'When the download finished and its size',
  }),
  availableWithCourse: defineMessage<{ date: string }>({
    id: 'downloads.panel.availableWithCourse',
    defaultMessage: 'Baixado com o curso em {date}.',
    description: 'A module available offline because its whole course was downloaded',
  }),
  remove: {
    id: 'downloads.panel.remove',
    defaultMessage: 'Remover download',
    description: 'Deletes the downloaded course or module from this device',
  },
  removing: {
    id: 'downloads.panel.removing',
    defaultMessage: 'Removendo o download…',
    description: 'The download is being deleted',
  },
  removeFailed: {
    id: 'downloads.panel.removeFailed',
    defaultMessage: 'Não foi possível remover o download. Tente novamente.',
    description: 'Deleting the download failed',
  },
  failedNetwork: {
    id: 'downloads.failed.network',
    defaultMessage:
      'A conexão caiu durante o download. Nada ficou disponível offline pela metade: conecte-se e toque em “Tentar novamente”.',
    description: 'The connection dropped during the download; partial files were removed',
  },
  failedQuota: {
    id: 'downloads.failed.quota',
    defaultMessage:
      'Não há espaço suficiente neste aparelho para este download. Libere espaço (por exemplo, removendo outros downloads em Minha conta) e tente novamente.',
    description: 'The device storage is full',
  },
  failedServer: {
    id: 'downloads.failed.server',
    defaultMessage:
      'A plataforma não entregou um dos arquivos. Nada ficou disponível offline pela metade; tente novamente.',
    description: 'The platform answered an error for a file',
  },
  retry: {
    id: 'downloads.failed.retry',
    defaultMessage: 'Tentar novamente',
    description: 'Starts the failed download again',
  },
  persistedYes: {
    id: 'downloads.persisted.yes',
    defaultMessage: 'O navegador vai manter seus downloads mesmo com pouco espaço no aparelho.',
    description: 'Persistent storage granted',
  },
  persistedNo: {
    id: 'downloads.persisted.no',
    defaultMessage: 'O navegador pode apagar seus downloads se o aparelho ficar sem espaço.',
    description: 'Persistent storage not granted',
  },
});

/** Texts of the storage section of 'Minha conta'. */
export const StorageMessages = defineMessages({
  title: {
    id: 'downloads.storage.title',
    defaultMessage: 'Armazenamento neste aparelho',
    description: "Heading of the storage section of 'Minha conta'",
  },
  loading: {
    id: 'downloads.storage.loading',
    defaultMessage: 'Lendo o armazenamento…',
    description: 'Storage figures are loading',
  },
  usage: defineMessage<{ used: string; available: string }>({
    id: 'downloads.storage.usage',
    defaultMessage: 'Usado: {used} · Disponível: {available}',
    description: 'Space used by the site and space still available on this device',
  }),
  usageUnknown: {
    id: 'downloads.storage.usageUnknown',
    defaultMessage: 'Este navegador não informa o espaço usado.',
    description: 'The browser has no storage estimate',
  },
  usageLabel: {
    id: 'downloads.storage.usageLabel',
    defaultMessage: 'Espaço usado',
    description: 'Accessible name of the storage usage meter',
  },
  downloadsTitle: {
    id: 'downloads.storage.downloadsTitle',
    defaultMessage: 'Cursos e módulos baixados',
    description: 'Heading of the list of downloads',
  },
  empty: {
    id: 'downloads.storage.empty',
    defaultMessage: 'Nenhum curso ou módulo baixado neste aparelho.',
    description: 'No downloads',
  },
  item: defineMessage<{ kind: string; size: string; date: string }>({
    id: 'downloads.storage.item',
    defaultMessage: '{kind} · {size} · baixado em {date}',
    description: 'One download: course or module, its size and when',
  }),
  kindCourse: { id: 'downloads.storage.kind.course', defaultMessage: 'Curso', description: 'A downloaded course' },
  kindModule: { id: 'downloads.storage.kind.module', defaultMessage: 'Módulo', description: 'A downloaded module' },
  remove: {
    id: 'downloads.storage.remove',
    defaultMessage: 'Remover',
    description: 'Deletes one download',
  },
  removeLabel: defineMessage<{ name: string }>({
    id: 'downloads.storage.removeLabel',
    defaultMessage: 'Remover {name}',
    description: 'Accessible name of the remove button of one download',
  }),
  persistedUnknown: {
    id: 'downloads.persisted.unknown',
    defaultMessage: 'Este navegador não informa se mantém os downloads com pouco espaço.',
    description: 'Persistent storage state unknown',
  },
});
