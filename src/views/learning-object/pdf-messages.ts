import { defineMessages } from 'react-intl';

/**
 * Texts of a PDF learning object (./pdf-document.tsx), apart from every learning object's
 * (./messages.ts): only the PDF's chunk loads them (docs/performance.md).
 */
export const PdfMessages = defineMessages({
  openPdf: { id: 'lo.pdf.open', defaultMessage: 'Abrir o PDF em nova aba', description: 'Open PDF link' },
  pdfHint: {
    id: 'lo.pdf.hint',
    defaultMessage: 'Depois de ler o documento, marque como concluído.',
    description: 'PDF instructions',
  },
  pdfOfflineCopy: {
    id: 'lo.pdf.offlineCopy',
    defaultMessage: 'Você está offline: este é o PDF baixado neste aparelho.',
    description: 'Offline, above a PDF shown from the course downloaded for offline study',
  },
});
