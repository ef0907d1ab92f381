// @vitest-environment node
/**
 * The lint config (eslint.config.js) enforces the layers of docs/architecture.md and refuses
 * import cycles (those closed by a type-only import too) and app links built by hand: checked
 * through ESLint's Node API on code placed, by its file path, in a layer.
 */
import { readdirSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';
import { findImportCycles } from '../../scripts/lint/import-cycles.js';
import { ROUTE_PATHS } from '../../src/services/navigation/routes';

const eslint = new ESLint({ cwd: process.cwd() });

/** The rule ids reported for `code` as if it were the file at `filePath` (relative to the repo). */
async function ruleIdsOf(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

describe('lint boundaries', () => {
  it('refuses a view that imports the composition root (the wiring)', async () => {
    const ids = await ruleIdsOf(
      "import { provideSession } from '../../app/wiring';\nexport const machine = provideSession();\n",
      'src/views/x/y.tsx',
    );
    expect(ids).toContain('import-x/no-restricted-paths');
  }, 60_000);

  it('refuses a machine that imports a view, and a service that imports a machine', async () => {
    const machine = await ruleIdsOf(
      "import { useOutbox } from '../views/outbox/context';\nexport const hook = useOutbox;\n",
      'src/machines/x.machine.ts',
    );
    expect(machine).toContain('import-x/no-restricted-paths');
    const service = await ruleIdsOf(
      "import { outboxMachine } from '../../machines/outbox.machine';\nexport const m = outboxMachine;\n",
      'src/services/api/x.ts',
    );
    expect(service).toContain('import-x/no-restricted-paths');
  }, 60_000);

  it('lets a view import machines, services and the app services context', async () => {
    const ids = await ruleIdsOf(
      [
        "import { outboxMachine } from '../../machines/outbox.machine';",
        "import { learningKeys } from '../../services/api/query-keys';",
        "import { useAppServices } from '../app-services';",
        'export const all = [outboxMachine, learningKeys, useAppServices];',
        '',
      ].join('\n'),
      'src/views/x/y.tsx',
    );
    expect(ids).toEqual([]);
  }, 60_000);

  it('takes icons one module each, never from the lucide-react barrel (types may come from it)', async () => {
    const barrel = await ruleIdsOf(
      "import { Menu } from 'lucide-react';\nexport const icon = Menu;\n",
      'src/views/x/y.tsx',
    );
    expect(barrel).toContain('no-restricted-imports');
    const single = await ruleIdsOf(
      "import Menu from 'lucide-react/icons/menu';\nimport type { LucideIcon } from 'lucide-react';\nexport const icon: LucideIcon = Menu;\n",
      'src/views/x/y.tsx',
    );
    expect(single).toEqual([]);
  }, 60_000);

  it('reports an import cycle', async () => {
    // src/views/components/app-layout.tsx imports src/views/guest-only.tsx: importing it back closes a cycle.
    const ids = await ruleIdsOf(
      "import { AppLayout } from './components/app-layout';\nexport const layout = AppLayout;\n",
      'src/views/guest-only.tsx',
    );
    expect(ids).toContain('import-x/no-cycle');
  }, 60_000);

  it('reports an import cycle closed by a type-only import, which import-x/no-cycle skips', async () => {
    // src/views/pwa/update-prompt.tsx loads ./update-panel.tsx: a type taken back from it closes a cycle.
    const ids = await ruleIdsOf(
      "import type { AppUpdateRef } from './update-prompt';\nexport type Ref = AppUpdateRef;\n",
      'src/views/pwa/update-panel.tsx',
    );
    expect(ids).toContain('local/no-type-import-cycle');
    expect(ids).not.toContain('import-x/no-cycle');
  }, 60_000);

  it('finds no import cycle in src/, type-only imports included', () => {
    const files = readdirSync('src', { recursive: true, encoding: 'utf8' })
      .filter((path) => /\.(ts|tsx|js)$/.test(path) && !/\.test\.tsx?$/.test(path))
      .map((path) => resolve('src', path));
    expect(files.length).toBeGreaterThan(100);
    expect(findImportCycles(files).map((cycle) => cycle.map((file) => relative(process.cwd(), file)))).toEqual([]);
  });

  it('refuses an app link with a path parameter built by hand, for every such route of ROUTE_PATHS', async () => {
    const withParameters = Object.values(ROUTE_PATHS).filter((path) => path.includes(':'));
    expect(withParameters.length).toBeGreaterThan(0);
    for (const path of withParameters) {
      const template = path.replace(/:\w+/g, '${id}');
      const ids = await ruleIdsOf(`export const link = (id: number) => \`${template}\`;\n`, 'src/views/x/y.tsx');
      expect(ids, template).toContain('local/no-hand-built-route');
      const fixed = path.slice(0, path.indexOf(':'));
      const joined = await ruleIdsOf(`export const link = (id: number) => '${fixed}' + id;\n`, 'src/app/x.ts');
      expect(joined, `'${fixed}' + id`).toContain('local/no-hand-built-route');
    }
  }, 60_000);

  it('lets the links module build links, and src/services/api/ write the platform API paths', async () => {
    const builder = await ruleIdsOf(
      'export const link = (id: number) => `/courses/${id}`;\n',
      'src/services/navigation/links.ts',
    );
    expect(builder).not.toContain('local/no-hand-built-route');
    const api = await ruleIdsOf(
      'export const path = (id: number) => `/courses/${id}/attachments`;\n',
      'src/services/api/x.ts',
    );
    expect(api).toEqual([]);
  }, 60_000);
});
