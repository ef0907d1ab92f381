/** Texts of the "Documentos e certificados" section (docs/product.md §7 certificates), pt-BR defaults. */
import { defineMessage, defineMessages } from 'react-intl';

export const CertificatesMessages = defineMessages({
  title: {
    id: 'certificates.section.title',
    defaultMessage: 'Documentos e certificados',
    description: 'Heading of the section where the student issues documents of each enrolment contract',
  },
  intro: {
    id: 'certificates.section.intro',
    defaultMessage: 'Emita em PDF os documentos de cada matrícula. O arquivo abre em uma nova aba.',
    description: 'Explains what the documents section does',
  },
  loading: {
    id: 'certificates.section.loading',
    defaultMessage: 'Carregando suas matrículas…',
    description: "The student's contracts are loading",
  },
  error: defineMessage<{ message: string }>({
    id: 'certificates.section.error',
    defaultMessage: 'Não foi possível carregar suas matrículas: {message}',
    description: 'Loading the contracts failed; message is the reason',
  }),
  empty: {
    id: 'certificates.section.empty',
    defaultMessage: 'Você não tem matrículas com documentos disponíveis.',
    description: 'The student has no contracts, so no documents can be issued',
  },
  emptyHint: {
    id: 'certificates.section.emptyHint',
    defaultMessage:
      'Declarações e certificados ficam disponíveis aqui quando você tiver uma matrícula ativa ou concluída.',
    description:
      'Explanation under "Você não tem matrículas com documentos disponíveis." with a link to the course list',
  },
  contractMeta: defineMessage<{ contractId: number; status: string; enrolledOn: string }>({
    id: 'certificates.contract.meta',
    defaultMessage: 'Contrato nº {contractId} · {status} · ingresso em {enrolledOn}',
    description: 'Contract number, status and enrolment day under the course name',
  }),
  statusActive: {
    id: 'certificates.contract.status.active',
    defaultMessage: 'Ativo',
    description: 'Contract status: the student is enrolled',
  },
  statusCompleted: {
    id: 'certificates.contract.status.completed',
    defaultMessage: 'Concluído',
    description: 'Contract status: the course was completed',
  },
  actionsLabel: defineMessage<{ course: string }>({
    id: 'certificates.contract.actions',
    defaultMessage: 'Documentos de {course}',
    description: 'Accessible name of the group of document buttons of one contract',
  }),
  enrollmentStatement: {
    id: 'certificates.document.enrollmentStatement',
    defaultMessage: 'Declaração de matrícula',
    description: 'Button: issue the enrollment statement (PDF)',
  },
  courseCurriculum: {
    id: 'certificates.document.courseCurriculum',
    defaultMessage: 'Matriz curricular',
    description: 'Button: issue the course curriculum (PDF)',
  },
  idCard: {
    id: 'certificates.document.idCard',
    defaultMessage: 'Carteirinha de estudante',
    description: 'Button: issue the student ID card (PDF)',
  },
  enrollmentStatementThe: {
    id: 'certificates.document.enrollmentStatement.inSentence',
    defaultMessage: 'a declaração de matrícula',
    description: 'The enrollment statement inside a sentence, with its article',
  },
  courseCurriculumThe: {
    id: 'certificates.document.courseCurriculum.inSentence',
    defaultMessage: 'a matriz curricular',
    description: 'The course curriculum inside a sentence, with its article',
  },
  idCardThe: {
    id: 'certificates.document.idCard.inSentence',
    defaultMessage: 'a carteirinha de estudante',
    description: 'The student ID card inside a sentence, with its article',
  },
  busy: {
    id: 'certificates.issue.busy',
    defaultMessage: 'Gerando…',
    description: 'Label of a document button while its PDF is being issued',
  },
  progress: defineMessage<{ document: string }>({
    id: 'certificates.issue.progress',
    defaultMessage: 'Gerando {document}…',
    description: 'Polite status while a document is issued; document is e.g. "a declaração de matrícula"',
  }),
  opened: defineMessage<{ document: string }>({
    id: 'certificates.issue.opened',
    defaultMessage: 'Pronto: {document} foi aberta em uma nova aba.',
    description: 'The PDF was issued and opened in a new tab',
  }),
  popupBlocked: defineMessage<{ document: string }>({
    id: 'certificates.issue.popupBlocked',
    defaultMessage: 'Pronto, mas o navegador bloqueou a nova aba: use o link para baixar {document}.',
    description: 'The PDF was issued but the browser blocked the new tab',
  }),
  download: defineMessage<{ document: string }>({
    id: 'certificates.issue.download',
    defaultMessage: 'Baixar {document} (PDF)',
    description: 'Link that downloads the issued PDF with a meaningful file name',
  }),
  failed: defineMessage<{ document: string; message: string }>({
    id: 'certificates.issue.error',
    defaultMessage: 'Não foi possível gerar {document}: {message}',
    description: 'Issuing a document failed; message is the reason',
  }),
  gradTitle: {
    id: 'certificates.grad.title',
    defaultMessage: 'Cursos de graduação',
    description: "Heading of the student's graduation courses list",
  },
  gradLoading: {
    id: 'certificates.grad.loading',
    defaultMessage: 'Carregando cursos de graduação…',
    description: 'Graduation courses are loading',
  },
  gradError: defineMessage<{ message: string }>({
    id: 'certificates.grad.error',
    defaultMessage: 'Não foi possível carregar os cursos de graduação: {message}',
    description: 'Loading the graduation courses failed; message is the reason',
  }),
  gradMeta: defineMessage<{ degree: string; semesters: number }>({
    id: 'certificates.grad.meta',
    defaultMessage: '{degree} · {semesters, plural, one {# semestre} other {# semestres}}',
    description: 'Degree and length of a graduation course, e.g. "Bacharelado · 8 semestres"',
  }),
  gradInProgress: defineMessage<{ semester: number }>({
    id: 'certificates.grad.inProgress',
    defaultMessage: 'Cursando o {semester}º semestre',
    description: 'Graduation course in progress, with the current semester',
  }),
  gradCompleted: {
    id: 'certificates.grad.completed',
    defaultMessage: 'Concluído',
    description: 'Graduation course completed',
  },
});
