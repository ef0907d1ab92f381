import { defineMessages } from 'react-intl';

/**
 * Texts of a learning object's start and end as the student sees them (./lifecycle-status.tsx),
 * apart from the viewer's (./messages.ts): the attachments' screen shows the same status without
 * loading the viewer's texts and code (docs/performance.md).
 */
export const LifecycleMessages = defineMessages({
  finish: { id: 'lo.finish.button', defaultMessage: 'Concluir', description: 'Mark the learning object as finished' },
  statusStarting: { id: 'lo.status.starting', defaultMessage: 'Registrando acesso…', description: 'start in flight' },
  statusEnding: { id: 'lo.status.ending', defaultMessage: 'Registrando conclusão…', description: 'end in flight' },
  startFailed: {
    id: 'lo.status.startFailed',
    defaultMessage: 'Não foi possível registrar seu acesso a este conteúdo.',
    description: 'start failed',
  },
  endFailed: {
    id: 'lo.status.endFailed',
    defaultMessage: 'Não foi possível registrar a conclusão deste conteúdo.',
    description: 'end failed',
  },
  retry: { id: 'lo.retry.button', defaultMessage: 'Tentar novamente', description: 'Retry the failed write' },
});
