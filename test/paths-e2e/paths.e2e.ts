/**
 * Generated paths in the real browser: for every machine of ./models.ts, the
 * transition-covering paths of ./plans.ts (xstate/graph, from the machine definition) are
 * replayed in Chromium against the fresh reference server, one browser context per path. At the
 * start and after every step, the page must show what the model says that state shows.
 * Each test attaches its steps (`path-steps`, JSON) and a screenshot of a failed step; the
 * reporter (./reporter.ts) writes test-results/paths/index.html and checks the coverage.
 */
import { test } from '@playwright/test';
import type { EventObject } from 'xstate';
import { MODELS, plansOf } from './models';
import { eventKey, type AnyMachineModel, type Driver } from './model';

import type { PathRecord, StepRecord } from './records';

/** An event for a test title: `after <delay>`, or its type with its simple payload. */
const short = ({ type, ...payload }: EventObject) => {
  if (type.startsWith('xstate.after.')) return type.replace(/^xstate\.after\.([^.]+)\..*$/, 'after $1');
  const simple = Object.entries(payload).flatMap(([k, v]): [string, unknown][] => {
    // An actor's output or error: its status says which answer it stands for.
    if (v && typeof v === 'object') return 'status' in v ? [[`${k}.status`, (v as { status: unknown }).status]] : [];
    return [[k, v]];
  });
  return simple.length ? `${type}(${simple.map(([k, v]) => `${k}=${String(v)}`).join(', ')})` : type;
};

/** `a → b → b → b` as `a → b ×3`. */
const compress = (types: string[]) =>
  types
    .reduce<[string, number][]>((runs, type) => {
      const last = runs.at(-1);
      if (last && last[0] === type) last[1]++;
      else runs.push([type, 1]);
      return runs;
    }, [])
    .map(([type, n]) => (n > 1 ? `${type} ×${n}` : type))
    .join(' → ');

/** What the page shows in these states, in pt-BR (every active state node's sentence). */
const shows = (model: AnyMachineModel, driver: Driver<unknown>, states: string[]) =>
  states
    .map((id) => model.states[id]?.say(driver) ?? `(sem expectativa para ${id})`)
    .filter(Boolean)
    .join('; ');

for (const model of MODELS) {
  test.describe(model.name, () => {
    if (model.use) test.use(model.use);
    const { beforeAll, afterAll } = model;
    if (beforeAll)
      test.beforeAll(async () => {
        test.setTimeout(beforeAll.timeoutMs);
        await beforeAll.run();
      });
    if (afterAll) test.afterAll(afterAll);
    for (const plan of plansOf(model)) {
      const title = `${plan.id}: ${
        plan.steps.length === 0
          ? `(${model.startSay(plan)})`
          : compress(
              plan.steps.map(({ event }) => model.events[eventKey(model, event.type)]?.title?.(event) ?? short(event)),
            )
      }`;
      test(title, async ({ page, context, baseURL }, info) => {
        const records: StepRecord[] = [
          {
            index: 0,
            event: model.startSay(plan),
            eventType: null,
            shows: '',
            states: plan.initial,
            passedThrough: plan.initialPassed,
            transitions: plan.initialTransitions,
            status: 'not run',
          },
          ...plan.steps.map((step, i) => ({
            index: i + 1,
            event: model.events[eventKey(model, step.event.type)]!.say(step.event),
            eventType: step.event.type,
            shows: '',
            states: step.states,
            passedThrough: step.passed,
            transitions: step.transitions,
            status: 'not run' as const,
          })),
        ];
        const base = { page, context, baseURL: baseURL!, plan, step: undefined };
        let driver: Driver<unknown> | undefined;
        let current = 0;
        try {
          driver = { ...base, notes: await model.start(base) };
          for (const [i, record] of records.entries()) {
            current = i;
            const step = i === 0 ? undefined : plan.steps[i - 1]!;
            driver.step = step;
            if (step) await model.events[eventKey(model, step.event.type)]!.drive(driver, step.event);
            for (const id of record.states) {
              const expectation = model.states[id];
              if (!expectation) throw new Error(`${model.name}: no expectation for state ${id}`);
              await expectation.expect(driver);
            }
            record.shows = shows(model, driver, record.states);
            record.status = 'passed';
          }
        } catch (error) {
          const record = records[current]!;
          record.status = 'failed';
          record.error = String(error instanceof Error ? error.message : error).slice(0, 2000);
          if (driver) record.shows = shows(model, driver, record.states);
          const file = info.outputPath(`step-${current}.png`);
          await page.screenshot({ path: file, fullPage: true }).then(
            () => (record.screenshot = file),
            () => undefined,
          );
          throw error;
        } finally {
          if (driver && model.finish) await model.finish(driver);
          // The page's document goes before its context closes: a request the page sends in its
          // last moments is cancelled here. One that reaches a held `page.route` while the
          // context is closing is let through to the server by Playwright (an LGPD acceptance
          // reached the shared server that way and failed the next path, docs/testing.md).
          await page.goto('about:blank').catch(() => undefined);
          const data: PathRecord = { machine: model.name, plan: plan.id, steps: records };
          await info.attach('path-steps', { body: JSON.stringify(data), contentType: 'application/json' });
        }
      });
    }
  });
}
