/**
 * Offline, a screen still loading tells the truth about why (docs/offline.md "Personal data on the
 * device"): a route whose data is deliberately not kept on the device ('Minha conta', a public
 * preview: their reads are in NOT_PERSISTED) says its data is not saved here, never that it was not
 * opened; every other route says it was not opened on this device yet.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { PageLoading, offlineLoadingMessage } from '../../src/views/components/page-loading';
import { PwaMessages } from '../../src/views/pwa/messages';
import { NOT_PERSISTED, ROUTE_READS, routeDataKeptOffline } from '../../src/services/api/keys/not-persisted';
import { NOT_PERSISTED as FROM_QUERY_KEYS } from '../../src/services/api/query-keys';
import { accountKeys } from '../../src/services/api/keys/account';
import { ROUTE_PATHS } from '../../src/services/navigation/routes';

const NOT_KEPT =
  'Você está offline e os dados desta página não ficam salvos neste aparelho. Eles aparecem assim que a conexão voltar.';
const UNSEEN =
  'Você está offline e esta página ainda não foi aberta neste aparelho. Ela aparece assim que a conexão voltar.';

describe('routeDataKeptOffline: which screens can come from the device once opened', () => {
  it("'Minha conta' and a public preview cannot: their reads are never written to the device", () => {
    expect(routeDataKeptOffline('/conta')).toBe(false);
    expect(routeDataKeptOffline('/conta?x=1#perfil')).toBe(false);
    expect(routeDataKeptOffline('/lo/preview/12')).toBe(false);
  });

  it('the study screens, grades and bills can (what is opened is kept); so can an unknown path', () => {
    for (const path of ['/home', '/courses', '/courses/1', '/courses/1/modules/3', '/grades', '/finances', '/x/y']) {
      expect(routeDataKeptOffline(path), path).toBe(true);
    }
  });

  it('follows NOT_PERSISTED, the one list the persistence reads too', () => {
    expect(FROM_QUERY_KEYS).toBe(NOT_PERSISTED);
    for (const reads of Object.values(ROUTE_READS)) {
      for (const root of reads ?? []) expect(NOT_PERSISTED).toContain(root);
    }
    expect(ROUTE_READS.account).toEqual([accountKeys.all[0]]);
  });

  it('offlineLoadingMessage picks the message by route', () => {
    expect(offlineLoadingMessage(ROUTE_PATHS.account)).toBe(PwaMessages.offlineNotKept);
    expect(offlineLoadingMessage('/grades')).toBe(PwaMessages.offlineUnseen);
  });
});

describe('PageLoading offline', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    act(() => void window.dispatchEvent(new Event('online')));
  });

  const renderAt = (path: string) => {
    const memory = memoryLocation({ path });
    render(
      <IntlProvider locale="pt-BR" defaultLocale="pt-BR" messages={{}}>
        <Router hook={memory.hook} searchHook={memory.searchHook}>
          <PageLoading />
        </Router>
      </IntlProvider>,
    );
  };
  const goOffline = () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    act(() => void window.dispatchEvent(new Event('offline')));
  };

  it("on /conta: its data is not kept here — never 'ainda não foi aberta'", () => {
    renderAt('/conta');
    expect(screen.getByRole('status')).toHaveTextContent('Carregando…');
    goOffline();
    expect(screen.getByRole('status')).toHaveTextContent(NOT_KEPT);
    expect(screen.queryByText(/ainda não foi aberta/)).toBeNull();
  });

  it('on a course: not opened on this device yet', () => {
    renderAt('/courses/1');
    goOffline();
    expect(screen.getByRole('status')).toHaveTextContent(UNSEEN);
  });
});
