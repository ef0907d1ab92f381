import { defineMessages } from 'react-intl';

/** Titles of the screens of spec §2 (those not built yet show only their title). */
export const ScreenMessages = defineMessages({
  index: { id: 'screen.index.title', defaultMessage: 'Início', description: 'Index (/) title' },
  home: { id: 'screen.home.title', defaultMessage: 'Página inicial', description: '/home title' },
  professionalizing: {
    id: 'screen.professionalizing.title',
    defaultMessage: 'Cursos profissionalizantes',
    description: '/profissionalizante title',
  },
  traffic: { id: 'screen.traffic.title', defaultMessage: 'Educação para o trânsito', description: '/transito title' },
  graduation: { id: 'screen.graduation.title', defaultMessage: 'Graduação', description: '/graduacao title' },
  tecmix: { id: 'screen.tecmix.title', defaultMessage: 'Educação de Jovens e Adultos', description: '/tecmix title' },
  grades: { id: 'screen.grades.title', defaultMessage: 'Notas', description: '/grades title' },
  gradeDetails: {
    id: 'screen.gradeDetails.title',
    defaultMessage: 'Notas do curso',
    description: '/grades/course title',
  },
  finances: { id: 'screen.finances.title', defaultMessage: 'Financeiro', description: '/finances title' },
  requestResetPassword: {
    id: 'screen.requestResetPassword.title',
    defaultMessage: 'Recuperar senha',
    description: '/requestResetPassword title',
  },
  resetPassword: {
    id: 'screen.resetPassword.title',
    defaultMessage: 'Redefinir senha',
    description: '/resetPassword title',
  },
  comingSoon: {
    id: 'screen.placeholder.text',
    defaultMessage: 'Esta área estará disponível em breve.',
    description: 'Body of a screen not built yet',
  },
  toCourses: {
    id: 'screen.placeholder.courses.link',
    defaultMessage: 'Ir para meus cursos',
    description: 'Link to courses',
  },
  toLogin: { id: 'screen.placeholder.login.link', defaultMessage: 'Voltar para o login', description: 'Link to login' },
});
