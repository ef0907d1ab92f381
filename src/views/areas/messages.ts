import { defineMessage, defineMessages } from 'react-intl';

/** Texts of the student area screens (/profissionalizante, /transito, /graduacao, /tecmix). */
export const AreaMessages = defineMessages({
  professionalizingIntro: {
    id: 'areas.professionalizing.intro',
    defaultMessage: 'Cursos rápidos com certificado para entrar ou crescer no mercado de trabalho.',
    description: '/profissionalizante introduction',
  },
  professionalizingEmpty: {
    id: 'areas.professionalizing.empty',
    defaultMessage: 'Nenhum curso profissionalizante disponível no momento.',
    description: '/profissionalizante without courses',
  },
  trafficIntro: {
    id: 'areas.traffic.intro',
    defaultMessage: 'Curso teórico para a primeira habilitação (CNH), na plataforma de educação para o trânsito.',
    description: '/transito introduction',
  },
  trafficAccount: defineMessage<{ id: string }>({
    id: 'areas.traffic.account',
    defaultMessage: 'Sua conta na plataforma de trânsito: {id}',
    description: 'The external traffic-education account id',
  }),
  trafficOpen: {
    id: 'areas.traffic.open',
    defaultMessage: 'Abrir plataforma de trânsito',
    description: 'Link to the traffic-education platform (new tab)',
  },
  trafficModules: {
    id: 'areas.traffic.modules',
    defaultMessage: 'Módulos do curso teórico',
    description: 'Heading of the traffic-education modules',
  },
  hours: defineMessage<{ hours: number }>({
    id: 'areas.hours',
    defaultMessage: '{hours} h/aula',
    description: 'Workload of a module',
  }),
  newTab: { id: 'areas.newTab', defaultMessage: '(abre em nova aba)', description: 'Hint of a link opening a new tab' },
  graduationIntro: {
    id: 'areas.graduation.intro',
    defaultMessage: 'Seus cursos de graduação. As aulas acontecem na plataforma de graduação.',
    description: '/graduacao introduction',
  },
  graduationOpen: {
    id: 'areas.graduation.open',
    defaultMessage: 'Abrir a plataforma de graduação',
    description: 'Button that opens the LXP with single sign-on (new tab)',
  },
  graduationOpening: {
    id: 'areas.graduation.opening',
    defaultMessage: 'Abrindo a plataforma de graduação…',
    description: 'While the SSO link is requested',
  },
  graduationBlocked: {
    id: 'areas.graduation.blocked',
    defaultMessage: 'O navegador bloqueou a nova aba. Use o link abaixo.',
    description: 'Pop-up blocked: a link to the SSO address follows',
  },
  graduationFailed: defineMessage<{ message: string }>({
    id: 'areas.graduation.failed',
    defaultMessage: 'Não foi possível abrir a plataforma de graduação: {message}',
    description: 'SSO request failed',
  }),
  graduationUnsafe: {
    id: 'areas.graduation.unsafe',
    defaultMessage: 'O endereço recebido da plataforma não é permitido.',
    description: 'SSO URL not on the allowlist',
  },
  graduationCourses: {
    id: 'areas.graduation.courses',
    defaultMessage: 'Seus cursos de graduação',
    description: 'Heading of the graduation courses',
  },
  graduationEmpty: {
    id: 'areas.graduation.empty',
    defaultMessage: 'Nenhum curso de graduação encontrado.',
    description: 'No graduation course',
  },
  semester: defineMessage<{ current: number; total: number }>({
    id: 'areas.graduation.semester',
    defaultMessage: '{current}º de {total} semestres',
    description: 'Current semester of a graduation course',
  }),
  semesters: defineMessage<{ total: number }>({
    id: 'areas.graduation.semesters',
    defaultMessage: '{total} semestres',
    description: 'Length of a completed graduation course',
  }),
  tecmixIntro: {
    id: 'areas.tecmix.intro',
    defaultMessage: 'Educação de Jovens e Adultos: conclua o ensino fundamental e o médio no seu ritmo.',
    description: '/tecmix introduction',
  },
  subjectUnavailable: {
    id: 'areas.tecmix.subjectUnavailable',
    defaultMessage: 'Conteúdo ainda não disponível.',
    description: '/tecmix: a subject the platform links to no course yet',
  },
  stageProgress: defineMessage<{ stage: string }>({
    id: 'areas.tecmix.stageProgress',
    defaultMessage: 'Progresso da etapa {stage}',
    description: 'Label of a stage progress bar',
  }),
});
