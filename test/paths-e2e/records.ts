/** What each replayed path attaches (`path-steps`) for the reporter. */
export interface StepRecord {
  /** 0 = the initial state. */
  index: number;
  /** The event in pt-BR (for the initial state: how the path starts). */
  event: string;
  eventType: string | null;
  /** What the page showed (or had to show), in pt-BR. */
  shows: string;
  /** State ids the model predicts after the step. */
  states: string[];
  /** States entered and left within the step (eventless transitions). */
  passedThrough: string[];
  /** Transition keys the step takes. */
  transitions: string[];
  status: 'passed' | 'failed' | 'not run';
  error?: string;
  screenshot?: string;
}

export interface PathRecord {
  machine: string;
  plan: string;
  steps: StepRecord[];
}
