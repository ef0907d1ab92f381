/**
 * One word for one state (src/views/components/vocabulary.ts): the same overdue bill reads the
 * same on the home's 'Pendências e prazos' and on /finances, in every language of the app — the
 * bank's word, 'Vencida' in pt-BR.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { createActor, fromPromise } from 'xstate';
import type { ReactNode } from 'react';
import type { Bill, Dashboard } from '../../src/services/contract';
import { sessionMachine } from '../../src/machines/session.machine';
import { AppServicesContext, type AppServices } from '../../src/views/app-services';
import { WithAppActors } from '../fixtures/app-actors';
import { demoUser } from '../fixtures/user';
import ptBR from '../../src/i18n/pt-BR.json';
import en from '../../src/i18n/en.json';
import es from '../../src/i18n/es.json';

vi.mock('../../src/services/api/home', () => ({
  getDashboard: vi.fn(),
  getBanners: vi.fn(async () => []),
  ssoOrigins: () => [],
}));
vi.mock('../../src/services/api/finances', () => ({
  getBills: vi.fn(),
  getBill: vi.fn(),
  postBillPay: vi.fn(),
  getErpToken: vi.fn(),
}));
import * as home from '../../src/services/api/home';
import * as finances from '../../src/services/api/finances';
import HomeScreen from '../../src/views/home/screen';
import FinancesScreen from '../../src/views/finances/screen';

const OVERDUE: Bill = {
  id: 3,
  description: 'Mensalidade de outubro',
  amount_cents: 34990,
  due_date: '2026-10-31',
  status: 'overdue',
  paid_at: null,
};
const DASHBOARD: Dashboard = {
  courses: [],
  upcoming: [{ kind: 'bill', title: OVERDUE.description, date: OVERDUE.due_date, link: '/finances' }],
  pending_bills: 1,
};

function renderIn(locale: string, messages: Record<string, string>, ui: ReactNode) {
  const session = createActor(
    sessionMachine.provide({
      actors: { fetchUser: fromPromise(async () => demoUser), postLoginSetup: fromPromise(async () => {}) },
    }),
    { input: { hasToken: true, cachedUser: demoUser } },
  ).start();
  render(
    <IntlProvider locale={locale} defaultLocale="pt-BR" messages={messages}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <AppServicesContext.Provider
          value={
            { loadPayments: () => new Promise(() => {}), prefetchPayments: () => undefined } as unknown as AppServices
          }
        >
          <WithAppActors actors={{ session }}>
            <Router hook={memoryLocation({ path: '/home' }).hook}>{ui}</Router>
          </WithAppActors>
        </AppServicesContext.Provider>
      </QueryClientProvider>
    </IntlProvider>,
  );
}

/** The state said next to the overdue bill on home: the item's text after its date. */
async function homeWord(locale: string, messages: Record<string, string>): Promise<string> {
  renderIn(locale, messages, <HomeScreen />);
  const item = (await screen.findByRole('link', { name: OVERDUE.description })).closest('li')!;
  const word = within(item).getAllByText(/\S/, { selector: '.badge' }).at(-1)!.textContent!;
  cleanup();
  return word;
}

/** The state said on the overdue bill's card on /finances. */
async function financesWord(locale: string, messages: Record<string, string>): Promise<string> {
  renderIn(locale, messages, <FinancesScreen />);
  const card = (await screen.findByRole('heading', { level: 3, name: OVERDUE.description })).closest('li')!;
  const word = card.querySelector('.badge')!.textContent!;
  cleanup();
  return word;
}

afterEach(() => {
  vi.clearAllMocks();
});

describe('one vocabulary for bill states', () => {
  it.each([
    { locale: 'pt-BR', messages: ptBR, word: 'Vencida' },
    { locale: 'en', messages: en, word: 'Overdue' },
    { locale: 'es', messages: es, word: 'Vencida' },
  ])(
    'home and /finances say the same word for an overdue bill ($locale: $word)',
    async ({ locale, messages, word }) => {
      vi.mocked(home.getDashboard).mockResolvedValue(DASHBOARD);
      vi.mocked(finances.getBills).mockResolvedValue([OVERDUE]);
      expect(await homeWord(locale, messages)).toBe(word);
      expect(await financesWord(locale, messages)).toBe(word);
    },
  );

  it('no catalogue keeps a second word for the overdue bill', () => {
    for (const catalogue of [ptBR, en, es] as Record<string, string>[]) {
      expect(Object.keys(catalogue).filter((id) => /overdue/i.test(id))).toEqual([
        'vocabulary.bill.overdue',
        'vocabulary.bills.overdue',
      ]);
    }
  });
});
