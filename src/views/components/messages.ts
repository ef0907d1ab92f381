import { defineMessage, defineMessages } from 'react-intl';

/** Texts shared by several screens. */
export const CommonMessages = defineMessages({
  loading: { id: 'common.loading.status', defaultMessage: 'Carregando…', description: 'Loading status' },
  retry: { id: 'common.retry.button', defaultMessage: 'Tentar novamente', description: 'Retry a failed read' },
  loadError: defineMessage<{ message: string }>({
    id: 'common.load.error',
    defaultMessage: 'Não foi possível carregar: {message}',
    description: 'A read failed; message is the reason',
  }),
  skipToContent: { id: 'layout.skip.link', defaultMessage: 'Pular para o conteúdo', description: 'Skip link' },
  appName: { id: 'layout.app.name', defaultMessage: 'Portal do Aluno', description: 'Product name in the header' },
  mainNav: { id: 'layout.nav.label', defaultMessage: 'Navegação principal', description: 'Main navigation landmark' },
  navHome: { id: 'layout.nav.home', defaultMessage: 'Início', description: 'Main nav: home' },
  navCourses: { id: 'layout.nav.courses', defaultMessage: 'Cursos', description: 'Main nav: courses' },
  navGrades: { id: 'layout.nav.grades', defaultMessage: 'Notas', description: 'Main nav: grades' },
  navAttachments: { id: 'layout.nav.attachments', defaultMessage: 'Documentos', description: 'Main nav: attachments' },
  navFinances: { id: 'layout.nav.finances', defaultMessage: 'Financeiro', description: 'Main nav: finances' },
  greeting: defineMessage<{ name: string }>({
    id: 'layout.user.greeting',
    defaultMessage: 'Olá, {name}',
    description: 'Signed-in student name',
  }),
  logout: { id: 'layout.logout.button', defaultMessage: 'Sair', description: 'Sign out button' },
  progress: defineMessage<{ percent: number }>({
    id: 'common.progress.label',
    defaultMessage: '{percent, number, ::percent} concluído',
    description: 'Progress of a course or module; percent is 0..1',
  }),
  cancel: { id: 'common.cancel.button', defaultMessage: 'Cancelar', description: 'Cancel a dialog' },
  offlineAction: {
    id: 'common.offline.action',
    defaultMessage: 'Sem conexão com a internet: esta ação fica disponível quando a conexão voltar.',
    description: 'Why an action that needs the network is disabled',
  },
  myCourses: {
    id: 'common.breadcrumb.courses',
    defaultMessage: 'Meus cursos',
    description: 'Breadcrumb root: course list',
  },
  breadcrumb: { id: 'common.breadcrumb.label', defaultMessage: 'Você está em', description: 'Breadcrumb landmark' },
});
