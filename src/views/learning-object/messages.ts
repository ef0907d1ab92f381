import { defineMessage, defineMessages } from 'react-intl';

export const LearningObjectMessages = defineMessages({
  onlineOnlyOffline: {
    id: 'downloads.lo.onlineOnly',
    defaultMessage:
      'Este conteúdo precisa de internet (é um link externo ou vem de outro site). Conecte-se para abri-lo.',
    description: 'Offline, a learning object that cannot work without internet',
  },
  previous: { id: 'lo.nav.previous', defaultMessage: 'Conteúdo anterior', description: 'Previous learning object' },
  next: { id: 'lo.nav.next', defaultMessage: 'Próximo conteúdo', description: 'Next learning object' },
  backToModule: { id: 'lo.nav.module', defaultMessage: 'Voltar ao módulo', description: 'Back to module' },
  nextModule: defineMessage<{ name: string }>({
    id: 'lo.nav.nextModule',
    defaultMessage: 'Próximo módulo: {name}',
    description: "On a module's last learning object: link to the next module's first one; name = module name",
  }),
  courseEnd: {
    id: 'lo.nav.courseEnd',
    defaultMessage: 'Este é o último conteúdo do curso.',
    description: "On the course's last learning object, before the link back to the course",
  },
  backToCourse: {
    id: 'lo.nav.course',
    defaultMessage: 'Voltar ao curso',
    description: "On the course's last learning object: link back to the course page",
  },
  navLabel: { id: 'lo.nav.label', defaultMessage: 'Navegação entre conteúdos', description: 'Prev/next nav' },
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
  shortcutsTitle: { id: 'lo.shortcuts.title', defaultMessage: 'Atalhos de teclado', description: 'Shortcuts summary' },
  shortcutPrevious: {
    id: 'lo.shortcuts.previous',
    defaultMessage: 'Alt + Shift + seta para a esquerda: conteúdo anterior',
    description: 'Shortcut to the previous learning object',
  },
  shortcutNext: {
    id: 'lo.shortcuts.next',
    defaultMessage: 'Alt + Shift + seta para a direita: próximo conteúdo',
    description: 'Shortcut to the next learning object',
  },
  shortcutModule: {
    id: 'lo.shortcuts.module',
    defaultMessage: 'Alt + Shift + seta para cima: voltar ao módulo',
    description: 'Shortcut back to the module',
  },
  shortcutMedia: {
    id: 'lo.shortcuts.media',
    defaultMessage: 'No vídeo e no áudio: espaço reproduz ou pausa; setas avançam, voltam e mudam o volume',
    description: 'Native media keys',
  },
  providerPageHint: {
    id: 'lo.provider.pageHint',
    defaultMessage: 'Quando terminar a atividade, marque como concluído.',
    description: 'Under an embedded provider page (Slides, Forms, H5P…): the student finishes it with Concluir',
  },
  openIn: defineMessage<{ host: string }>({
    id: 'lo.openIn.link',
    defaultMessage: 'Abrir em {host}',
    description:
      'Link out to content the app does not embed (a site that is not an allowed provider); host = its host name',
  }),
  externalHint: {
    id: 'lo.external.hint',
    defaultMessage: 'Este conteúdo fica em outro site e abre em uma nova aba.',
    description: 'Under a link out to a site the app does not embed',
  },
  notInModule: {
    id: 'lo.notInModule.text',
    defaultMessage: 'Conteúdo não encontrado neste módulo.',
    description: 'LO id not in module',
  },
});
