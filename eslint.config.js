// ESLint flat config: TypeScript, React hooks, and the import boundaries of DESIGN.md §3 and
// docs/architecture.md (views → machines → services, never the reverse; only the entry and the
// composition root src/app/ import src/app/; no import cycles; server/ shares only the contract).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';
import globals from 'globals';

const restrict = (patterns) => ['error', { patterns }];

/** The app's layers (src/…) and what each may not import: see docs/architecture.md. */
const COMPOSITION_ROOT = ['./src/app', './src/main.tsx'];
const LAYER_ZONES = [
  {
    target: './src/views',
    from: COMPOSITION_ROOT,
    message: "views get the app's actors from AppServicesContext (src/views/app-services.tsx), never from src/app/.",
  },
  {
    target: './src/machines',
    from: [...COMPOSITION_ROOT, './src/views'],
    message: 'machines are pure: no views, no composition root (DESIGN.md §2, §3).',
  },
  {
    target: './src/services',
    from: [...COMPOSITION_ROOT, './src/views', './src/machines'],
    message: 'services must not depend on machines, views or the composition root (DESIGN.md §3).',
  },
  {
    target: ['./src/i18n', './src/service-worker', './src/styles'],
    from: [...COMPOSITION_ROOT, './src/views', './src/machines'],
    message: 'i18n, the service worker and styles sit beside services: no machines, views or composition root.',
  },
];

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
