/**
 * The download panel on a download actor with fake effects: the confirmation shows
 * the total size (and the data-plan warning for a large download on a mobile network), the
 * progress bar (role progressbar, value in bytes) with bytes and items, 'Cancelar'; a dropped
 * connection's message with 'Tentar novamente'; 'Disponível offline' with 'Remover download'.
 */
import { describe, expect, it } from 'vitest';
import { act, render, screen, within, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IntlProvider } from 'react-intl';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Suspense } from 'react';
import { fromCallback, fromPromise } from 'xstate';
import { downloadMachine, type DownloadEvent, type PlannedDownload } from '../../src/machines/download.machine';
import DownloadPanel from '../../src/views/downloads/panel';
import type { AppDownloads } from '../../src/views/app-services';
import type { DownloadRecord, DownloadTarget } from '../../src/services/storage/downloads-store';
import type { DownloadPlan } from '../../src/services/downloads/plan';

const target = { kind: 'course' as const, id: 1, name: 'Introdução à Informática', courseId: 1 };
const MB = 1_000_000;
const planned = (totalBytes: number, onCellular = false): PlannedDownload => ({
  plan: {
    target,
    origin: 'http://localhost:3000',
    items: [
      { id: 'lo:1', files: ['a'] },
      { id: 'lo:2', files: [] },
      { id: 'lo:3', files: [] },
    ],
    files: [{ url: 'a', bytes: totalBytes - 1000 }],
    reads: [],
    readsBytes: 1000,
    totalBytes,
    moduleIds: [1],
    onlineOnly: [3],
  },
  available: null,
  onCellular,
});
const record: DownloadRecord = {
  ...target,
  key: '1:course:1',
  userId: 1,
  savedAt: Date.parse('2026-11-25T10:30:00'),
  bytes: 72 * 1000,
  files: ['a'],
  moduleIds: [1],
  onlineOnly: [],
  reads: [],
};

function renderPanel(plan: PlannedDownload) {
  const runs: ((event: DownloadEvent) => void)[] = [];
  const machine = downloadMachine.provide({
    actors: {
      loadRecord: fromPromise<DownloadRecord | null, { target: DownloadTarget }>(async () => null),
      plan: fromPromise(async () => plan),
      download: fromCallback<DownloadEvent, { plan: DownloadPlan }>(({ sendBack }) => {
        runs.push(sendBack);
      }),
      discard: fromPromise(async () => {}),
      remove: fromPromise(async () => {}),
    },
  });
  const downloads = Promise.resolve({ provideDownloads: () => machine } as unknown as AppDownloads);
  render(
    <IntlProvider locale="pt-BR" defaultLocale="pt-BR" messages={{}}>
      <QueryClientProvider client={new QueryClient()}>
        <Suspense fallback="…">
          <DownloadPanel target={target} intent="download" userId={1} load={() => downloads} />
        </Suspense>
      </QueryClientProvider>
    </IntlProvider>,
  );
  return { send: (event: DownloadEvent) => act(() => runs.at(-1)!(event)), runs };
}

describe('download panel', () => {
  it('asks with the size, shows bytes and items, ends "Disponível offline" with "Remover download"', async () => {
    const user = userEvent.setup();
    const { send } = renderPanel(planned(2 * MB));
    const dialog = await screen.findByRole('dialog', { name: 'Baixar para estudar offline?' });
    expect(dialog).toHaveTextContent('Introdução à Informática: 2 MB no total (3 itens).');
    expect(dialog).toHaveTextContent('1 conteúdo continua precisando de internet');
    expect(dialog).not.toHaveTextContent('rede móvel');
    await user.click(screen.getByRole('button', { name: 'Baixar' }));
    const bar = await screen.findByRole('progressbar', { name: 'Progresso do download' });
    send({ type: 'download.progress', progress: { bytes: MB, items: 1 } });
    expect(bar).toHaveAttribute('value', String(MB));
    expect(bar).toHaveAttribute('max', String(2 * MB));
    expect(screen.getByText(/1 MB de 2 MB · 1 de 3 itens · 50\s?%/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancelar' })).toBeInTheDocument();
    send({ type: 'download.persisted', persisted: false });
    expect(screen.getByText(/pode apagar seus downloads/)).toBeInTheDocument();
    send({ type: 'download.finished', record });
    expect(screen.getByText('Disponível offline')).toBeInTheDocument();
    expect(screen.getByText(/^Baixado em 25\/11\/2026/)).toHaveTextContent('(72 kB)');
    expect(screen.getByRole('button', { name: 'Remover download' })).toBeInTheDocument();
  });

  it("colours 'Baixar' as the main action, not as a deletion; 'Remover download' as the destructive one", async () => {
    const { send } = renderPanel(planned(2 * MB));
    const dialog = await screen.findByRole('dialog', { name: 'Baixar para estudar offline?' });
    const download = within(dialog).getByRole('button', { name: 'Baixar' });
    expect(download).toHaveClass('button-primary');
    expect(download).not.toHaveClass('button-danger');
    await userEvent.setup().click(download);
    await screen.findByRole('progressbar', { name: 'Progresso do download' });
    send({ type: 'download.finished', record });
    expect(screen.getByRole('button', { name: 'Remover download' })).toHaveClass('button-danger-outline');
  });

  it('warns about the data plan for a large download on a mobile network', async () => {
    renderPanel(planned(80 * MB, true));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Você está numa rede móvel e este download tem mais de 50 MB');
  });

  it('a dropped connection says so; "Tentar novamente" starts again without asking', async () => {
    const user = userEvent.setup();
    const { send, runs } = renderPanel(planned(2 * MB));
    await user.click(await screen.findByRole('button', { name: 'Baixar' }));
    send({ type: 'download.failed', reason: 'network' });
    expect(screen.getByRole('alert')).toHaveTextContent('A conexão caiu durante o download');
    expect(screen.queryByText('Disponível offline')).toBeNull();
    await user.click(await screen.findByRole('button', { name: 'Tentar novamente' }));
    await waitFor(() => expect(runs).toHaveLength(2));
    expect(screen.getByRole('progressbar')).toBeInTheDocument();
  });
});
