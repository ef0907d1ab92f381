/**
 * Accessibility settings machine (docs/product.md §3 Accessibility settings). Holds the
 * settings of whoever uses the app on this device, persists every change for that student,
 * applies them to the page, and drives the VLibras widget (loaded once when enabled; the
 * app keeps working when it cannot load).
 *
 * Input `{ userId, settings }`. Context `{ userId, settings, librasError }`.
 * Events:
 * - `settings.change { patch }` — some settings changed (persisted, applied);
 * - `settings.reset` — back to the defaults of docs/product.md §3 (persisted, applied);
 * - `settings.user { userId, settings }` — another student (or nobody: null) uses the app;
 *   `settings` are that student's stored ones (read by the caller), applied, not re-persisted;
 * - `libras.retry` — try loading VLibras again after a failure.
 * Parallel regions: `settings` (one state, `applied`) and `libras`: `off` → `loading`
 * (invoke `loadLibras`) → `on` | `failed`; disabling from any of them → `off`.
 * Actions (provided): `persist({ userId, settings })`, `apply({ settings })`, `showLibras`,
 * `hideLibras`. Tags: `librasOff`, `librasLoading`, `librasOn`, `librasFailed`.
 */
import { assign, fromPromise, setup } from 'xstate';
import { DEFAULT_SETTINGS, type AccessibilitySettings } from '../services/storage/accessibility-settings';

export interface AccessibilityInput {
  userId: number | null;
  settings: AccessibilitySettings;
}

export interface AccessibilityContext extends AccessibilityInput {
  librasError: unknown;
}

export type AccessibilityEvent =
  | { type: 'settings.change'; patch: Partial<AccessibilitySettings> }
  | { type: 'settings.reset' }
  | { type: 'settings.user'; userId: number | null; settings: AccessibilitySettings }
  | { type: 'libras.retry' };

/** The settings an event leads to (pure; the same for the assignment and the guards). */
export function settingsAfter(context: AccessibilityContext, event: AccessibilityEvent): AccessibilitySettings {
  switch (event.type) {
    case 'settings.change':
      return { ...context.settings, ...event.patch };
    case 'settings.reset':
      return { ...DEFAULT_SETTINGS };
    case 'settings.user':
      return event.settings;
    default:
      return context.settings;
  }
}

const CHANGES = ['settings.change', 'settings.reset', 'settings.user'] as const;

export const accessibilityMachine = setup({
  types: {
    input: {} as AccessibilityInput,
    context: {} as AccessibilityContext,
    events: {} as AccessibilityEvent,
  },
  actors: {
    loadLibras: fromPromise<void>(() => Promise.reject(new Error('loadLibras not provided'))),
  },
  actions: {
    persist: (_, _params: { userId: number | null; settings: AccessibilitySettings }) => {},
    apply: (_, _params: { settings: AccessibilitySettings }) => {},
    showLibras: () => {},
    hideLibras: () => {},
    assignSettings: assign({
      settings: ({ context, event }) => settingsAfter(context, event),
      userId: ({ context, event }) => (event.type === 'settings.user' ? event.userId : context.userId),
    }),
  },
  guards: {
    librasWanted: ({ context, event }) => settingsAfter(context, event).is_libras_enabled,
    librasUnwanted: ({ context, event }) => !settingsAfter(context, event).is_libras_enabled,
  },
}).createMachine({
  id: 'accessibility',
  description: "The device's accessibility settings for the current student, applied and persisted.",
  type: 'parallel',
  context: ({ input }) => ({ ...input, librasError: null }),
  states: {
    settings: {
      initial: 'applied',
      states: {
        applied: {
          description: 'The settings in context are on the page.',
          entry: { type: 'apply', params: ({ context }) => ({ settings: context.settings }) },
          on: {
            'settings.change': {
              actions: [
                'assignSettings',
                { type: 'persist', params: ({ context }) => ({ userId: context.userId, settings: context.settings }) },
                { type: 'apply', params: ({ context }) => ({ settings: context.settings }) },
              ],
            },
            'settings.reset': {
              actions: [
                'assignSettings',
                { type: 'persist', params: ({ context }) => ({ userId: context.userId, settings: context.settings }) },
                { type: 'apply', params: ({ context }) => ({ settings: context.settings }) },
              ],
            },
            'settings.user': {
              actions: ['assignSettings', { type: 'apply', params: ({ context }) => ({ settings: context.settings }) }],
            },
          },
        },
      },
    },
    libras: {
      initial: 'deciding',
      states: {
        deciding: {
          description: 'At start: VLibras wanted or not.',
          always: [
            { guard: ({ context }) => context.settings.is_libras_enabled, target: 'loading' },
            { target: 'off' },
          ],
        },
        off: {
          description: 'VLibras not wanted (or turned off: its widget hidden).',
          tags: 'librasOff',
          // (A reset never wants VLibras: the default is off.)
          on: Object.fromEntries(
            (['settings.change', 'settings.user'] as const).map((type) => [
              type,
              { guard: 'librasWanted', target: 'loading' },
            ]),
          ),
        },
        loading: {
          description: 'Loading the VLibras script (once per page; a later enable reuses it).',
          tags: 'librasLoading',
          invoke: {
            id: 'loadLibras',
            src: 'loadLibras',
            onDone: 'on',
            onError: { target: 'failed', actions: assign({ librasError: ({ event }) => event.error }) },
          },
          on: Object.fromEntries(CHANGES.map((type) => [type, { guard: 'librasUnwanted', target: 'off' }])),
        },
        on: {
          description: 'The VLibras widget is shown.',
          tags: 'librasOn',
          entry: 'showLibras',
          exit: 'hideLibras',
          on: Object.fromEntries(CHANGES.map((type) => [type, { guard: 'librasUnwanted', target: 'off' }])),
        },
        failed: {
          description: 'VLibras could not load; the app works without it. Retry on request.',
          tags: 'librasFailed',
          on: {
            'libras.retry': 'loading',
            ...Object.fromEntries(CHANGES.map((type) => [type, { guard: 'librasUnwanted', target: 'off' }])),
          },
        },
      },
    },
  },
});
