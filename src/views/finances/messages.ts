import { defineMessage, defineMessages } from 'react-intl';

/** Texts of the finances screen (docs/product.md §2 /finances, §3 bills with a pix payment). pt-BR defaults. */
export const FinancesMessages = defineMessages({
  title: { id: 'finances.page.title', defaultMessage: 'Financeiro', description: 'Title of /finances' },
  intro: {
    id: 'finances.page.intro',
    defaultMessage: 'Suas faturas. Pague as faturas em aberto ou vencidas com Pix.',
    description: 'Short explanation under the finances title',
  },
  empty: {
    id: 'finances.list.empty',
    defaultMessage: 'Você não tem faturas.',
    description: 'Shown when the student has no bills',
  },
  emptyHint: {
    id: 'finances.list.emptyHint',
    defaultMessage: 'Quando houver uma fatura, ela aparece aqui e você pode pagá-la com Pix.',
    description: 'Explanation under "Você não tem faturas." with a link to the home page',
  },
  filterLabel: {
    id: 'finances.filter.label',
    defaultMessage: 'Mostrar faturas',
    description: 'Label of the status filter of the bill list',
  },
  filterAll: { id: 'finances.filter.all', defaultMessage: 'Todas', description: 'Filter option: every bill' },
  filters: {
    id: 'finances.filter.form',
    defaultMessage: 'Filtrar faturas',
    description: 'Accessible name of the bill filter form',
  },
  yearLabel: { id: 'finances.filter.year', defaultMessage: 'Ano', description: 'Label of the due year filter' },
  yearAll: { id: 'finances.filter.allYears', defaultMessage: 'Todos os anos', description: 'Year filter: every year' },
  count: defineMessage<{ count: number }>({
    id: 'finances.list.count',
    defaultMessage: '{count, plural, =0 {Nenhuma fatura encontrada} one {# fatura} other {# faturas}}',
    description: 'How many bills match the filters, all on this page; announced politely',
  }),
  countPart: defineMessage<{ shown: number; total: number }>({
    id: 'finances.list.countPart',
    defaultMessage: '{shown, number} de {total, number} faturas',
    description: 'Bills on this page of those matching the filters (e.g. "24 de 240 faturas"); announced politely',
  }),
  noMatch: {
    id: 'finances.list.noMatch',
    defaultMessage: 'Nenhuma fatura com a situação e o ano escolhidos.',
    description: 'The filters match no bill',
  },
  clear: { id: 'finances.filter.clear', defaultMessage: 'Limpar filtros', description: 'Clear the bill filters' },
  pagination: {
    id: 'finances.pagination.label',
    defaultMessage: 'Paginação das faturas',
    description: 'Pagination landmark of the bill list',
  },
  amount: defineMessage<{ amount: string }>({
    id: 'finances.bill.amount',
    defaultMessage: 'Valor: {amount}',
    description: 'Amount of a bill; amount is formatted BRL (R$ 349,90)',
  }),
  dueDate: defineMessage<{ date: string }>({
    id: 'finances.bill.dueDate',
    defaultMessage: 'Vencimento: {date}',
    description: 'Due date of a bill; date is dd/mm/aaaa',
  }),
  paidAt: defineMessage<{ date: string }>({
    id: 'finances.bill.paidAt',
    defaultMessage: 'Paga em {date}',
    description: 'When a bill was paid; date is dd/mm/aaaa',
  }),
  pay: {
    id: 'finances.bill.pay',
    defaultMessage: 'Pagar com Pix',
    description: 'Button that opens the Pix payment of a bill',
  },
  payLabel: defineMessage<{ description: string; amount: string }>({
    id: 'finances.bill.payLabel',
    defaultMessage: 'Pagar com Pix: {description}, {amount}',
    description: 'Accessible name of the pay button of one bill',
  }),
});

/** Texts of the Pix payment dialog. */
export const PixMessages = defineMessages({
  title: defineMessage<{ description: string }>({
    id: 'finances.pix.title',
    defaultMessage: 'Pagar com Pix: {description}',
    description: 'Heading of the payment dialog; description is the bill description',
  }),
  summary: defineMessage<{ amount: string; date: string }>({
    id: 'finances.pix.summary',
    defaultMessage: 'Valor: {amount} · Vencimento: {date}',
    description: 'Amount and due date of the bill being paid',
  }),
  creating: {
    id: 'finances.pix.creating',
    defaultMessage: 'Gerando o código Pix…',
    description: 'Status while the Pix charge is created',
  },
  instructions: {
    id: 'finances.pix.instructions',
    defaultMessage: 'Abra o app do seu banco, escolha pagar com Pix e leia o QR Code ou cole o código abaixo.',
    description: 'How to pay with the QR code or the copy-and-paste code',
  },
  qrAlt: defineMessage<{ amount: string }>({
    id: 'finances.pix.qrAlt',
    defaultMessage: 'QR Code Pix para pagar {amount}',
    description: 'Alt text of the Pix QR code image',
  }),
  codeLabel: {
    id: 'finances.pix.codeLabel',
    defaultMessage: 'Pix Copia e Cola',
    description: 'Label of the read-only field with the Pix BR Code',
  },
  copy: { id: 'finances.pix.copy', defaultMessage: 'Copiar código', description: 'Copies the Pix code' },
  copied: {
    id: 'finances.pix.copied',
    defaultMessage: 'Código copiado',
    description: 'Announced politely after the Pix code was copied',
  },
  copyFailed: {
    id: 'finances.pix.copyFailed',
    defaultMessage: 'Não foi possível copiar. Selecione o código e copie manualmente.',
    description: 'Announced when the clipboard refused the copy',
  },
  expiresIn: defineMessage<{ clock: string }>({
    id: 'finances.pix.expiresIn',
    defaultMessage: 'Expira em {clock}',
    description: 'Countdown to the Pix code expiry; clock is mm:ss',
  }),
  waiting: {
    id: 'finances.pix.waiting',
    defaultMessage: 'Aguardando o pagamento. Esta tela é atualizada sozinha quando o pagamento for confirmado.',
    description: 'Shown while polling the payment status',
  },
  offline: {
    id: 'finances.pix.offline',
    defaultMessage: 'Sem conexão: a confirmação do pagamento será verificada quando a conexão voltar.',
    description: 'Shown while polling is paused offline',
  },
  paid: {
    id: 'finances.pix.paid',
    defaultMessage: 'Pagamento confirmado',
    description: 'Shown and announced when the bill is paid',
  },
  expired: {
    id: 'finances.pix.expired',
    defaultMessage: 'Este código Pix expirou. Gere um novo código para pagar.',
    description: 'Shown when the Pix code expired (QR hidden)',
  },
  renew: {
    id: 'finances.pix.renew',
    defaultMessage: 'Gerar novo código',
    description: 'Creates a new Pix code after the previous one expired',
  },
  failed: defineMessage<{ message: string }>({
    id: 'finances.pix.failed',
    defaultMessage: 'Não foi possível gerar o código Pix: {message}',
    description: 'Creating the Pix charge failed; message is the reason',
  }),
  close: { id: 'finances.pix.close', defaultMessage: 'Fechar', description: 'Closes the payment dialog' },
});
