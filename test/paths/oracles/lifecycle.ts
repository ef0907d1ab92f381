/**
 * A learning object's (short video's, attachment's) opening (docs/product.md §4 "started, then
 * ended"; decision 0006): opening it records the start once ('Registrando acesso…' →
 * 'Em andamento'); 'Concluir' records the end once with its data ('Registrando conclusão…' →
 * 'Concluído'), also when pressed while the start is still on its way or failed (the end follows
 * the start). A failure shows why and 'Tentar novamente' sends the same write again. Both writes
 * of one opening carry the same opening id ('<id>:start', '<id>:end': the server applies each
 * once). Once ended, nothing more is recorded.
 */
import type { EventObject } from 'xstate';
import { SpecRun, oracleOf, type LogEntry } from '../oracle';

/** What the lifecycle status shows. */
export type LifecycleScreen = 'idle' | 'starting' | 'started' | 'ending' | 'ended' | 'startFailed' | 'endFailed';

export interface LifecycleInput {
  kind: string;
  id: number;
  lessonId: number | null;
  completed: boolean;
}

/** The opening id the oracle writes; `normalizeOpenings` gives the real ones the same names. */
const OPENING = 'opening-1';

class LifecycleRun extends SpecRun<LifecycleScreen> {
  private screen: LifecycleScreen = 'idle';
  private finish: Record<string, unknown> | null = null;

  constructor(private readonly input: LifecycleInput) {
    super();
  }

  situation(): string {
    return this.screen;
  }

  view(): LifecycleScreen {
    return this.screen;
  }

  private write(which: 'start' | 'end'): void {
    const { kind, id, lessonId } = this.input;
    const key = { kind, id, lessonId, idempotencyKey: `${OPENING}:${which}` };
    this.request(which, which === 'end' ? { ...key, data: this.finish ?? {} } : key);
    this.screen = which === 'start' ? 'starting' : 'ending';
  }

  send(event: EventObject): void {
    const { screen } = this;
    if (event.type === 'lifecycle.open' && screen === 'idle') this.write('start');
    else if (event.type === 'lifecycle.retry' && screen === 'startFailed') this.write('start');
    else if (event.type === 'lifecycle.retry' && screen === 'endFailed') this.write('end');
    else if (event.type === 'lifecycle.finish' && ['starting', 'startFailed', 'started'].includes(screen)) {
      this.finish = (event as unknown as { data?: Record<string, unknown> }).data ?? {};
      if (screen === 'started') this.write('end');
    }
  }

  protected onDone(request: string): void {
    if (request === 'end') this.screen = 'ended';
    else if (this.finish !== null) this.write('end');
    else this.screen = 'started';
  }

  protected onError(request: string): void {
    this.screen = request === 'start' ? 'startFailed' : 'endFailed';
  }
}

export const lifecycleOracle = oracleOf(
  60_000,
  ['lifecycle.open', 'lifecycle.finish', 'lifecycle.retry'],
  ['idle', 'starting', 'started', 'ending', 'ended', 'startFailed', 'endFailed'],
  (input) => new LifecycleRun(input as LifecycleInput),
);

/** An opening id as the server needs it: unique (a UUID, or the fallback's time-random pair), never empty. */
const OPENING_ID = /^(?:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|[0-9a-z]{6,}-[0-9a-z]{6,})$/;

/**
 * The log with each opening id replaced by `opening-<n>` in order of appearance: the real ids are
 * random; that they are ids at all, and that the start and the end of one opening share one, is
 * what is checked (anything else, e.g. an empty id, stays as it is and differs from the oracle's).
 */
export function normalizeOpenings(log: LogEntry[]): LogEntry[] {
  const names = new Map<string, string>();
  return log.map((entry) => {
    const detail = entry.detail as { idempotencyKey?: string } | undefined;
    if (typeof detail?.idempotencyKey !== 'string') return entry;
    const [opening = '', which] = detail.idempotencyKey.split(/:(?=[^:]*$)/);
    if (!OPENING_ID.test(opening)) return entry;
    if (!names.has(opening)) names.set(opening, `opening-${names.size + 1}`);
    return { ...entry, detail: { ...detail, idempotencyKey: `${names.get(opening)}:${which}` } };
  });
}
