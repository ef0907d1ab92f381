/**
 * Finances: the hub and ERP requests carry their API's headers and timeouts (the
 * ERP gets the hub's ERP token, not the session token); money and dates in pt-BR; the bill
 * list grouped by status with overdue said in text; the Pix payment shows exactly the
 * server's BR Code, copies it and announces 'Código copiado', turns 'Pagamento confirmado'
 * by polling; paying is disabled offline with the reason shown.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createIntl, IntlProvider } from 'react-intl';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Bill, BillDetails, PixCharge } from '../../src/services/contract';
import { clearToken, setToken } from '../../src/services/storage/token';
import { ApiError, TimeoutError } from '../../src/services/http/errors';
import { AppServicesContext, type AppServices } from '../../src/views/app-services';
import * as payments from '../../src/app/wiring/payments';

vi.mock('../../src/services/api/finances', () => ({
  getBills: vi.fn(),
  getBill: vi.fn(),
  postBillPay: vi.fn(),
  getErpToken: vi.fn(),
}));
import * as finances from '../../src/services/api/finances';
import FinancesScreen from '../../src/views/finances/screen';
import { BILLS_PER_PAGE, formatBRL, formatDay, pageOfBills } from '../../src/views/finances/bills';

type FinancesApi = typeof import('../../src/services/api/finances');
const realApi = () => vi.importActual<FinancesApi>('../../src/services/api/finances');

const NBSP = '\u00a0';
const BRCODE =
  '00020126710014br.gov.bcb.pix0133financeiro@escola-aprender.com.br0210Fatura 4' +
  '5204000053039865406349.905802BR5915ESCOLA APRENDER6009SAO PAULO62290525AbCdEfGhIjKlMnOpQrStUvWxY6304B1C2';

const bills: Bill[] = [
  {
    id: 1,
    description: 'Mensalidade de janeiro',
    amount_cents: 34990,
    due_date: '2026-01-10',
    status: 'paid',
    paid_at: '2026-01-08T17:00:00.000Z',
  },
  {
    id: 3,
    description: 'Mensalidade de março',
    amount_cents: 34990,
    due_date: '2026-03-10',
    status: 'overdue',
    paid_at: null,
  },
  {
    id: 4,
    description: 'Mensalidade de abril',
    amount_cents: 34990,
    due_date: '2026-12-10',
    status: 'open',
    paid_at: null,
  },
  {
    id: 5,
    description: 'Taxa de certificado',
    amount_cents: 4750,
    due_date: '2026-12-25',
    status: 'open',
    paid_at: null,
  },
];

const charge: PixCharge = {
  txid: 'AbCdEfGhIjKlMnOpQrStUvWxY',
  brcode: BRCODE,
  created_at: new Date().toISOString(),
  expiration_seconds: 900,
  status: 'active',
  amount_cents: 34990,
};

const details = (status: Bill['status']): BillDetails => ({
  ...bills[2]!,
  status,
  paid_at: status === 'paid' ? new Date().toISOString() : null,
  active_charge: status === 'paid' ? null : charge,
});

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** The app's services as the finances screen uses them: the real Pix payment wiring. */
const paymentsLoaded = Promise.resolve(payments);
const services = { loadPayments: () => paymentsLoaded, prefetchPayments: () => undefined } as unknown as AppServices;

function renderScreen(appServices: AppServices = services) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <IntlProvider locale="pt-BR" defaultLocale="pt-BR" messages={{}}>
      <AppServicesContext.Provider value={appServices}>
        <QueryClientProvider client={client}>
          <FinancesScreen />
        </QueryClientProvider>
      </AppServicesContext.Provider>
    </IntlProvider>,
  );
  return client;
}

const setOnline = (online: boolean) => {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
};

beforeAll(async () => {
  // The dialog is lazy: transform its module graph (wiring, qrcode-generator) once, before the timed waits.
  await import('../../src/views/finances/payment-dialog');
  await import('qrcode-generator');
});
beforeEach(() => {
  // The filters live in the URL: every test starts on the unfiltered list.
  window.history.replaceState(null, '', '/finances');
  vi.mocked(finances.getBills).mockReset().mockResolvedValue(bills);
  vi.mocked(finances.getBill).mockReset().mockResolvedValue(details('open'));
  vi.mocked(finances.postBillPay).mockReset().mockResolvedValue(charge);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  clearToken();
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => true });
});

describe('hub and ERP requests (docs/product.md §7 headers, §9 timeouts)', () => {
  it('the hub gets Authorization: <session token>; the ERP gets X-Access-Token: <ERP token> and JSON', async () => {
    const api = await realApi();
    api.forgetErpToken();
    setToken('sessao-123');
    const seen: Request[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const req = input instanceof Request ? input : new Request(input, init);
        seen.push(req);
        if (req.url.includes('/api/hub/')) {
          return json(200, { data: { token: 'erp-abc', expires_at: new Date(Date.now() + 3600_000).toISOString() } });
        }
        if (req.method === 'POST') return json(201, { data: charge });
        if (/\/bills\/\d+$/.test(req.url)) return json(200, { data: details('open') });
        return json(200, { data: bills });
      }),
    );
    await expect(api.getBills()).resolves.toEqual(bills);
    await expect(api.getBill(4)).resolves.toEqual(details('open'));
    await expect(api.postBillPay(4)).resolves.toEqual(charge);

    const [hub, ...erp] = seen;
    expect(hub!.url).toMatch(/\/api\/hub\/security\/student\/erp\/$/);
    expect(hub!.headers.get('authorization')).toBe('sessao-123');
    expect(hub!.headers.get('x-access-token')).toBeNull();
    expect(erp.map((r) => `${r.method} ${new URL(r.url).pathname}`)).toEqual([
      'GET /api/erp/v1/bills',
      'GET /api/erp/v1/bills/4',
      'POST /api/erp/v1/bills/4/pay',
    ]);
    for (const req of erp) {
      expect(req.headers.get('x-access-token')).toBe('erp-abc'); // the ERP token, never the session's
      expect(req.headers.get('authorization')).toBeNull();
      expect(req.headers.get('x-user-environment')).toBeNull();
    }
    // One hub call: the ERP token is kept while valid.
    expect(seen.filter((r) => r.url.includes('/api/hub/'))).toHaveLength(1);
  });

  it('asks the hub again after a 401 from the ERP, and for another session', async () => {
    const api = await realApi();
    api.forgetErpToken();
    setToken('sessao-1');
    let issued = 0;
    let erpCalls = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const req = input instanceof Request ? input : new Request(input, init);
        if (req.url.includes('/api/hub/')) {
          issued++;
          return json(200, {
            data: { token: `erp-${issued}`, expires_at: new Date(Date.now() + 3600_000).toISOString() },
          });
        }
        erpCalls++;
        return req.headers.get('x-access-token') === 'erp-1'
          ? json(401, { message: 'Sessão expirada. Entre novamente.' })
          : json(200, { data: bills });
      }),
    );
    await expect(api.getBills()).resolves.toEqual(bills);
    expect([issued, erpCalls]).toEqual([2, 2]);
    setToken('sessao-2');
    await api.getBills();
    expect(issued).toBe(3);
  });

  it('times out the hub after 30 s and the ERP after 60 s', async () => {
    const api = await realApi();
    api.forgetErpToken();
    setToken('sessao-123');
    vi.useFakeTimers();
    let answerHub = false;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const req = input instanceof Request ? input : new Request(input, init);
        if (answerHub && req.url.includes('/api/hub/')) {
          return json(200, { data: { token: 'erp-t', expires_at: new Date(Date.now() + 3600_000).toISOString() } });
        }
        return new Promise<Response>((_, reject) => {
          req.signal.addEventListener('abort', () => reject(req.signal.reason));
        });
      }),
    );
    const settle = (p: Promise<unknown>) => {
      const state: { error?: unknown; done: boolean } = { done: false };
      p.then(
        () => (state.done = true),
        (error: unknown) => Object.assign(state, { error, done: true }),
      );
      return state;
    };

    const hub = settle(api.getErpToken());
    await vi.advanceTimersByTimeAsync(29_990);
    expect(hub.done).toBe(false);
    await vi.advanceTimersByTimeAsync(20);
    expect(hub.error).toBeInstanceOf(TimeoutError);
    expect((hub.error as TimeoutError).timeoutMs).toBe(30_000);

    answerHub = true;
    const erp = settle(api.getBills());
    await vi.advanceTimersByTimeAsync(59_990);
    expect(erp.done).toBe(false);
    await vi.advanceTimersByTimeAsync(20);
    expect(erp.error).toBeInstanceOf(TimeoutError);
    expect((erp.error as TimeoutError).timeoutMs).toBe(60_000);
  });
});

describe('pt-BR formatting', () => {
  const intl = createIntl({ locale: 'pt-BR', defaultLocale: 'pt-BR', messages: {} });
  it('formats cents of BRL as reais', () => {
    expect(formatBRL(intl, 34990)).toBe(`R$${NBSP}349,90`);
    expect(formatBRL(intl, 129000)).toBe(`R$${NBSP}1.290,00`);
    expect(formatBRL(intl, 5)).toBe(`R$${NBSP}0,05`);
  });
  it('formats due dates as dd/mm/aaaa, the same calendar day in any time zone', () => {
    expect(formatDay(intl, '2026-12-10')).toBe('10/12/2026');
    expect(formatDay(intl, '2026-01-01')).toBe('01/01/2026');
  });
});

describe('finances screen', () => {
  it('groups the bills (overdue first, said in text), with BRL amounts and pt-BR due dates', async () => {
    renderScreen();
    expect(await screen.findByRole('heading', { level: 1, name: 'Financeiro' })).toBeInTheDocument();
    const overdue = await screen.findByRole('region', { name: 'Vencidas (1)' });
    const open = screen.getByRole('region', { name: 'Em aberto (2)' });
    const paid = screen.getByRole('region', { name: 'Pagas (1)' });
    const march = within(overdue).getByRole('listitem');
    expect(march).toHaveTextContent('Mensalidade de março');
    expect(march).toHaveTextContent('Vencida');
    expect(march).toHaveTextContent('Valor: R$ 349,90');
    expect(march).toHaveTextContent('Vencimento: 10/03/2026');
    expect(within(open).getAllByRole('listitem')[1]).toHaveTextContent('Valor: R$ 47,50');
    expect(within(paid).getByRole('listitem')).toHaveTextContent('Paga em 08/01/2026');
    expect(within(paid).queryByRole('button')).toBeNull();
    expect(screen.getAllByRole('button', { name: /^Pagar com Pix/ })).toHaveLength(3);
  });

  it('while the bills load, placeholders of the cards say Carregando…; no bills: says what comes next', async () => {
    let answer: (bills: Bill[]) => void = () => {};
    vi.mocked(finances.getBills).mockReturnValue(new Promise((resolve) => (answer = resolve)));
    renderScreen();
    const loading = screen.getByRole('status');
    expect(loading).toHaveTextContent('Carregando…');
    // Four card-sized placeholders in the bills' grid, hidden from assistive technology.
    expect(loading.querySelectorAll('[aria-hidden="true"] .skeleton-card')).toHaveLength(4);
    act(() => answer([]));
    expect(await screen.findByText('Você não tem faturas.')).toBeVisible();
    expect(screen.getByText('Quando houver uma fatura, ela aparece aqui e você pode pagá-la com Pix.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Ir para o início' })).toHaveAttribute('href', '/home');
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Mostrar faturas' })).toBeNull();
  });

  it('downloads the Pix dialog and payment effects while a bill to pay is shown online, so Pagar com Pix opens without them', async () => {
    const prefetchPayments = vi.fn();
    setOnline(false);
    renderScreen({ ...services, prefetchPayments });
    await screen.findByRole('region', { name: 'Vencidas (1)' });
    // Offline nothing can be paid: nothing is fetched for it.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(prefetchPayments).not.toHaveBeenCalled();
    setOnline(true);
    await vi.waitFor(() => expect(prefetchPayments).toHaveBeenCalledTimes(1));
    // Offline again: the requests not yet added stop (the signal the screen gave aborts).
    const [signal] = prefetchPayments.mock.calls[0] as [AbortSignal];
    expect(signal.aborted).toBe(false);
    setOnline(false);
    expect(signal.aborted).toBe(true);
    setOnline(true);
  });

  it('fetches nothing for payments when every bill shown is paid', async () => {
    const prefetchPayments = vi.fn();
    vi.mocked(finances.getBills).mockResolvedValue(bills.filter((b) => b.status === 'paid'));
    renderScreen({ ...services, prefetchPayments });
    await screen.findByRole('region', { name: 'Pagas (1)' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(prefetchPayments).not.toHaveBeenCalled();
  });

  it("fetches nothing ahead for payments when the browser asks to save data ('Economia de dados')", async () => {
    const prefetchPayments = vi.fn();
    Object.defineProperty(window.navigator, 'connection', { configurable: true, value: { saveData: true } });
    try {
      renderScreen({ ...services, prefetchPayments });
      await screen.findByRole('region', { name: 'Vencidas (1)' });
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(prefetchPayments).not.toHaveBeenCalled();
      // The tap still opens the dialog: its code loads then.
      await userEvent.click(screen.getAllByRole('button', { name: /Pagar com Pix/ })[0]!);
      expect(await screen.findByRole('dialog', { name: /Pix/ })).toBeVisible();
    } finally {
      delete (window.navigator as { connection?: unknown }).connection;
    }
  });

  it('filters by status', async () => {
    renderScreen();
    await screen.findByRole('region', { name: 'Vencidas (1)' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Mostrar faturas' }), 'Pagas');
    expect(screen.queryByRole('region', { name: /Vencidas/ })).toBeNull();
    expect(screen.getByRole('region', { name: 'Pagas (1)' })).toBeInTheDocument();
  });

  it('offline: Pagar com Pix is disabled and says why', async () => {
    renderScreen();
    await screen.findByRole('region', { name: 'Vencidas (1)' });
    setOnline(false);
    const reason = 'Sem conexão com a internet: esta ação fica disponível quando a conexão voltar.';
    for (const button of screen.getAllByRole('button', { name: /^Pagar com Pix/ })) {
      expect(button).toBeDisabled();
      expect(button).toHaveAccessibleDescription(reason);
    }
    expect(screen.getByText(reason)).toBeVisible();
    setOnline(true);
    expect(screen.getAllByRole('button', { name: /^Pagar com Pix/ })[0]).toBeEnabled();
  });

  it('pays with Pix: QR code, exactly the server’s code, copy announces, countdown, paid by polling', async () => {
    const user = userEvent.setup(); // with its own clipboard stub, read back below
    const client = renderScreen();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    await user.click(
      await screen.findByRole('button', { name: `Pagar com Pix: Mensalidade de abril, R$${NBSP}349,90` }),
    );

    const dialog = await screen.findByRole('dialog', { name: 'Pagar com Pix: Mensalidade de abril' });
    const code = await within(dialog).findByRole('textbox', { name: 'Pix Copia e Cola' });
    expect(code).toHaveValue(BRCODE);
    expect(code).toHaveAttribute('readonly');
    expect(finances.postBillPay).toHaveBeenCalledWith(4);
    const qr = await within(dialog).findByRole('img', { name: `QR Code Pix para pagar R$${NBSP}349,90` });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(within(dialog).getByRole('timer')).toHaveTextContent(/^Expira em 1[45]:\d\d$/);

    await user.click(within(dialog).getByRole('button', { name: 'Copiar código' }));
    expect(await navigator.clipboard.readText()).toBe(BRCODE);
    const status = within(dialog).getByRole('status');
    expect(status).toHaveAttribute('aria-live', 'polite');
    expect(status).toHaveTextContent('Código copiado');

    // The first status check comes 3 s after the code is shown (real timers here).
    vi.mocked(finances.getBill).mockResolvedValue(details('paid'));
    expect(await within(dialog).findByText('Pagamento confirmado', {}, { timeout: 6000 })).toBe(status);
    expect(finances.getBill).toHaveBeenCalledWith(4, expect.anything());
    expect(within(dialog).queryByRole('textbox')).toBeNull();
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['finances', 'bills'] });
    // The home's pending-bills count follows.
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['home'] });
  }, 15_000);

  it('shows the reason when the charge cannot be created, and retries', async () => {
    vi.mocked(finances.postBillPay).mockRejectedValueOnce(
      new ApiError(502, { message: 'Erro 502' }, '/bills/1/pay', false),
    );
    renderScreen();
    await userEvent.click(await screen.findByRole('button', { name: /^Pagar com Pix: Mensalidade de março/ }));
    const alert = await screen.findByRole('alert');
    // A human reason, never 'Erro 502'.
    expect(alert).toHaveTextContent(
      'Não foi possível gerar o código Pix: A plataforma está com instabilidade no momento. Tente novamente em alguns minutos.',
    );
    expect(alert).not.toHaveTextContent('Erro 502');
    await userEvent.click(within(alert).getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('textbox', { name: 'Pix Copia e Cola' })).toHaveValue(BRCODE);
  });
});

describe('a long bill list (ten years, two a month)', () => {
  /** 240 bills: due on the 10th and 20th of each month from 2017; 2 overdue, the last 6 open. */
  const many: Bill[] = Array.from({ length: 240 }, (_, i) => {
    const month = Math.floor(i / 2);
    const due = `${2017 + Math.floor(month / 12)}-${String((month % 12) + 1).padStart(2, '0')}-${i % 2 ? '20' : '10'}`;
    const status: Bill['status'] = i >= 234 ? 'open' : i === 40 || i === 200 ? 'overdue' : 'paid';
    return { id: i + 1, description: `Fatura ${i + 1}`, amount_cents: 1000, due_date: due, status, paid_at: null };
  });

  it('pages them: overdue oldest first, then open soonest first, then paid newest first', () => {
    const first = pageOfBills(many, { status: null, year: null, page: 1 });
    expect(first.total).toBe(240);
    expect(first.last).toBe(Math.ceil(240 / BILLS_PER_PAGE));
    expect(first.totals).toEqual({ overdue: 2, open: 6, paid: 232 });
    expect(first.bills.slice(0, 9).map((b) => b.id)).toEqual([41, 201, 235, 236, 237, 238, 239, 240, 234]);
    const last = pageOfBills(many, { status: null, year: null, page: first.last });
    expect(last.bills.at(-1)!.id).toBe(1);
    expect(first.years).toEqual([2026, 2025, 2024, 2023, 2022, 2021, 2020, 2019, 2018, 2017]);
  });

  it('filters by status and year; a page past the last is empty', () => {
    const paid2017 = pageOfBills(many, { status: 'paid', year: 2017, page: 1 });
    expect(paid2017.total).toBe(24);
    expect(paid2017.bills.every((b) => b.status === 'paid' && b.due_date.startsWith('2017'))).toBe(true);
    expect(pageOfBills(many, { status: 'open', year: 2017, page: 1 }).total).toBe(0);
    expect(pageOfBills(many, { status: null, year: null, page: 99 }).bills).toEqual([]);
  });

  it('shows one page, announces "24 de 240 faturas" and keeps status and year in the URL', async () => {
    vi.mocked(finances.getBills).mockResolvedValue(many);
    renderScreen();
    const count = await screen.findByText('24 de 240 faturas, página 1 de 10');
    expect(count).toHaveAttribute('role', 'status');
    expect(screen.getAllByRole('button', { name: /^Pagar com Pix/ })).toHaveLength(8);
    expect(screen.getByRole('region', { name: 'Pagas (232)' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Paginação das faturas' });
    expect(within(nav).getByRole('link', { name: 'Última página' })).toHaveAttribute('href', '/finances?page=10');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Ano' }), '2017');
    expect(window.location.pathname + window.location.search).toBe('/finances?year=2017');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Mostrar faturas' }), 'Pagas');
    expect(window.location.search).toBe('?status=paid&year=2017');
    expect(screen.getByText('24 faturas')).toHaveAttribute('role', 'status');
  });
});
