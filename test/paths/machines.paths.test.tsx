/**
 * Generated path tests (DESIGN.md §4): paths from xstate/graph replayed on real actors for
 * the boot, session, lifecycle, outbox, error-screen, platform, Pix payment, accessibility and carousel machines. Fails when a defined transition is never
 * reached; writes `.tmp/paths-coverage.json` for `scripts/paths-report.mjs` (QA's table).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import type { AnyStateMachine, EventObject } from 'xstate';
import { bootMachine, BootRedirectError } from '../../src/machines/boot.machine';
import { sessionMachine } from '../../src/machines/session.machine';
import { cooldownMachine } from '../../src/machines/cooldown.machine';
import { sessionPingMachine } from '../../src/machines/session-ping.machine';
import { lgpdConsentMachine } from '../../src/machines/lgpd-consent.machine';
import { LgpdDialog, type LgpdConsentRef } from '../../src/views/lgpd/dialog';
import { lifecycleMachine } from '../../src/machines/lifecycle.machine';
import { errorScreenMachine, formatCountdown } from '../../src/machines/error-screen.machine';
import { platformMachine } from '../../src/machines/platform.machine';
import { outboxMachine } from '../../src/machines/outbox.machine';
import { accessibilityMachine } from '../../src/machines/accessibility.machine';
import { downloadMachine, type PlannedDownload } from '../../src/machines/download.machine';
import type { DownloadRecord } from '../../src/services/storage/downloads-store';
import { carouselMachine } from '../../src/machines/carousel.machine';
import { BannerCarouselView, type CarouselRef } from '../../src/views/home/carousel';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { DEFAULT_SETTINGS } from '../../src/services/storage/accessibility-settings';
import { formatExpiry, pixPaymentMachine } from '../../src/machines/pix-payment.machine';
import { appUpdateMachine } from '../../src/machines/app-update.machine';
import { UpdatePrompt, type AppUpdateRef } from '../../src/views/pwa/update-prompt';
import { PixPaymentPanel, pixView, type PixPaymentRef } from '../../src/views/finances/payment-dialog';
import type { Bill, BillDetails, PixCharge } from '../../src/services/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { OutboxEntry } from '../../src/services/storage/outbox-store';
import { OutboxContext } from '../../src/views/outbox/context';
import { OutboxStatus } from '../../src/views/outbox/status';
import type { AppOutbox } from '../../src/app/wiring/learning';
import { ErrorScreen, type ErrorScreenRef } from '../../src/views/error-screen/screen';
import { ApiError, NetworkError } from '../../src/services/http/errors';
import type { User } from '../../src/services/contract';
import { demoUser } from '../fixtures/user';
import { act, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import type { ReactNode } from 'react';
import {
  LifecycleStatus,
  lifecycleView,
  type LifecycleRef,
  type LifecycleView,
} from '../../src/views/learning-object/lifecycle-status';
import {
  coverage,
  definedStates,
  definedTransitions,
  generatePlans,
  replay,
  type ModelOptions,
  type ReplayHooks,
} from './driver';

const user: User = demoUser;
const unauthorized = new ApiError(401, { message: 'Sessão expirada' }, '/users/self');
const offline = new NetworkError();
const refused = new ApiError(404, { message: 'Conteúdo não encontrado.' }, '/lms/learningObjects/9/end');

/** A stored progress write of student `userId`. */
const outboxEntry = (id: string, userId = 1): OutboxEntry => ({
  id,
  userId,
  status: 'pending',
  clientTime: '2026-11-22T10:00:00.000Z',
  write: { kind: 'learningObject.end', learningObjectId: 9, lessonId: 5, data: {} },
});

/** The Pix payment's clock: charges are created at PIX_T0 and the model's `now()` stays there. */
const PIX_T0 = Date.parse('2026-11-22T10:00:00.000Z');
const pixBill: Bill = {
  id: 7,
  description: 'Mensalidade de abril',
  amount_cents: 34990,
  due_date: '2026-12-10',
  status: 'open',
  paid_at: null,
};
/** A charge of the sample bill (10 min: the `expiry` step advances the clock that much). */
const pixCharge = (status: PixCharge['status']): PixCharge => ({
  txid: 'TX1',
  brcode: '00020126580014br.gov.bcb.pix0136exemplo5204000053039865406349.905802BR6304ABCD',
  created_at: new Date(PIX_T0).toISOString(),
  expiration_seconds: 600,
  status,
  amount_cents: 34990,
});
const billDetails = (status: Bill['status']): BillDetails => ({
  ...pixBill,
  status,
  paid_at: status === 'paid' ? new Date(PIX_T0).toISOString() : null,
  active_charge: null,
});
const alreadyPaid = new ApiError(409, { message: 'Esta fatura já foi paga.' }, '/bills/7/pay');

/** A course download (issue 20): its plan (fits in the space left, or not) and its record. */
const downloadTarget = { kind: 'course' as const, id: 1, name: 'Curso', courseId: 1 };
const downloadPlanned = (available: number | null): PlannedDownload => ({
  plan: {
    target: downloadTarget,
    items: [{ id: 'lo:1', files: ['/api/files/media/aula.webm'] }],
    files: [{ url: '/api/files/media/aula.webm', bytes: 1000 }],
    reads: [],
    readsBytes: 10,
    totalBytes: 1010,
    moduleIds: [1],
    onlineOnly: [],
  },
  available,
  onCellular: false,
});
const downloadRecord: DownloadRecord = {
  ...downloadTarget,
  key: '1:course:1',
  userId: 1,
  savedAt: 0,
  bytes: 1010,
  files: ['/api/files/media/aula.webm'],
  moduleIds: [1],
  onlineOnly: [],
  reads: [],
};

/** Sample events shared by the models: payload variants drive each guarded branch. */
function sampleEvents(eventType: string): EventObject[] {
  if (eventType.startsWith('xstate.after.')) return [{ type: eventType }];
  const actor = eventType.replace(/^xstate\.(done|error)\.actor\./, '');
  if (eventType.startsWith('xstate.done.actor.')) {
    const outputs: Record<string, unknown[]> = {
      login: [{ access_token: 't'.repeat(20) }],
      lookupPlatform: [{ id: 1, theme: { palette: {} } }],
      loadSettings: [[{ key: 'clarity_key', value: 'k' }]],
      fetchUser: [user],
      refreshUser: [user],
      loadEntries: [[], [outboxEntry('a')]],
      createCharge: [pixCharge('active'), pixCharge('paid'), pixCharge('expired')],
      checkStatus: [billDetails('open'), billDetails('paid')],
      loadRecord: [null, downloadRecord],
      plan: [downloadPlanned(null), downloadPlanned(100)],
    };
    // The boot's one `step` actor (each step's outcome): nothing, a path, an absolute address.
    const bootOutputs = [undefined, { redirect: '/courses' }, { redirect: 'https://sso.example.com/entrar' }];
    return (outputs[actor] ?? (bootMachine.implementations.actors[actor] ? bootOutputs : [undefined])).map(
      (output) => ({
        type: eventType,
        output,
      }),
    );
  }
  if (eventType.startsWith('xstate.error.actor.')) {
    // The boot's `step`: any other error (taken by no transition) and one carrying a target (→ redirected).
    const errors: unknown[] = bootMachine.implementations.actors[actor]
      ? [new Error('falhou'), new BootRedirectError('/login')]
      : actor === 'lookupPlatform'
        ? [
            new ApiError(404, { message: 'Plataforma não encontrada.' }, '/platforms/x'),
            offline, // transient: retried with backoff
            new ApiError(403, { message: 'Proibido.' }, '/platforms/x'), // a refusal: not retried by itself
          ]
        : actor === 'deliver'
          ? [unauthorized, offline, refused]
          : actor === 'createCharge'
            ? [alreadyPaid, offline]
            : [unauthorized, offline];
    return errors.map((error) => ({ type: eventType, error }));
  }
  switch (eventType) {
    case 'session.login':
      return [
        {
          type: eventType,
          username: 'demo',
          password: 'demo1234',
          country: 'BRA',
          nextRoute: '/courses',
        } as EventObject,
      ];
    case 'error.show':
      return [
        { type: eventType, error: { status: 500, data: { message: 'Falha no servidor' } } } as EventObject,
        { type: eventType, error: null } as EventObject,
      ];
    case 'outbox.user':
      return [{ type: eventType, userId: 1 } as EventObject, { type: eventType, userId: null } as EventObject];
    case 'outbox.added':
      return [outboxEntry('a'), outboxEntry('b'), outboxEntry('c', 2)].map(
        (entry) => ({ type: eventType, entry }) as EventObject,
      );
    case 'settings.change':
      return [{ is_libras_enabled: true }, { is_libras_enabled: false }, { is_dark_mode: true }].map(
        (patch) => ({ type: eventType, patch }) as EventObject,
      );
    case 'settings.user':
      return [
        { type: eventType, userId: 1, settings: { ...DEFAULT_SETTINGS, is_libras_enabled: true } } as EventObject,
        { type: eventType, userId: null, settings: DEFAULT_SETTINGS } as EventObject,
      ];
    case 'carousel.goTo':
      // Every slide of the 3-slide model, and one out of range (ignored).
      return [0, 1, 2, 9].map((index) => ({ type: eventType, index }) as EventObject);
    case 'ping.session':
      return [{ type: eventType, signedIn: true } as EventObject, { type: eventType, signedIn: false } as EventObject];
    case 'ping.platform':
      return [{ type: eventType, throttle: true } as EventObject, { type: eventType, throttle: false } as EventObject];
    case 'lgpd.update':
      return [{ type: eventType, due: true } as EventObject, { type: eventType, due: false } as EventObject];
    case 'cooldown.start':
      // A 2 s Retry-After: every tick branch (another second, the last one) in a finite graph.
      return [{ type: eventType, seconds: 2 } as EventObject];
    case 'download.progress':
      return [{ type: eventType, progress: { bytes: 500, items: 0 } } as EventObject];
    case 'download.persisted':
      return [{ type: eventType, persisted: true } as EventObject];
    case 'download.finished':
      return [{ type: eventType, record: downloadRecord } as EventObject];
    case 'download.failed':
      return ['network', 'quota', 'cancelled'].map((reason) => ({ type: eventType, reason }) as EventObject);
    case 'lifecycle.finish':
      return [{ type: eventType, data: { answer: 'a' } } as EventObject];
    default:
      return [{ type: eventType }];
  }
}

const models: ModelOptions[] = [
  { machine: cooldownMachine, inputs: [undefined], samples: sampleEvents },
  {
    machine: appUpdateMachine,
    inputs: [undefined],
    samples: sampleEvents,
    serializeState: (s) => JSON.stringify([s.value, (s.context as { error: unknown }).error !== null]),
  },
  {
    machine: sessionPingMachine,
    inputs: [undefined],
    samples: sampleEvents,
    // Failures beyond the first behave alike.
    serializeState: (s) => {
      const c = s.context as { signedIn: boolean; throttle: boolean; failures: number };
      return JSON.stringify([s.value, c.signedIn, c.throttle, Math.min(c.failures, 1)]);
    },
  },
  {
    machine: lgpdConsentMachine,
    inputs: [undefined],
    samples: sampleEvents,
    serializeState: (s) => JSON.stringify([s.value, (s.context as { error: unknown }).error !== null]),
  },
  {
    machine: accessibilityMachine,
    inputs: [
      { userId: null, settings: DEFAULT_SETTINGS },
      { userId: 1, settings: { ...DEFAULT_SETTINGS, is_libras_enabled: true } },
    ],
    samples: sampleEvents,
    // Only what changes behaviour: VLibras wanted or not (and who), not every other setting.
    serializeState: (s) => {
      const c = s.context as { userId: number | null; settings: { is_libras_enabled: boolean; is_dark_mode: boolean } };
      return JSON.stringify([s.value, c.userId, c.settings.is_libras_enabled, c.settings.is_dark_mode]);
    },
  },
  {
    machine: platformMachine,
    inputs: [{ host: 'localhost' }],
    samples: sampleEvents,
    // Failures in a row beyond the second behave alike (only the backoff delay grows).
    serializeState: (s) => {
      const c = s.context as { attempts: number; platform: unknown; error: unknown };
      return JSON.stringify([s.value, Math.min(c.attempts, 2), c.platform !== null, c.error !== null]);
    },
  },
  // 3 slides keep the context (index 0–2) bounded; reduced motion and a single slide start paused.
  {
    machine: carouselMachine,
    inputs: [{ count: 3 }, { count: 3, reducedMotion: true }, { count: 1 }],
    samples: sampleEvents,
  },
  // The 30 s countdown is modelled from 2 s: the same states and branches, a finite graph.
  { machine: errorScreenMachine, inputs: [{ countdownFrom: 2 }], samples: sampleEvents },
  { machine: bootMachine, inputs: [undefined], samples: sampleEvents },
  {
    machine: sessionMachine,
    inputs: [
      { hasToken: false, cachedUser: null },
      { hasToken: true, cachedUser: user },
      { hasToken: true, cachedUser: null },
      // After the 1 h freshness: signed in with the last known user, refreshed (issue 24).
      { hasToken: true, cachedUser: null, lastKnownUser: user },
    ],
    samples: sampleEvents,
  },
  {
    machine: lifecycleMachine,
    inputs: [{ kind: 'learningObject', id: 7, lessonId: 3, completed: false }],
    samples: sampleEvents,
    // The opening id is random; any failure is handled alike (the outbox retries the network).
    serializeState: (s) => {
      const c = s.context as { pendingFinish: unknown; error: unknown };
      return JSON.stringify([s.value, c.pendingFinish !== null, c.error !== null]);
    },
  },
  {
    machine: outboxMachine,
    inputs: [undefined],
    samples: sampleEvents,
    // Queues of the sample ids, capped attempts: a finite graph with every branch.
    serializeState: (s) => {
      const c = s.context as { queue: OutboxEntry[]; userId: number | null; rejected: number; attempts: number };
      return JSON.stringify([
        s.value,
        c.queue.map((e) => e.id),
        c.userId,
        Math.min(c.rejected, 1),
        Math.min(c.attempts, 2),
      ]);
    },
  },
  {
    machine: downloadMachine,
    inputs: [
      { target: downloadTarget },
      { target: downloadTarget, intent: 'download' },
      { target: downloadTarget, intent: 'remove' },
    ],
    samples: sampleEvents,
    // What changes behaviour, not the progress figures.
    serializeState: (s) => {
      const c = s.context as {
        intent: unknown;
        failure: unknown;
        confirmed: boolean;
        planned: unknown;
        record: unknown;
        removeFailed: boolean;
        persisted: unknown;
      };
      return JSON.stringify([
        s.value,
        c.intent,
        c.failure,
        c.confirmed,
        c.planned !== null,
        c.record !== null,
        c.removeFailed,
        c.persisted,
      ]);
    },
  },
  {
    machine: pixPaymentMachine,
    inputs: [{ billId: pixBill.id, now: () => PIX_T0 }],
    samples: sampleEvents,
    // Polls beyond the first behave alike (only the wait grows); `now()` is fixed, so is `remaining`.
    serializeState: (s) => {
      const c = s.context as { remaining: number; pollAttempt: number; charge: PixCharge | null };
      return JSON.stringify([s.value, c.remaining, Math.min(c.pollAttempt, 1), c.charge?.status ?? null]);
    },
  },
];

/**
 * What a student sees at each step, for machines with a view: the lifecycle status of the
 * learning-object viewer is rendered and checked against the snapshot after every step.
 */
const LIFECYCLE_TEXT: Record<LifecycleView, string | null> = {
  idle: null,
  starting: 'Registrando acesso…',
  started: 'Em andamento',
  ending: 'Registrando conclusão…',
  ended: 'Concluído',
  startFailed: null,
  endFailed: null,
};
/** Renders `view` in pt-BR; @returns its unmount (the replay's cleanup). */
const renderPtBr = (view: ReactNode) =>
  render(
    <IntlProvider locale="pt-BR" defaultLocale="pt-BR" messages={{}}>
      {view}
    </IntlProvider>,
  ).unmount;

const viewHooks: Record<string, ReplayHooks | undefined> = {
  appUpdate: {
    run: (step) => act(step),
    onStart: (actor) => renderPtBr(<UpdatePrompt update={actor as unknown as AppUpdateRef} />),
    onStep: async (snapshot, step) => {
      await act(async () => {});
      const s = snapshot as unknown as { hasTag: (t: string) => boolean; context: { error: unknown } };
      // The notice's code loads the first time an offer shows (a lazy chunk): wait for it then.
      const offer = s.hasTag('prompt')
        ? await screen.findByRole('complementary', { name: 'Nova versão disponível' })
        : screen.queryByRole('complementary', { name: 'Nova versão disponível' });
      expect(offer !== null, step).toBe(s.hasTag('prompt'));
      if (!offer) return;
      const accept = screen.getByRole('button', { name: s.hasTag('busy') ? 'Atualizando…' : 'Atualizar agora' });
      expect(accept.getAttribute('aria-disabled'), step).toBe(String(s.hasTag('busy')));
      expect(screen.getByRole('button', { name: 'Depois' }).hasAttribute('disabled'), step).toBe(s.hasTag('busy'));
      const alert = screen.queryByRole('alert');
      expect(alert?.textContent ?? null, step).toBe(
        s.context.error !== null ? 'Não foi possível atualizar agora. Tente de novo.' : null,
      );
    },
  },
  carousel: {
    run: (step) => act(step),
    onStart: (actor) => {
      const count = (actor.getSnapshot() as unknown as { context: { count: number } }).context.count;
      const banners = [1, 2, 3].slice(0, count).map((id) => ({
        id,
        title: `Destaque número ${id}`,
        text: 'Texto',
        image_url: `/api/files/media/banner-${id}.svg`,
        alt: '',
        link: null,
        visible_ead: true,
        position: id,
      }));
      return renderPtBr(
        <Router hook={memoryLocation({ path: '/home' }).hook}>
          <BannerCarouselView banners={banners} actor={actor as unknown as CarouselRef} />
        </Router>,
      );
    },
    onStep: async (snapshot, step) => {
      await act(async () => {});
      const s = snapshot as unknown as {
        hasTag: (t: string) => boolean;
        context: { index: number; count: number; announce: boolean };
      };
      const { index, count, announce } = s.context;
      // Exactly one slide shows: 'N de M'.
      const shown = screen.getAllByRole('group', { name: / de / }).filter((g) => !g.hidden);
      expect(
        shown.map((g) => g.getAttribute('aria-label')),
        step,
      ).toEqual([`${index + 1} de ${count}`]);
      if (count > 1) {
        const name = s.hasTag('rotating') ? 'Pausar' : 'Continuar rotação';
        expect(screen.getByRole('button', { name }), step).toBeTruthy();
      }
      const live = `Destaque ${index + 1} de ${count}: Destaque número ${index + 1}`;
      expect(screen.queryByText(live) !== null, step).toBe(announce);
    },
  },
  lgpdConsent: {
    run: (step) => act(step),
    onStart: (actor) => {
      const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
      client.setQueryData(['lgpdTerms'], { terms: 'Termos de teste da plataforma.', policyUrl: null });
      return renderPtBr(
        <QueryClientProvider client={client}>
          <LgpdDialog consent={actor as unknown as LgpdConsentRef} />
        </QueryClientProvider>,
      );
    },
    onStep: async (snapshot, step) => {
      await act(async () => {});
      const s = snapshot as unknown as { hasTag: (t: string) => boolean };
      const dialog = screen.queryByRole('dialog', { name: 'Privacidade e proteção de dados' });
      expect(dialog !== null, step).toBe(s.hasTag('prompt'));
      if (!dialog) return;
      expect(dialog.textContent, step).toContain('Termos de teste da plataforma.');
      const name = s.hasTag('busy') ? 'Registrando aceite…' : 'Aceitar';
      expect(screen.getByRole('button', { name }).getAttribute('aria-disabled'), step).toBe(String(s.hasTag('busy')));
      const alert = screen.queryByRole('alert');
      if (s.hasTag('error')) expect(alert?.textContent, step).toContain('Não foi possível registrar o seu aceite.');
      else expect(alert, step).toBeNull();
    },
  },
  errorScreen: {
    run: (step) => act(step),
    onStart: (actor) => renderPtBr(<ErrorScreen store={actor as unknown as ErrorScreenRef} />),
    onStep: async (snapshot, step) => {
      await act(async () => {});
      const s = snapshot as unknown as {
        hasTag: (t: string) => boolean;
        context: { remaining: number; error: { status: number | null } | null };
      };
      const dialog = screen.queryByRole('alertdialog');
      if (!s.hasTag('error-screen')) {
        expect(dialog, step).toBeNull();
        return;
      }
      expect(dialog?.textContent, step).toContain('Ops! Algo deu errado :(');
      expect(dialog?.textContent, step).toContain(`Atualizando em: ${formatCountdown(s.context.remaining)}`);
      expect(dialog?.textContent, step).toContain(`Registro de erro: Cód. ${s.context.error?.status ?? 'N/A'}`);
      expect(dialog?.textContent?.includes('Sem conexão'), step).toBe(s.hasTag('offline'));
    },
  },
  outbox: {
    run: (step) => act(step),
    onStart: (actor) =>
      renderPtBr(
        <OutboxContext.Provider value={{ actor } as unknown as AppOutbox}>
          <OutboxStatus />
        </OutboxContext.Provider>,
      ),
    onStep: async (snapshot, step) => {
      await act(async () => {});
      const s = snapshot as unknown as {
        hasTag: (t: string) => boolean;
        context: { queue: OutboxEntry[]; rejected: number };
      };
      const pending = s.context.queue.length;
      const plural = pending === 1 ? '1 registro de progresso pendente' : `${pending} registros de progresso pendentes`;
      const status = screen.getByRole('status').textContent;
      if (pending === 0) expect(status, step).toBe('');
      else if (s.hasTag('retrying')) expect(status, step).toContain(`${plural}: ser`);
      else if (s.hasTag('signInNeeded')) expect(status, step).toContain('quando você entrar novamente');
      else if (s.hasTag('sending')) expect(status, step).toMatch(/^Enviando \d+ registros? de progresso…$/);
      else expect(status, step).toBe('');
      expect(screen.queryByRole('button', { name: 'Sincronizar agora' }) !== null, step).toBe(
        s.hasTag('retrying') && pending > 0,
      );
      const alert = screen.queryByRole('alert');
      if (s.context.rejected > 0) expect(alert?.textContent, step).toContain('recusado');
      else expect(alert, step).toBeNull();
    },
  },
  lifecycle: {
    run: (step) => act(step),
    onStart: (actor) => renderPtBr(<LifecycleStatus lifecycle={actor as unknown as LifecycleRef} />),
    onStep: async (snapshot, step) => {
      await act(async () => {});
      const view = lifecycleView(snapshot as unknown as { hasTag: (t: string) => boolean });
      const status = screen.getByRole('status');
      const expected = LIFECYCLE_TEXT[view];
      if (expected === null) expect(status.textContent, step).toBe('');
      else expect(status.textContent, step).toContain(expected);
      const alert = screen.queryByRole('alert');
      if (view === 'startFailed') expect(alert?.textContent, step).toContain('Não foi possível registrar seu acesso');
      else if (view === 'endFailed')
        expect(alert?.textContent, step).toContain('Não foi possível registrar a conclusão');
      else expect(alert, step).toBeNull();
      const finish = screen.queryByRole('button', { name: 'Concluir' });
      if (view === 'ended') expect(finish, step).toBeNull();
      else expect((finish as HTMLButtonElement).disabled, step).toBe(view === 'ending' || view === 'endFailed');
    },
  },
  pixPayment: {
    run: (step) => act(step),
    onStart: (actor) =>
      renderPtBr(
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <PixPaymentPanel actor={actor as unknown as PixPaymentRef} bill={pixBill} />
        </QueryClientProvider>,
      ),
    onStep: async (snapshot, step) => {
      await act(async () => {});
      const s = snapshot as unknown as {
        hasTag: (t: string) => boolean;
        context: { remaining: number; charge: PixCharge | null };
      };
      const view = pixView(s);
      const status = screen.getByRole('status').textContent;
      const code = screen.queryByRole('textbox', { name: 'Pix Copia e Cola' });
      expect(code !== null, step).toBe(view === 'active');
      expect(screen.queryByRole('button', { name: 'Gerar novo código' }) !== null, step).toBe(view === 'expired');
      const alert = screen.queryByRole('alert');
      if (view === 'failed') expect(alert?.textContent, step).toContain('Não foi possível gerar o código Pix');
      else expect(alert, step).toBeNull();
      if (view === 'creating') expect(status, step).toBe('Gerando o código Pix…');
      if (view === 'paid') expect(status, step).toBe('Pagamento confirmado');
      if (view === 'expired') expect(status, step).toContain('Este código Pix expirou');
      if (view === 'active') {
        // Exactly the server's BR Code, the countdown of the snapshot, the offline note when paused.
        expect((code as HTMLTextAreaElement).value, step).toBe(s.context.charge?.brcode);
        expect(screen.getByRole('timer').textContent, step).toBe(`Expira em ${formatExpiry(s.context.remaining)}`);
        expect(screen.queryByText(/^Sem conexão: a confirmação/) !== null, step).toBe(s.hasTag('offline'));
      }
    },
  },
};

const report: Record<
  string,
  { states: [number, number]; transitions: [number, number]; plans: number; missing: string[] }
> = {};

describe.each(models.map((m) => [m.machine.id, m] as const))('generated paths: %s machine', (_id, model) => {
  const plans = generatePlans(model);

  it(`replays ${plans.length} generated plans on a real actor, matching the model at every step`, async () => {
    expect(plans.length).toBeGreaterThan(0);
    for (const plan of plans) await replay(model.machine as AnyStateMachine, plan, viewHooks[model.machine.id]);
  }, 120_000);

  it('reaches every state and every transition the machine defines', () => {
    const defined = definedTransitions(model.machine);
    const states = definedStates(model.machine);
    const seen = coverage.get(model.machine.id)!;
    const missing = [...defined].filter((key) => !seen.transitions.has(key));
    const missingStates = [...states].filter((id) => !seen.states.has(id));
    report[model.machine.id] = {
      states: [states.size - missingStates.length, states.size],
      transitions: [defined.size - missing.length, defined.size],
      plans: plans.length,
      missing: [...missing, ...missingStates.map((s) => `state ${s}`)],
    };
    expect(missingStates).toEqual([]);
    expect(missing).toEqual([]);
  });
});

afterAll(() => {
  mkdirSync('.tmp', { recursive: true });
  const file = '.tmp/paths-coverage.json';
  const previous = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>) : {};
  writeFileSync(file, JSON.stringify({ ...previous, ...report, generatedAt: new Date().toISOString() }, null, 2));
});
