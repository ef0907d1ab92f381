/**
 * Generated path tests (docs/architecture.md §D4), shared by the one `<machine>.paths.test.tsx` per machine:
 * the sample events that drive each guarded branch (and the fixtures they carry), the pt-BR
 * renderer of the views checked at each step, and `generatedPathTests`, which replays the paths
 * xstate/graph generates from a machine on a real actor (./driver.ts), fails when a state or
 * transition the machine defines is never reached, and writes that machine's coverage to
 * `.tmp/paths-coverage/<machine id>.json` for `scripts/paths-report.mjs` (QA's table).
 */
import { describe, expect, it } from 'vitest';
import { mkdirSync, writeFileSync } from 'node:fs';
import type { AnyStateMachine, EventObject } from 'xstate';
import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { BootRedirectError } from '../../src/services/boot/redirect-error';
import type { PlannedDownload } from '../../src/machines/download.machine';
import type { DownloadRecord } from '../../src/services/storage/downloads-store';
import { DEFAULT_SETTINGS } from '../../src/services/storage/accessibility-settings';
import type { Bill, BillDetails, PixCharge, User } from '../../src/services/contract';
import type { OutboxEntry } from '../../src/services/storage/outbox-store';
import { ApiError, ContractError, NetworkError, TimeoutError } from '../../src/services/http/errors';
import { demoUser } from '../fixtures/user';
import {
  coverage,
  definedStates,
  definedTransitions,
  generateOraclePlans,
  generatePlans,
  replay,
  replayAgainstOracle,
  situationsSeen,
  type ModelOptions,
  type ReplayHooks,
} from './driver';

export const user: User = demoUser;
const unauthorized = new ApiError(401, { message: 'Sessão expirada' }, '/users/self');
const offline = new NetworkError();
const serverError = new ApiError(500, { message: 'Falha no servidor' }, '/users/self');
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
export const PIX_T0 = Date.parse('2026-11-22T10:00:00.000Z');
export const pixBill: Bill = {
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

/** A course download: its plan (fits in the space left, or not) and its record. */
export const downloadTarget = { kind: 'course' as const, id: 1, name: 'Curso', courseId: 1 };
const downloadPlanned = (available: number | null): PlannedDownload => ({
  plan: {
    target: downloadTarget,
    origin: 'http://localhost:3000',
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

/** The boot's one invoked actor (each startup step), named here so that no path file imports the boot machine. */
const BOOT_STEP = 'step';

/** Sample events shared by the models: payload variants drive each guarded branch. */
export function sampleEvents(eventType: string): EventObject[] {
  if (eventType.startsWith('xstate.after.')) return [{ type: eventType }];
  const actor = eventType.replace(/^xstate\.(done|error)\.actor\./, '');
  if (eventType.startsWith('xstate.done.actor.')) {
    const outputs: Record<string, unknown[]> = {
      login: [{ access_token: 't'.repeat(20) }],
      // A platform with its banners, one without (`options.show_banners: false`).
      lookupPlatform: [
        { id: 1, theme: { palette: {} }, options: {} },
        { id: 2, theme: { palette: {} }, options: { show_banners: false } },
      ],
      loadSettings: [[{ key: 'clarity_key', value: 'k' }]],
      fetchUser: [user],
      refreshUser: [user],
      loadEntries: [[], [outboxEntry('a')]],
      // The send lock: free at once, or held by the service worker (or another tab).
      tryLock: [true, false],
      createCharge: [pixCharge('active'), pixCharge('paid'), pixCharge('expired')],
      checkStatus: [billDetails('open'), billDetails('paid')],
      loadRecord: [null, downloadRecord],
      plan: [downloadPlanned(null), downloadPlanned(100)],
    };
    // The boot's one `step` actor (each step's outcome): nothing, a path, an absolute address, an
    // empty one (no redirect).
    const bootOutputs = [
      undefined,
      { redirect: '/courses' },
      { redirect: 'https://sso.example.com/entrar' },
      { redirect: '' },
    ];
    return (outputs[actor] ?? (actor === BOOT_STEP ? bootOutputs : [undefined])).map((output) => ({
      type: eventType,
      output,
    }));
  }
  if (eventType.startsWith('xstate.error.actor.')) {
    const errors: Record<string, unknown[]> = {
      // The boot's `step`: any other error (taken by no transition) and one carrying a target (→ redirected).
      [BOOT_STEP]: [new Error('falhou'), new BootRedirectError('/login')],
      lookupPlatform: [
        new ApiError(404, { message: 'Plataforma não encontrada.' }, '/platforms/x'), // the error screen
        new ApiError(500, { message: 'Falha no servidor' }, '/platforms/x'), // the error screen
        offline, // transient: retried with backoff
        new TimeoutError(30_000),
        new ContractError(['id: esperado um número']),
        new ApiError(503, { message: 'Indisponível' }, '/platforms/x'),
        new ApiError(408, { message: 'Tempo esgotado' }, '/platforms/x'),
        new ApiError(429, { message: 'Muitas requisições' }, '/platforms/x'),
        new ApiError(403, { message: 'Proibido.' }, '/platforms/x'), // a refusal: not retried by itself
      ],
      deliver: [
        unauthorized,
        offline,
        refused,
        new ApiError(503, { message: 'Indisponível' }, '/lms/learningObjects/9/end'),
        new ApiError(408, { message: 'Tempo esgotado' }, '/lms/learningObjects/9/end'),
        new ContractError(['data: esperado um objeto']),
        // 'Too many requests' with a Retry-After of 45 s (longer than the backoff's 30 s cap).
        new ApiError(429, { message: 'Muitas requisições' }, '/lms/learningObjects/9/end', true, 45_000),
      ],
      createCharge: [alreadyPaid, offline],
      // The user read: the user gone (401, 404: sign out) or silence (offline, 5xx: never).
      fetchUser: [
        unauthorized,
        new ApiError(404, { message: 'Usuário não encontrado' }, '/users/self'),
        offline,
        serverError,
      ],
      refreshUser: [
        unauthorized,
        new ApiError(410, { message: 'Conta excluída' }, '/users/self'),
        offline,
        serverError,
      ],
      // The download's size: the browser's quota, the server's answer, or the connection.
      plan: [
        Object.assign(new Error('quota'), { kind: 'quota' }),
        Object.assign(new Error('5xx'), { kind: 'server' }),
        offline,
      ],
    };
    const list = errors[actor] ?? [unauthorized, offline];
    return list.map((error) => ({ type: eventType, error }));
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
    case 'session.logout':
      // 'Sair', and the sign-out after the account was deleted (/login says why).
      return [{ type: eventType } as EventObject, { type: eventType, reason: 'accountDeleted' } as EventObject];
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
      // A 2 s Retry-After: every tick branch (another second, the last one) in a finite graph;
      // 1.5 s (rounded up to 2) and 0 (at least 1 s).
      return [2, 1.5, 0].map((seconds) => ({ type: eventType, seconds }) as EventObject);
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

/** Renders `view` in pt-BR; @returns its unmount (the replay's cleanup). */
export const renderPtBr = (view: ReactNode) =>
  render(
    <IntlProvider locale="pt-BR" defaultLocale="pt-BR" messages={{}}>
      {view}
    </IntlProvider>,
  ).unmount;

/**
 * The generated path tests of one machine: replays every plan `generatePlans(model)` makes on a
 * real actor (with `hooks` checking the rendered view after each step, for machines with one), then
 * fails naming what was never reached. Writes `.tmp/paths-coverage/<machine id>.json`:
 * `{ states: [reached, defined], transitions: [reached, defined], plans, missing }`.
 */
export function generatedPathTests(model: ModelOptions, hooks?: ReplayHooks): void {
  const id = model.machine.id;
  describe(`generated paths: ${id} machine`, () => {
    const plans = model.oracle ? generateOraclePlans(model) : generatePlans(model);

    if (model.oracle) {
      // The name does not carry the number of plans: a mutant changes it, and Stryker selects tests by name.
      it('replays the generated plans on a real actor, checking every step against the oracle', async () => {
        expect(plans.length).toBeGreaterThan(0);
        for (const plan of plans) await replayAgainstOracle(model, plan, hooks);
      }, 120_000);
    } else {
      // Without an oracle each step only matches the machine's own `transition` (a file not yet on the oracle).
      it(`replays ${plans.length} generated plans on a real actor, matching the model at every step`, async () => {
        expect(plans.length).toBeGreaterThan(0);
        for (const plan of plans) await replay(model.machine as AnyStateMachine, plan, hooks);
      }, 120_000);
    }

    it('reaches every state and every transition the machine defines (and every situation of the oracle)', () => {
      const defined = definedTransitions(model.machine);
      const states = definedStates(model.machine);
      const seen = coverage.get(id)!;
      const missing = [...defined].filter((key) => !seen.transitions.has(key));
      const missingStates = [...states].filter((state) => !seen.states.has(state));
      // With an oracle: every situation of the product's rules was seen too (whatever the
      // machine's own graph says: a mutant that shrinks it leaves some unvisited).
      const situations = model.oracle?.situations ?? [];
      const missingSituations = situations.filter((situation) => !situationsSeen.get(id)?.has(situation));
      mkdirSync('.tmp/paths-coverage', { recursive: true });
      writeFileSync(
        `.tmp/paths-coverage/${id}.json`,
        JSON.stringify(
          {
            states: [states.size - missingStates.length, states.size],
            transitions: [defined.size - missing.length, defined.size],
            ...(model.oracle ? { situations: [situations.length - missingSituations.length, situations.length] } : {}),
            plans: plans.length,
            missing: [
              ...missing,
              ...missingStates.map((s) => `state ${s}`),
              ...missingSituations.map((s) => `situation ${s}`),
            ],
            generatedAt: new Date().toISOString(),
          },
          null,
          2,
        ),
      );
      expect(missingStates).toEqual([]);
      expect(missing).toEqual([]);
      expect(missingSituations).toEqual([]);
    });
  });
}
