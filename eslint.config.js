// ESLint flat config: TypeScript, React hooks, the import boundaries of docs/architecture.md (§D3 and
// "Layers and allowed imports": views → machines → services, never the reverse; only the entry and
// the composition root src/app/ import src/app/; no import cycles; server/ shares only the
// contract), and comments that cite the repository's own documents (§D3).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';
import globals from 'globals';
import { noTypeImportCycle } from './scripts/lint/import-cycles.js';
import { noHandBuiltRoute } from './scripts/lint/route-strings.js';

const restrict = (patterns) => ['error', { patterns }];

/** The app's layers (src/…) and what each may not import: see docs/architecture.md. */
const COMPOSITION_ROOT = ['./src/app', './src/main.tsx'];
const LAYER_ZONES = [
  {
    target: './src/views',
    from: COMPOSITION_ROOT,
    message:
      "views get the app's actors from useAppActor (src/views/app-actors.tsx) and its loaders from AppServicesContext (src/views/app-services.tsx), never from src/app/.",
  },
  {
    target: './src/machines',
    from: [...COMPOSITION_ROOT, './src/views'],
    message: 'machines are pure: no views, no composition root (docs/architecture.md §D2, §D3).',
  },
  {
    target: './src/services',
    from: [...COMPOSITION_ROOT, './src/views', './src/machines'],
    message: 'services must not depend on machines, views or the composition root (docs/architecture.md §D3).',
  },
  {
    target: ['./src/i18n', './src/service-worker', './src/styles'],
    from: [...COMPOSITION_ROOT, './src/views', './src/machines'],
    message: 'i18n, the service worker and styles sit beside services: no machines, views or composition root.',
  },
];

/**
 * `local/comments-cite-the-repo`: a comment in src/ or server/ cites documents inside the
 * repository and says what the code does now (docs/architecture.md §D3). Reports a comment that
 * names an issue number (`issue 12`), a path outside the repository (`../shared`) or `DESIGN.md`.
 */
const FOREIGN_CITATIONS = [
  { pattern: /\bissue \d+/i, what: 'an issue number' },
  { pattern: /\.\.\/shared\b/, what: 'a file outside the repository (../shared)' },
  { pattern: /\bDESIGN\.md\b/, what: 'DESIGN.md, a file outside the repository' },
];
const localPlugin = {
  rules: {
    'no-type-import-cycle': noTypeImportCycle,
    'no-hand-built-route': noHandBuiltRoute,
    'comments-cite-the-repo': {
      meta: {
        type: 'suggestion',
        docs: {
          description: 'comments cite docs/product.md or docs/architecture.md and are written in the present tense',
        },
        schema: [],
        messages: {
          foreign:
            'This comment cites {{what}}. Cite docs/product.md (what the product must do) or docs/architecture.md ' +
            '(how it is built) instead, and write comments in the present tense: what the code does and why, ' +
            'not its history.',
        },
      },
      create(context) {
        return {
          Program() {
            for (const comment of context.sourceCode.getAllComments()) {
              const found = FOREIGN_CITATIONS.find(({ pattern }) => pattern.test(comment.value));
              if (found) context.report({ loc: comment.loc, messageId: 'foreign', data: { what: found.what } });
            }
          },
        };
      },
    },
  },
};

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      '.data/**',
      '.tmp/**',
      'test-results/**',
      'playwright-report/**',
      'coverage/**',
      'reports/**',
      '.stryker-tmp/**',
      'server/assets/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['src/**/*.{ts,tsx}', 'test/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['server/**/*.ts', 'scripts/**/*.{js,mjs,ts}', '*.config.{js,ts}', 'test/e2e/**/*.ts'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['src/**/*.tsx', 'test/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  // Layers and cycles, resolved on the file system (import-x): a layer may import only the layers
  // below it (LAYER_ZONES), and no module may reach itself again through its imports.
  {
    files: ['src/**/*.{ts,tsx,js}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.d.ts'] })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: LAYER_ZONES }],
    },
  },
  // import-x/no-cycle skips type-only imports: a cycle closed by one is refused here
  // (scripts/lint/import-cycles.js), so that src/ has no import cycle at all.
  {
    files: ['src/**/*.{ts,tsx,js}'],
    plugins: { local: localPlugin },
    rules: { 'local/no-type-import-cycle': 'error' },
  },
  // App links with a path parameter come from the builders of src/services/navigation/links.ts, never
  // built by hand (scripts/lint/route-strings.js). src/services/api/ writes the platform API's paths
  // (`/courses/{id}/attachments` of docs/product.md §7), which are not app links.
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/services/navigation/links.ts', 'src/services/api/**'],
    plugins: { local: localPlugin },
    rules: { 'local/no-hand-built-route': 'error' },
  },
  // The app never imports the reference server.
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ group: ['**/server/**'], message: 'the app never imports the reference server.' }],
          // One module per icon: the build's signed-in chunk follows static imports, and the
          // barrel would make every icon of every screen look like part of it (docs/performance.md).
          paths: [
            {
              name: 'lucide-react',
              allowTypeImports: true,
              message: "import each icon from 'lucide-react/icons/<icon-name>' (its default export).",
            },
            // React.lazy keeps a failed load for good: offline, 'Tentar novamente' could never recover.
            {
              name: 'react',
              importNames: ['lazy'],
              message: 'use retryableLazy (src/views/components/retryable-lazy.ts): its failed load is tried again.',
            },
          ],
        },
      ],
    },
  },
  // Comments cite the repository's own documents, in the present tense (docs/architecture.md §D3).
  {
    files: ['src/**/*.{ts,tsx,js,mjs}', 'server/**/*.{ts,js,mjs}'],
    plugins: { local: localPlugin },
    rules: { 'local/comments-cite-the-repo': 'error' },
  },
  {
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict([
        {
          regex: '(^|/)src/(?!services/contract(/|$))',
          message: 'server/ shares only src/services/contract with the app.',
        },
      ]),
    },
  },
);
