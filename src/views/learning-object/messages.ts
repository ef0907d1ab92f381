import { defineMessage, defineMessages } from 'react-intl';

export const LearningObjectMessages = defineMessages({
  finish: { id: 'lo.finish.button', defaultMessage: 'Concluir', description: 'Mark the learning object as finished' },
  statusStarting: { id: 'lo.status.starting', defaultMessage: 'Registrando acesso…', description: 'start in flight' },
  statusStarted: { id: 'lo.status.started', defaultMessage: 'Em andamento', description: 'started, not finished' },
  statusEnding: { id: 'lo.status.ending', defaultMessage: 'Registrando conclusão…', description: 'end in flight' },
  statusEnded: { id: 'lo.status.ended', defaultMessage: 'Concluído', description: 'end recorded' },
  startFailed: {
    id: 'lo.status.startFailed',
    defaultMessage: 'Não foi possível registrar seu acesso a este conteúdo.',
    description: 'start failed',
  },
  endFailed: {
    id: 'lo.status.endFailed',
    defaultMessage: 'Não foi possível registrar a conclusão deste conteúdo.',
    description: 'end failed',
  },
  retrying: {
    id: 'lo.status.retrying',
    defaultMessage: 'Tentaremos de novo automaticamente.',
    description: 'automatic retry pending',
  },
  retry: { id: 'lo.retry.button', defaultMessage: 'Tentar novamente', description: 'Retry the failed write' },
  previous: { id: 'lo.nav.previous', defaultMessage: 'Conteúdo anterior', description: 'Previous learning object' },
  next: { id: 'lo.nav.next', defaultMessage: 'Próximo conteúdo', description: 'Next learning object' },
  backToModule: { id: 'lo.nav.module', defaultMessage: 'Voltar ao módulo', description: 'Back to module' },
  navLabel: { id: 'lo.nav.label', defaultMessage: 'Navegação entre conteúdos', description: 'Prev/next nav' },
  openPdf: { id: 'lo.pdf.open', defaultMessage: 'Abrir o PDF em nova aba', description: 'Open PDF link' },
  pdfHint: {
    id: 'lo.pdf.hint',
    defaultMessage: 'Depois de ler o documento, marque como concluído.',
    description: 'PDF instructions',
  },
  textHint: {
    id: 'lo.text.hint',
    defaultMessage: 'Ao chegar ao fim do texto, ele é marcado como concluído.',
    description: 'Text instructions',
  },
  videoHint: {
    id: 'lo.video.hint',
    defaultMessage: 'O vídeo é marcado como concluído quando termina.',
    description: 'Video instructions',
  },
  audioHint: {
    id: 'lo.audio.hint',
    defaultMessage: 'O áudio é marcado como concluído quando termina.',
    description: 'Audio instructions',
  },
  openLink: { id: 'lo.link.open', defaultMessage: 'Abrir o conteúdo externo (nova aba)', description: 'External link' },
  frameTitle: defineMessage<{ name: string }>({
    id: 'lo.frame.title',
    defaultMessage: 'Conteúdo: {name}',
    description: 'Title of an embedded frame',
  }),
  unsupported: {
    id: 'lo.unsupported.text',
    defaultMessage: 'Este tipo de conteúdo ainda não pode ser exibido aqui.',
    description: 'Unknown type',
  },
  missingContent: {
    id: 'lo.missing.text',
    defaultMessage: 'Este conteúdo está indisponível no momento.',
    description: 'No url/html',
  },
  notInModule: {
    id: 'lo.notInModule.text',
    defaultMessage: 'Conteúdo não encontrado neste módulo.',
    description: 'LO id not in module',
  },
});
