import { defineMessage, defineMessages } from 'react-intl';

/** Texts of the home / index dashboard. */
export const HomeMessages = defineMessages({
  greeting: defineMessage<{ name: string }>({
    id: 'home.greeting',
    defaultMessage: 'Olá, {name}!',
    description: 'Greeting under the home heading',
  }),
  areasNav: { id: 'home.areas.label', defaultMessage: 'Áreas do aluno', description: 'Label of the area shortcuts' },
  areasTitle: { id: 'home.areas.title', defaultMessage: 'Suas áreas', description: 'Heading of the area shortcuts' },
  coursesTitle: {
    id: 'home.courses.title',
    defaultMessage: 'Continue estudando',
    description: 'Heading of the courses in progress',
  },
  noCourses: {
    id: 'home.courses.empty',
    defaultMessage: 'Você concluiu todos os seus cursos. Veja a lista completa em Meus cursos.',
    description: 'No unfinished course',
  },
  allCourses: { id: 'home.courses.all', defaultMessage: 'Ver todos os cursos', description: 'Link to /courses' },
  continue: {
    id: 'home.courses.continue',
    defaultMessage: 'Continuar',
    description: "Link to the course's next object",
  },
  openCourse: { id: 'home.courses.open', defaultMessage: 'Abrir curso', description: 'Link to an empty course' },
  upcomingTitle: {
    id: 'home.upcoming.title',
    defaultMessage: 'Pendências e prazos',
    description: 'Heading of the upcoming items',
  },
  noUpcoming: { id: 'home.upcoming.empty', defaultMessage: 'Nada pendente por aqui.', description: 'No upcoming item' },
  noUpcomingHint: {
    id: 'home.upcoming.emptyHint',
    defaultMessage: 'Sem faturas em aberto nem avaliações com prazo. Aproveite para avançar nos seus cursos.',
    description: 'Explanation under "Nada pendente por aqui." with a link to the course list',
  },
  assessment: { id: 'home.upcoming.assessment', defaultMessage: 'Avaliação', description: 'Kind of an upcoming item' },
  bill: { id: 'home.upcoming.bill', defaultMessage: 'Fatura', description: 'Kind of an upcoming item' },
  pendingBills: defineMessage<{ count: number }>({
    id: 'home.bills.pending',
    defaultMessage:
      '{count, plural, =0 {Nenhuma fatura pendente.} one {Você tem # fatura pendente.} other {Você tem # faturas pendentes.}}',
    description: 'Pending bills (open + overdue) count',
  }),
  seeBills: { id: 'home.bills.see', defaultMessage: 'Ver faturas', description: 'Link to /finances' },
});

/** Texts of the banner carousel. */
export const CarouselMessages = defineMessages({
  label: { id: 'home.carousel.label', defaultMessage: 'Destaques', description: 'Accessible name of the carousel' },
  roleDescription: {
    id: 'home.carousel.roleDescription',
    defaultMessage: 'carrossel',
    description: 'aria-roledescription of the carousel',
  },
  slideRole: { id: 'home.carousel.slideRole', defaultMessage: 'slide', description: 'aria-roledescription of a slide' },
  slideLabel: defineMessage<{ n: number; total: number }>({
    id: 'home.carousel.slideLabel',
    defaultMessage: '{n} de {total}',
    description: 'Accessible name of a slide',
  }),
  previous: { id: 'home.carousel.previous', defaultMessage: 'Anterior', description: 'Previous slide button' },
  next: { id: 'home.carousel.next', defaultMessage: 'Próximo', description: 'Next slide button' },
  pause: { id: 'home.carousel.pause', defaultMessage: 'Pausar', description: 'Stops the auto-rotation' },
  play: {
    id: 'home.carousel.play',
    defaultMessage: 'Continuar rotação',
    description: 'Restarts the auto-rotation',
  },
  pickLabel: {
    id: 'home.carousel.pick',
    defaultMessage: 'Escolher destaque',
    description: 'Label of the slide indicator buttons',
  },
  pickSlide: defineMessage<{ n: number; title: string }>({
    id: 'home.carousel.pickSlide',
    defaultMessage: 'Destaque {n}: {title}',
    description: 'One slide indicator button',
  }),
  learnMore: { id: 'home.carousel.learnMore', defaultMessage: 'Saiba mais', description: 'Link of a banner' },
  announce: defineMessage<{ n: number; total: number; title: string }>({
    id: 'home.carousel.announce',
    defaultMessage: 'Destaque {n} de {total}: {title}',
    description: 'Live announcement after the student changes the slide',
  }),
});
