import { defineMessage, defineMessages } from 'react-intl';
import { ProgressWords } from '../components/vocabulary';

/**
 * Texts of the attachments area: the list (/attachments) and what one attachment's page
 * (/attachment/{id}) shares with it (its title); that page's own texts: ./attachment-screen-messages.ts.
 */
export const AttachmentsAreaMessages = defineMessages({
  title: { id: 'attachmentsArea.title', defaultMessage: 'Documentos', description: 'Heading of /attachments' },
  mineTitle: {
    id: 'attachmentsArea.mine.title',
    defaultMessage: 'Seus arquivos',
    description: 'Section of the files given to this student',
  },
  mineEmpty: {
    id: 'attachmentsArea.mine.empty',
    defaultMessage: 'Nenhum arquivo enviado para você até agora.',
    description: 'The student has no personal files',
  },
  mineEmptyHint: {
    id: 'attachmentsArea.mine.emptyHint',
    defaultMessage:
      'Quando a instituição enviar um arquivo para você, ele aparece aqui. Os documentos da instituição estão logo abaixo.',
    description: 'Explanation under "Nenhum arquivo enviado para você até agora."',
  },
  docsEmpty: {
    id: 'attachmentsArea.docs.empty',
    defaultMessage: 'A instituição ainda não publicou documentos.',
    description: 'The platform has no documents (no filter)',
  },
  docsEmptyHint: {
    id: 'attachmentsArea.docs.emptyHint',
    defaultMessage: 'Os materiais de cada curso ficam na página do curso.',
    description: 'Explanation under "A instituição ainda não publicou documentos." with a link to the course list',
  },
  docsTitle: {
    id: 'attachmentsArea.docs.title',
    defaultMessage: 'Documentos da instituição',
    description: "Section of the platform's documents",
  },
  filters: {
    id: 'attachmentsArea.filters.label',
    defaultMessage: 'Filtrar documentos',
    description: 'Accessible name of the documents search form',
  },
  category: { id: 'attachmentsArea.filters.category', defaultMessage: 'Categoria', description: 'Category select' },
  allCategories: {
    id: 'attachmentsArea.filters.allCategories',
    defaultMessage: 'Todas as categorias',
    description: 'Category option: no filter',
  },
  categoryOption: defineMessage<{ name: string; count: number }>({
    id: 'attachmentsArea.filters.categoryOption',
    defaultMessage: '{name} ({count})',
    description: 'A category option with its number of documents',
  }),
  search: { id: 'attachmentsArea.filters.search', defaultMessage: 'Buscar pelo nome', description: 'Search field' },
  submit: { id: 'attachmentsArea.filters.submit', defaultMessage: 'Buscar', description: 'Search button' },
  count: defineMessage<{ count: number }>({
    id: 'attachmentsArea.docs.count',
    defaultMessage:
      '{count, plural, =0 {Nenhum documento encontrado} one {# documento encontrado} other {# documentos encontrados}}',
    description: 'How many documents match (announced politely)',
  }),
  noMatch: {
    id: 'attachmentsArea.docs.noMatch',
    defaultMessage: 'Nenhum documento corresponde à busca.',
    description: 'Empty filtered result',
  },
  clear: { id: 'attachmentsArea.filters.clear', defaultMessage: 'Limpar filtros', description: 'Clear the filters' },
  pagination: {
    id: 'attachmentsArea.docs.pagination',
    defaultMessage: 'Páginas de documentos',
    description: 'Pagination landmark',
  },
  statusNew: { id: 'attachmentsArea.item.new', defaultMessage: 'Não aberto', description: 'Never opened' },
  statusOpened: { id: 'attachmentsArea.item.opened', defaultMessage: 'Aberto', description: 'Opened, not viewed' },
});

/** A file's state in the area's lists; 'Concluído' as on the attachment's own page (one word for one state). */
export const ATTACHMENT_STATUS_TEXT = {
  not_started: AttachmentsAreaMessages.statusNew,
  started: AttachmentsAreaMessages.statusOpened,
  completed: ProgressWords.completed,
} as const;
