/**
 * The Pix payment's browser model (pixPaymentMachine, docs/product.md §3 Bills with a Pix payment, §7 ERP
 * `POST /bills/{id}/pay`, `GET /bills/{id}`; docs/architecture.md Walk 2). The student `demo`
 * opens 'Pagar com Pix' for this month's fee ('Mensalidade de <month>', `DEMO_FEES.open`). Both ERP calls are HELD by `page.route`
 * (so `creating` and `checking` are visible) and then answered as the path says: sent on to the
 * reference server (an active charge; an open bill), the server's own answer with its status
 * changed (a charge already paid or expired; a bill paid — so that the shared server's bill stays
 * open for the other paths), 409 'already paid' or 500. Time runs on Playwright's clock, paused
 * from the click on 'Pagar com Pix': ticks, poll delays and the expiry pass with `runFor` /
 * `fastForward`. The charge's lifetime is the server's (`expiration_seconds`), not a spec value.
 */
import { expect, type Page, type Route } from '@playwright/test';
import { pauseClockSoon } from './clock';
import type { EventObject } from 'xstate';
import { pixPaymentMachine } from '../../src/machines/pix-payment.machine';
import { ApiError } from '../../src/services/http/errors';
import type { MachineModel } from './model';
import { LAYOUT } from './spec';
import { DEMO_FEES } from '../e2e/support/demo-bills';

/** The dialog's texts (src/views/finances/messages.ts, the product's wording). */
const PIX = {
  pay: `Pagar com Pix: ${DEMO_FEES.open}`,
  dialog: `Pagar com Pix: ${DEMO_FEES.open}`,
  creating: 'Gerando o código Pix…',
  code: 'Pix Copia e Cola',
  copy: 'Copiar código',
  waiting: 'Aguardando o pagamento. Esta tela é atualizada sozinha quando o pagamento for confirmado.',
  offline: 'Sem conexão: a confirmação do pagamento será verificada quando a conexão voltar.',
  paid: 'Pagamento confirmado',
  expired: 'Este código Pix expirou. Gere um novo código para pagar.',
  renew: 'Gerar novo código',
  failed: 'Não foi possível gerar o código Pix:',
  retry: 'Tentar novamente',
} as const;

interface Notes {
  held: { pay: Route[]; check: Route[] };
  /** Seconds the timer must show after the next tick (null: not known yet). */
  seconds: number | null;
}

const T0 = Date.parse('2026-11-22T10:00:00.000Z');
const charge = (status: 'active' | 'paid' | 'expired') => ({
  txid: 'TX1',
  brcode: '000201',
  created_at: new Date(T0).toISOString(),
  expiration_seconds: 600,
  status,
  amount_cents: 34990,
});
const bill = (status: 'open' | 'paid') => ({ id: 7, status });

const dialog = (page: Page) => page.getByRole('dialog', { name: PIX.dialog });
const timer = (page: Page) => dialog(page).getByRole('timer');
const seconds = (text: string) => {
  const [, mm, ss] = /Expira em (\d\d):(\d\d)/.exec(text) ?? [];
  return Number(mm) * 60 + Number(ss);
};

/** With the clock paused, lets the page's zero-delay timers (queries, renders) run: 3 ms in all. */
async function settle(page: Page) {
  for (let i = 0; i < 3; i++) {
    await page.clock.runFor(1);
    await page.waitForTimeout(50);
  }
}

async function heldCall(notes: Notes, kind: 'pay' | 'check'): Promise<Route> {
  await expect.poll(() => notes.held[kind].length, { message: `a held ${kind} request` }).toBeGreaterThan(0);
  return notes.held[kind].shift()!;
}

/** Answers a held call with the reference server's answer, `data.status` changed. */
async function answerWithStatus(route: Route, status: string) {
  const response = await route.fetch();
  const body = (await response.json()) as { data: Record<string, unknown> };
  body.data.status = status;
  if (status === 'paid' && 'paid_at' in body.data) body.data.paid_at = new Date().toISOString();
  await route.fulfill({ response, json: body });
}

const outputStatus = (event: EventObject) => (event as { output?: { status?: string } }).output?.status;

export const pixPaymentModel: MachineModel<Notes> = {
  name: 'pix-payment',
  title: 'Pagamento com Pix (QR code, contagem até expirar, consulta do pagamento, sem conexão, falhas)',
  machine: pixPaymentMachine,
  generate: {
    input: { billId: 7, now: () => T0 },
    samples: (type) => {
      if (type === 'xstate.done.actor.createCharge')
        return (['active', 'paid', 'expired'] as const).map((s) => ({ type, output: charge(s) }));
      if (type === 'xstate.error.actor.createCharge')
        return [
          { type, error: new ApiError(409, { message: 'Esta fatura já foi paga.' }, '/bills/7/pay') },
          { type, error: new ApiError(500, { message: 'Erro interno do servidor.' }, '/bills/7/pay') },
        ];
      if (type === 'xstate.done.actor.checkStatus')
        return (['open', 'paid'] as const).map((s) => ({ type, output: bill(s) }));
      if (type === 'xstate.error.actor.checkStatus')
        return [{ type, error: new ApiError(500, { message: 'Erro interno do servidor.' }, '/bills/7') }];
      return [{ type }];
    },
    // Status checks and ticks leave what the student sees unchanged: they do not make new states.
    serializeState: (s) =>
      JSON.stringify([
        s.value,
        (s.context as { charge: { status: string } | null }).charge?.status ?? null,
        (s.context as { error: unknown }).error ? 1 : 0,
      ]),
  },
  startSay: () => `entra como demo, vai em Financeiro e clica em 'Pagar com Pix' da ${DEMO_FEES.open}`,
  async start({ page }) {
    const notes: Notes = { held: { pay: [], check: [] }, seconds: null };
    await page.route(/\/bills\/\d+\/pay$/, (route) => {
      notes.held.pay.push(route);
    });
    await page.route(/\/bills\/\d+$/, (route) =>
      route.request().method() === 'GET' ? void notes.held.check.push(route) : route.continue(),
    );
    await page.clock.install();
    await page.goto('/login');
    await page.getByRole('textbox', { name: LAYOUT.accessCode }).fill('demo');
    await page.getByLabel(LAYOUT.password).fill('demo1234');
    await page.getByRole('button', { name: LAYOUT.signIn }).click();
    await expect(page).toHaveURL(/\/home$/);
    await page.getByRole('navigation', { name: LAYOUT.nav }).getByRole('link', { name: 'Financeiro' }).click();
    const pay = page.getByRole('button', { name: new RegExp(`^${PIX.pay}`) });
    await expect(pay).toBeVisible();
    // From here the page's time passes only when the model says so.
    await pauseClockSoon(page, 500);
    await pay.click();
    await settle(page);
    return notes;
  },
  events: {
    'xstate.done.actor.createCharge': {
      say: (event) =>
        ({
          active: 'o servidor de referência cria a cobrança Pix',
          paid: "o servidor responde uma cobrança já 'paid'",
          expired: "o servidor responde uma cobrança já 'expired'",
        })[outputStatus(event) as 'active'] ?? '?',
      async drive({ page, notes }, event) {
        const route = await heldCall(notes, 'pay');
        const status = outputStatus(event);
        if (status === 'active') await route.continue();
        else await answerWithStatus(route, status!);
        await settle(page);
      },
    },
    'xstate.error.actor.createCharge': {
      say: (event) =>
        (event as unknown as { error: ApiError }).error.status === 409
          ? "o servidor responde 409 'Esta fatura já foi paga.'"
          : 'o servidor responde 500 ao pedido da cobrança',
      async drive({ page, notes }, event) {
        const status = (event as unknown as { error: ApiError }).error.status;
        const message = status === 409 ? 'Esta fatura já foi paga.' : 'Erro interno do servidor.';
        await (await heldCall(notes, 'pay')).fulfill({ status, json: { message } });
        await settle(page);
      },
    },
    'xstate.after.countdownTick.pixPayment.active.countdown.ticking': {
      say: () => 'passa 1 segundo',
      async drive({ page, notes }) {
        notes.seconds = seconds((await timer(page).textContent()) ?? '') - 1;
        await page.clock.runFor(1000);
        await settle(page);
      },
    },
    'xstate.after.expiry.pixPayment.active.countdown': {
      say: () => 'o tempo do código acaba (o relógio avança até a expiração)',
      async drive({ page }) {
        const left = seconds((await timer(page).textContent()) ?? '');
        await page.clock.fastForward(left * 1000 + 1000);
        await settle(page);
      },
    },
    'xstate.after.pollDelay.pixPayment.active.polling.waiting': {
      say: () => 'passa a espera até a próxima consulta (3 s na primeira)',
      async drive({ page }) {
        // The first wait is 3 s (POLL backoff 3, 5, 8… s): fastForward fires it once.
        await page.clock.fastForward(3000);
        await settle(page);
      },
    },
    'xstate.done.actor.checkStatus': {
      say: (event) =>
        outputStatus(event) === 'paid'
          ? "o servidor responde a fatura como 'paid'"
          : 'o servidor de referência responde a fatura em aberto',
      async drive({ page, notes }, event) {
        const route = await heldCall(notes, 'check');
        if (outputStatus(event) === 'paid') await answerWithStatus(route, 'paid');
        else await route.continue();
        await settle(page);
      },
    },
    'xstate.error.actor.checkStatus': {
      say: () => 'o servidor responde 500 à consulta da fatura',
      async drive({ page, notes }) {
        await (await heldCall(notes, 'check')).fulfill({ status: 500, json: { message: 'Erro interno do servidor.' } });
        await settle(page);
      },
    },
    'network.offline': {
      say: () => 'a internet cai',
      async drive({ page, context }) {
        await context.setOffline(true);
        await settle(page);
      },
    },
    'network.online': {
      say: () => 'a internet volta',
      async drive({ page, context }) {
        await context.setOffline(false);
        await settle(page);
      },
    },
    'payment.retry': {
      say: () => `clica em '${PIX.retry}'`,
      async drive({ page }) {
        await dialog(page).getByRole('alert').getByRole('button', { name: PIX.retry }).click();
        await settle(page);
      },
    },
    'payment.renew': {
      say: () => `clica em '${PIX.renew}'`,
      async drive({ page }) {
        await dialog(page).getByRole('button', { name: PIX.renew }).click();
        await settle(page);
      },
    },
  },
  states: {
    'pixPayment.creating': {
      say: () => `o diálogo '${PIX.dialog}' com '${PIX.creating}'`,
      async expect({ page }) {
        await expect(dialog(page).getByRole('status')).toHaveText(PIX.creating);
        await expect(dialog(page).getByRole('img', { name: /QR Code Pix/ })).toHaveCount(0);
      },
    },
    'pixPayment.active': {
      say: () => `o QR Code, o '${PIX.code}' e '${PIX.copy}'`,
      async expect({ page }) {
        await expect(dialog(page).getByRole('img', { name: /^QR Code Pix para pagar R\$\s349,90$/ })).toBeVisible();
        await expect(dialog(page).getByRole('textbox', { name: PIX.code })).not.toHaveValue('');
        await expect(dialog(page).getByRole('button', { name: PIX.copy })).toBeVisible();
      },
    },
    'pixPayment.active.countdown': {
      say: () => "'Expira em mm:ss'",
      expect: ({ page }) => expect(timer(page)).toHaveText(/^Expira em \d\d:\d\d$/),
    },
    'pixPayment.active.countdown.ticking': {
      say: ({ notes }) =>
        notes.seconds === null
          ? 'a contagem andando'
          : `a contagem em ${String(Math.floor(notes.seconds / 60)).padStart(2, '0')}:${String(notes.seconds % 60).padStart(2, '0')} (1 s a menos)`,
      async expect({ page, notes }) {
        if (notes.seconds !== null) expect(seconds((await timer(page).textContent()) ?? '')).toBe(notes.seconds);
      },
    },
    'pixPayment.active.polling': { say: () => '', expect: async () => {} },
    'pixPayment.active.polling.waiting': {
      say: () => `'${PIX.waiting}'`,
      async expect({ page, notes }) {
        await expect(dialog(page)).toContainText(PIX.waiting);
        expect(notes.held.check, 'no status check in flight').toHaveLength(0);
      },
    },
    'pixPayment.active.polling.checking': {
      say: () => `'${PIX.waiting}', com a consulta da fatura em andamento`,
      async expect({ page, notes }) {
        await expect(dialog(page)).toContainText(PIX.waiting);
        await expect.poll(() => notes.held.check.length, { message: 'a status check in flight' }).toBe(1);
      },
    },
    'pixPayment.active.polling.paused': {
      say: () => `'${PIX.offline}'`,
      expect: ({ page }) => expect(dialog(page)).toContainText(PIX.offline),
    },
    'pixPayment.paid': {
      say: () => `'${PIX.paid}', sem QR Code`,
      async expect({ page }) {
        await expect(dialog(page).getByRole('status')).toHaveText(PIX.paid);
        await expect(dialog(page).getByRole('img', { name: /QR Code Pix/ })).toHaveCount(0);
      },
    },
    'pixPayment.expired': {
      say: () => `'${PIX.expired}' e o botão '${PIX.renew}', sem QR Code`,
      async expect({ page }) {
        await expect(dialog(page).getByRole('status')).toHaveText(PIX.expired);
        await expect(dialog(page).getByRole('button', { name: PIX.renew })).toBeEnabled();
        await expect(dialog(page).getByRole('img', { name: /QR Code Pix/ })).toHaveCount(0);
      },
    },
    'pixPayment.failed': {
      say: () => `o alerta '${PIX.failed} …' com '${PIX.retry}'`,
      async expect({ page }) {
        await expect(dialog(page).getByRole('alert')).toContainText(PIX.failed);
        await expect(dialog(page).getByRole('alert').getByRole('button', { name: PIX.retry })).toBeEnabled();
      },
    },
  },
  excluded: {},
};
