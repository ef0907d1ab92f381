/**
 * `npm run machines:docs`: writes `docs/machines/<machine>.md` for every machine of
 * `src/machines/` — a Mermaid state diagram generated from the machine definition itself (states,
 * events, guards, delays with their ms, invoked actors, tags), a table of every transition, and the
 * docs/product.md sections the machine's own docstring names. `test/unit/machines-docs.test.ts` fails when a
 * file is out of date, so the diagrams are always the code's.
 *
 * Library use: `machineDocs()` → `{ file name → markdown }` (no file is written).
 */
import { readdirSync, readFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { format, resolveConfig } from 'prettier';

const MACHINES_DIR = 'src/machines';
export const DOCS_DIR = 'docs/machines';

/** The parts of an XState v5 state node this generator reads. */
interface Node {
  id: string;
  key: string;
  type: 'atomic' | 'compound' | 'parallel' | 'final' | 'history';
  tags: string[];
  description?: string;
  initial?: { target: Node[] };
  states: Record<string, Node>;
  transitions: Map<string, Transition[]>;
  always?: Transition[];
  invoke: { id: string; src: unknown }[];
}
interface Transition {
  eventType: string;
  target?: Node[];
  guard?: unknown;
  reenter?: boolean;
}
interface AnyMachine {
  id: string;
  root: Node;
  implementations: { delays: Record<string, unknown> };
}

/** Mermaid-safe id of a state node. */
const mid = (node: Node) => node.id.replace(/[^A-Za-z0-9]/g, '_');

const guardName = (guard: unknown): string | null => {
  if (!guard) return null;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'object' && guard !== null && 'type' in guard) return String((guard as { type: unknown }).type);
  return 'guard';
};

/** `xstate.after.<delay>.<state id>` → 'after <delay> (N ms)'; invoke events → 'done: id' / 'error: id'. */
function eventLabel(machine: AnyMachine, eventType: string): string {
  const after = /^xstate\.after\.([^.]+)\./.exec(eventType);
  if (after) {
    const delay = after[1]!;
    const value = machine.implementations.delays[delay];
    const ms = typeof value === 'number' ? `${value} ms` : /^\d+$/.test(delay) ? `${delay} ms` : 'computed';
    return /^\d+$/.test(delay) ? `after ${ms}` : `after ${delay} (${ms})`;
  }
  const done = /^xstate\.done\.actor\.(.+)$/.exec(eventType);
  if (done) return `done: ${done[1]}`;
  const error = /^xstate\.error\.actor\.(.+)$/.exec(eventType);
  if (error) return `error: ${error[1]}`;
  return eventType;
}

const label = (machine: AnyMachine, t: Transition): string => {
  const guard = guardName(t.guard);
  return `${eventLabel(machine, t.eventType)}${guard ? ` [${guard}]` : ''}`;
};

/** Mermaid lines of `node`'s children (recursively), indented. */
function diagram(machine: AnyMachine, node: Node, indent: string, edges: string[]): string[] {
  const lines: string[] = [];
  const children = Object.values(node.states);
  const regions = node.type === 'parallel';
  children.forEach((child, index) => {
    if (regions && index > 0) lines.push(`${indent}--`);
    const name = child.tags.length ? `${child.key} · ${child.tags.join(', ')}` : child.key;
    lines.push(`${indent}state "${name.replace(/"/g, "'")}" as ${mid(child)}`);
    if (Object.keys(child.states).length > 0) {
      lines.push(`${indent}state ${mid(child)} {`);
      const initial = child.initial?.target?.[0];
      if (initial && child.type !== 'parallel') lines.push(`${indent}  [*] --> ${mid(initial)}`);
      lines.push(...diagram(machine, child, `${indent}  `, edges));
      lines.push(`${indent}}`);
    }
    if (child.type === 'final') edges.push(`${mid(child)} --> [*]`);
    collectEdges(machine, child, edges);
  });
  return lines;
}

function collectEdges(machine: AnyMachine, node: Node, edges: string[]): void {
  for (const [, transitions] of node.transitions) {
    for (const t of transitions) {
      for (const target of t.target ?? [node]) edges.push(`${mid(node)} --> ${mid(target)}: ${label(machine, t)}`);
    }
  }
  for (const t of node.always ?? []) {
    for (const target of t.target ?? [])
      edges.push(`${mid(node)} --> ${mid(target)}: always${guardName(t.guard) ? ` [${guardName(t.guard)}]` : ''}`);
  }
}

/** Every transition as a table row: from, event, guard, to. */
function rows(machine: AnyMachine, node: Node, out: string[][]): void {
  const from = node === machine.root ? '(any state)' : node.id.replace(`${machine.root.id}.`, '');
  const to = (t: Transition) =>
    (t.target ?? []).map((n) => n.id.replace(`${machine.root.id}.`, '')).join(', ') || '(stays)';
  for (const [, transitions] of node.transitions) {
    for (const t of transitions) out.push([from, eventLabel(machine, t.eventType), guardName(t.guard) ?? '', to(t)]);
  }
  for (const t of node.always ?? []) out.push([from, 'always', guardName(t.guard) ?? '', to(t)]);
  for (const child of Object.values(node.states)) rows(machine, child, out);
}

/** The file's leading docstring, as plain text (its first paragraph is the summary). */
function docstringOf(source: string): string {
  const match = /^\s*\/\*\*([\s\S]*?)\*\//.exec(source);
  if (!match) return '';
  return match[1]!
    .split('\n')
    .map((line) => line.replace(/^\s*\* ?/, ''))
    .join('\n')
    .trim();
}

/** One machine's page. */
export function machinePage(machine: AnyMachine, file: string, source: string): string {
  const edges: string[] = [];
  const initial = machine.root.initial?.target?.[0];
  // Root-level `on` (from any state) has no source state to draw from: it is in the table only.
  const body = diagram(machine, machine.root, '  ', edges);
  const table: string[][] = [];
  rows(machine, machine.root, table);
  const doc = docstringOf(source);
  // The docstring's first paragraph says what the machine is and the docs/product.md sections it follows.
  const summary = doc.split(/\n\s*\n/)[0]!.replace(/\s+/g, ' ');
  return [
    `# ${machine.id} machine`,
    '',
    `Generated by \`npm run machines:docs\` from \`${file}\` — do not edit by hand.`,
    '',
    summary,
    '',
    '```mermaid',
    'stateDiagram-v2',
    ...(initial ? [`  [*] --> ${mid(initial)}`] : []),
    ...body,
    ...[...new Set(edges)].map((e) => `  ${e}`),
    '```',
    '',
    '## Transitions',
    '',
    '| from | event | guard | to |',
    '| --- | --- | --- | --- |',
    ...table.map((r) => `| ${r.map((c) => c.replace(/\|/g, '\\|')).join(' | ')} |`),
    '',
    '## From the machine’s docstring',
    '',
    doc,
    '',
  ]
    .filter((line, i, all) => !(line === '' && all[i - 1] === ''))
    .join('\n');
}

/** `text` formatted as the repository formats markdown (Prettier and its config), as written. */
export async function formatted(text: string, file: string): Promise<string> {
  const path = join(DOCS_DIR, file);
  return format(text, { ...(await resolveConfig(path)), filepath: path });
}

/** @returns `{ '<machine id>.md': markdown }` (formatted) for every `*.machine.ts` of src/machines. */
export async function machineDocs(): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  const files = readdirSync(MACHINES_DIR)
    .filter((f) => f.endsWith('.machine.ts'))
    .sort();
  for (const file of files) {
    const path = join(MACHINES_DIR, file);
    const mod = (await import(pathToFileURL(join(process.cwd(), path)).href)) as Record<string, unknown>;
    const machine = Object.entries(mod).find(
      ([name, value]) => name.endsWith('Machine') && typeof value === 'object' && value !== null && 'root' in value,
    )?.[1] as AnyMachine | undefined;
    if (!machine) continue;
    const name = `${basename(file, '.machine.ts')}.md`;
    out[name] = await formatted(machinePage(machine, path, readFileSync(path, 'utf8')), name);
  }
  return out;
}

/** The index page: one line per machine. */
export function indexPage(pages: Record<string, string>): string {
  return [
    '# State machines',
    '',
    'Generated by `npm run machines:docs` — do not edit by hand. One page per machine of `src/machines/`, with its',
    'state diagram (Mermaid), every transition, and its docstring.',
    '',
    ...Object.keys(pages).map((file) => `- [${file.replace(/\.md$/, '')}](${file})`),
    '',
  ].join('\n');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const pages = await machineDocs();
  mkdirSync(DOCS_DIR, { recursive: true });
  for (const [file, text] of Object.entries(pages)) writeFileSync(join(DOCS_DIR, file), text);
  writeFileSync(join(DOCS_DIR, 'README.md'), await formatted(indexPage(pages), 'README.md'));
  console.log(`machines:docs: ${Object.keys(pages).length} machines → ${DOCS_DIR}/`);
}
