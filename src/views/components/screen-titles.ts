import { defineMessages } from 'react-intl';

/** Titles of the home page and the student areas of docs/product.md §2 (page headings and their links). */
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
});
