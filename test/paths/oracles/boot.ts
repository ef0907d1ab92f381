/**
 * Startup (docs/product.md §4 Startup, §8): the steps run one after the other in the product's
 * order (authentication, HTTP client, translations, error reporting, event bus). A step that asks
 * for a redirect, or throws an error carrying a target address, sends the app there and nothing
 * more runs or mounts; any other thrown error stops the startup (logged for developers with the
 * step's name, nothing mounted); after the last step the app mounts, once.
 */
import { SPEC, SpecRun, oracleOf } from '../oracle';

export interface BootView {
  outcome: 'booting' | 'mounted' | 'redirected' | 'failed';
  /** Where the redirect goes (null: none). */
  target: string | null;
  /** The step that failed (null: none). */
  failedStep: string | null;
}

/** A non-empty text `field` of `value`, or null. */
const textOf = (value: unknown, field: 'redirect' | 'target'): string | null => {
  const text = value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[field] : undefined;
  return typeof text === 'string' && text !== '' ? text : null;
};

class BootRun extends SpecRun<BootView> {
  private step = 0;
  private outcome: BootView['outcome'] = 'booting';
  private target: string | null = null;

  constructor() {
    super();
    this.request('step', { step: SPEC.bootSteps[0] });
  }

  situation(): string {
    return this.outcome === 'booting' ? SPEC.bootSteps[this.step]! : this.outcome;
  }

  view(): BootView {
    return {
      outcome: this.outcome,
      target: this.target,
      failedStep: this.outcome === 'failed' ? SPEC.bootSteps[this.step]! : null,
    };
  }

  private redirect(target: string): void {
    this.outcome = 'redirected';
    this.target = target;
    this.effect('redirect', { target });
  }

  protected onDone(_request: string, output: unknown): void {
    const target = textOf(output, 'redirect');
    if (target !== null) this.redirect(target);
    else if (this.step + 1 < SPEC.bootSteps.length) this.request('step', { step: SPEC.bootSteps[++this.step] });
    else {
      this.outcome = 'mounted';
      this.effect('mount');
    }
  }

  protected onError(_request: string, error: unknown): void {
    const target = textOf(error, 'target') ?? textOf(error, 'redirect');
    if (target !== null) this.redirect(target);
    else this.outcome = 'failed';
  }
}

export const bootOracle = oracleOf(
  60_000,
  [],
  [...SPEC.bootSteps, 'mounted', 'redirected', 'failed'],
  () => new BootRun(),
);
