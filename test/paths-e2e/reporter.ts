/**
 * The generated-paths-in-the-browser report, a Playwright reporter:
 * - collects each path's steps (`path-steps` attachment of ./paths.e2e.ts);
 * - coverage IN THE BROWSER: a state or transition counts as reached only when a step that
 *   enters/takes it passed (its page expectation held); the run fails, naming them, when a
 *   state or transition of a modelled machine was neither reached nor excluded with a reason;
 * - writes test-results/paths/index.html (per machine: the state diagram from
 *   docs/machines/<machine>.md, the transition table, every path as pt-BR steps
 *   'evento → o que a tela mostra' with pass/fail and a screenshot of a failed step);
 * - prints one summary line per machine;
 * - the cross-actor paths (./app.e2e.ts) are the section 'app': the student's situations and
 *   actions (./app-plans.ts) instead of a machine's states and transitions, counted the same way.
 * A path retried after a failure (`retries` in playwright.paths.config.ts) counts by its last
 * try; the report still says that an earlier try failed, at which step and why — a race to chase.
 */
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { FullConfig, FullResult, Reporter, Suite, TestCase, TestResult } from '@playwright/test/reporter';
import { APP_SECTION_NAME, APP_SECTION_TITLE, appDefinition } from './app-plans';
import { MODELS, NOT_YET } from './models';
import { definitionOf } from './plans';
import type { PathRecord } from './records';

const OUT = 'test-results/paths';

interface Finished extends PathRecord {
  status: TestResult['status'];
  seconds: number;
  /** When an earlier try of this path failed: where and why (its first failed step). */
  earlierTry?: string;
}

/** 'passo N (event): first line of the error' of a try's first failed step, or its status. */
const failedAt = (path: Finished): string => {
  const step = path.steps.find((s) => s.status === 'failed');
  if (!step) return path.status;
  return `passo ${step.index} (${step.event}): ${(step.error ?? '').split('\n')[0]}`;
};

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const short = (id: string) => id.split('.').slice(1).join('.') || id;
const label = (key: string) => {
  const [state, event, branch] = key.split('|');
  return `${short(state!)} — ${event!.replace(/^xstate\.after\.([^.]+)\..*$/, 'after $1')}${branch === '0' ? '' : ` (#${branch})`}`;
};

/** The Mermaid text of docs/machines/<name>.md, or null. */
function mermaidOf(name: string): string | null {
  const file = `docs/machines/${name}.md`;
  if (!existsSync(file)) return null;
  return /```mermaid\n([\s\S]*?)```/.exec(readFileSync(file, 'utf8'))?.[1] ?? null;
}

/** What the report counts for one section: a machine's model, or the cross-actor paths. */
interface Section {
  name: string;
  title: string;
  defined: { states: string[]; transitions: string[] };
  excluded: Record<string, string>;
  excludedStates?: Record<string, string>;
  /** docs/machines/<name>.md has this section's diagram. */
  diagram: boolean;
}

/**
 * Every machine of ./models.ts, then the cross-actor paths (./app.e2e.ts, section 'app'): their
 * "states" are the situations of the student's world, their "transitions" each action by kind
 * of situation, and the error screen's phases (./app-plans.ts `appDefinition`).
 */
const reportSections = (): Section[] => [
  ...MODELS.map((model) => ({
    name: model.name,
    title: model.title,
    defined: definitionOf(model.machine),
    excluded: model.excluded,
    excludedStates: model.excludedStates,
    diagram: true,
  })),
  { name: APP_SECTION_NAME, title: APP_SECTION_TITLE, defined: appDefinition(), excluded: {}, diagram: false },
];

export default class PathsReporter implements Reporter {
  private paths: Finished[] = [];
  /** Machines with at least one path in this run (a `-g` filter may leave some out). */
  private running = new Set<string>();

  onBegin(_config: FullConfig, suite: Suite): void {
    for (const test of suite.allTests()) this.running.add(test.parent.title);
  }

  onTestEnd(_test: TestCase, result: TestResult): void {
    const attachment = result.attachments.find((a) => a.name === 'path-steps');
    if (!attachment?.body) return;
    const record = JSON.parse(attachment.body.toString()) as PathRecord;
    const finished: Finished = { ...record, status: result.status, seconds: Math.round(result.duration / 100) / 10 };
    const earlier = this.paths.findIndex((p) => p.machine === record.machine && p.plan === record.plan);
    if (earlier >= 0) {
      finished.earlierTry = failedAt(this.paths[earlier]!);
      this.paths.splice(earlier, 1);
    }
    this.paths.push(finished);
  }

  async onEnd(result: FullResult): Promise<{ status: FullResult['status'] } | undefined> {
    rmSync(OUT, { recursive: true, force: true });
    mkdirSync(join(OUT, 'shots'), { recursive: true });
    const problems: string[] = [];
    const sections: string[] = [];
    const summary: string[] = [];
    for (const model of reportSections()) {
      if (!this.running.has(model.name)) {
        summary.push(`${model.name}: not in this run (filtered out)`);
        continue;
      }
      const paths = this.paths
        .filter((p) => p.machine === model.name)
        .sort((a, b) => a.plan.localeCompare(b.plan, 'en', { numeric: true }));
      const { defined } = model;
      const reachedStates = new Set<string>();
      const reachedTransitions = new Map<string, string[]>();
      let steps = 0;
      for (const path of paths) {
        for (const step of path.steps) {
          if (step.status !== 'passed') continue;
          steps++;
          [...step.states, ...step.passedThrough].forEach((s) => reachedStates.add(s));
          for (const t of step.transitions)
            reachedTransitions.set(t, [...(reachedTransitions.get(t) ?? []), path.plan]);
        }
      }
      const excludedStates = model.excludedStates ?? {};
      const stale = [...Object.keys(model.excluded), ...Object.keys(excludedStates)].filter(
        (key) => !defined.transitions.includes(key) && !defined.states.includes(key),
      );
      const missingStates = defined.states.filter((s) => !reachedStates.has(s) && !(s in excludedStates));
      const missingTransitions = defined.transitions.filter(
        (t) => !reachedTransitions.has(t) && !(t in model.excluded),
      );
      const passed = paths.filter((p) => p.status === 'passed').length;
      const retried = paths.filter((p) => p.status === 'passed' && p.earlierTry).length;
      const excludedCount = defined.transitions.filter((t) => t in model.excluded).length;
      const ok =
        paths.length > 0 && missingStates.length === 0 && missingTransitions.length === 0 && stale.length === 0;
      const line =
        `${model.name}: ${passed}/${paths.length} paths passed${retried ? ` (${retried} only on a retry)` : ''}, ${steps} steps, ` +
        `states ${defined.states.length - missingStates.length - Object.keys(excludedStates).length}/${defined.states.length} reached, ` +
        `transitions ${reachedTransitions.size}/${defined.transitions.length} reached` +
        (excludedCount ? ` (${excludedCount} excluded with a reason)` : '') +
        (ok ? '' : ' — INCOMPLETE');
      summary.push(line);
      if (paths.length === 0) problems.push(`${model.name}: no path ran`);
      if (missingStates.length)
        problems.push(`${model.name}: states not reached in the browser: ${missingStates.join(', ')}`);
      if (missingTransitions.length)
        problems.push(
          `${model.name}: transitions not reached in the browser: ${missingTransitions.map(label).join(', ')}`,
        );
      if (stale.length) problems.push(`${model.name}: excluded but not defined by the machine: ${stale.join(', ')}`);

      const mermaid = model.diagram ? mermaidOf(model.name) : null;
      const rows = defined.transitions
        .map((key) => {
          const by = reachedTransitions.get(key);
          const cell = by
            ? `<td class="ok">alcançada (${esc([...new Set(by)].join(', '))})</td>`
            : key in model.excluded
              ? `<td class="excluded">não reproduzível no navegador: ${esc(model.excluded[key]!)}</td>`
              : `<td class="fail">NÃO ALCANÇADA</td>`;
          return `<tr><td>${esc(label(key))}</td>${cell}</tr>`;
        })
        .join('\n');
      const stateRows = defined.states
        .map((s) => {
          const cell = reachedStates.has(s)
            ? '<td class="ok">alcançado</td>'
            : s in excludedStates
              ? `<td class="excluded">não reproduzível no navegador: ${esc(excludedStates[s]!)}</td>`
              : '<td class="fail">NÃO ALCANÇADO</td>';
          return `<tr><td>${esc(short(s))}</td>${cell}</tr>`;
        })
        .join('\n');
      const pathHtml = paths
        .map((path) => {
          const items = path.steps
            .map((step) => {
              let shot = '';
              if (step.screenshot && existsSync(step.screenshot)) {
                const name = `${path.plan.replace(/[^\w-]/g, '_')}-${step.index}-${basename(step.screenshot)}`;
                copyFileSync(step.screenshot, join(OUT, 'shots', name));
                shot = `<br><a href="shots/${name}"><img src="shots/${name}" alt="tela no passo ${step.index}" width="360"></a>`;
              }
              const error = step.error ? `<pre class="error">${esc(step.error)}</pre>` : '';
              const what = step.index === 0 ? `Início: ${esc(step.event)}` : esc(step.event);
              return `<li class="${step.status === 'passed' ? 'ok' : step.status === 'failed' ? 'fail' : 'notrun'}">${what} → ${esc(step.shows || '(não verificado)')} <span class="status">[${step.status === 'passed' ? 'ok' : step.status === 'failed' ? 'FALHOU' : 'não executado'}]</span>${error}${shot}</li>`;
            })
            .join('\n');
          const outcome =
            path.status !== 'passed'
              ? 'FALHOU'
              : path.earlierTry
                ? `passou na nova tentativa; a anterior falhou no ${path.earlierTry}`
                : 'passou';
          const kind = path.status !== 'passed' ? 'fail' : path.earlierTry ? 'retried' : 'ok';
          return `<details ${kind === 'ok' ? '' : 'open'}><summary class="${kind}">${esc(path.plan)} — ${esc(outcome)} (${path.steps.length - 1} passos, ${path.seconds} s)</summary><ol start="0">${items}</ol></details>`;
        })
        .join('\n');
      sections.push(`<section id="${esc(model.name)}">
<h2>${esc(model.name)} — ${esc(model.title)}</h2>
<p class="${ok ? 'ok' : 'fail'}">${esc(line)}</p>
${mermaid ? `<h3>Diagrama de estados</h3><p>De <code>docs/machines/${esc(model.name)}.md</code> (Mermaid; sem CDN, o texto é mostrado como está).</p><pre class="mermaid">${esc(mermaid)}</pre>` : ''}
<h3>Estados</h3><table><tr><th>estado</th><th>no navegador</th></tr>${stateRows}</table>
<h3>Transições</h3><table><tr><th>estado — evento</th><th>no navegador</th></tr>${rows}</table>
<h3>Caminhos (evento → o que a tela mostra)</h3>${pathHtml || '<p class="fail">nenhum caminho executado</p>'}
</section>`);
    }
    const notYet = Object.entries(NOT_YET)
      .map(([name, why]) => `<li><a href="../../docs/machines/${esc(name)}.md">${esc(name)}</a>: ${esc(why)}</li>`)
      .join('\n');
    writeFileSync(
      join(OUT, 'index.html'),
      `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>Caminhos gerados no navegador</title>
<style>body{font-family:system-ui,sans-serif;max-width:70rem;margin:auto;padding:1rem;line-height:1.4}
.ok{color:#0a5c2b}.fail{color:#a00;font-weight:bold}.retried{color:#6b4e00;font-weight:bold}.excluded{color:#6b4e00}.notrun{color:#666}
table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.2rem .5rem;text-align:left;vertical-align:top}
pre{background:#f5f5f5;padding:.5rem;overflow:auto}pre.error{background:#fff0f0;white-space:pre-wrap}li{margin:.3rem 0}summary{cursor:pointer}</style>
</head><body><h1>Caminhos gerados das máquinas, reproduzidos no Chromium</h1>
<p>Gerado por <code>npm run test:paths:e2e</code> em ${esc(new Date().toISOString())}. Caminhos de <code>xstate/graph</code> (um conjunto que cobre as transições) a partir das máquinas em <code>src/machines</code>, e, na seção <code>app</code>, do modelo entre os atores (<code>test/paths/app-model.ts</code>: situações do aluno e ações), reproduzidos contra um servidor de referência novo. Um estado ou transição só conta como alcançado quando o passo que o alcança passou.</p>
<ul>${summary.map((s) => `<li>${esc(s)}</li>`).join('')}</ul>
${problems.length ? `<h2 class="fail">Problemas</h2><ul>${problems.map((p) => `<li class="fail">${esc(p)}</li>`).join('')}</ul>` : ''}
${sections.join('\n')}
${notYet ? `<h2>Máquinas ainda não reproduzidas no navegador</h2><ul>${notYet}</ul>` : ''}
</body></html>\n`,
    );
    console.log('\nGenerated paths in the browser (test-results/paths/index.html):');
    for (const line of summary) console.log(`  ${line}`);
    for (const problem of problems) console.error(`  FAILED: ${problem}`);
    if (problems.length > 0) return { status: 'failed' };
    return result.status === 'passed' ? undefined : { status: result.status };
  }
}
