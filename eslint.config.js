// ESLint flat config: TypeScript, React hooks, and the import boundaries of DESIGN.md §3
// (views → machines → services, never the reverse; server/ shares only the contract).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const restrict = (patterns) => ['error', { patterns }];

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
  // Import boundaries. A later block's options replace an earlier one's, so the folder
  // blocks below repeat the src-wide rule (no server imports) with their own patterns.
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': restrict([
        { group: ['**/server/**'], message: 'the app never imports the reference server.' },
      ]),
    },
  },
  {
    files: ['src/services/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': restrict([
        {
          group: ['**/machines/**', '**/views/**', '**/wiring*', '**/app'],
          message: 'services must not depend on machines, views or wiring (DESIGN.md §3).',
        },
        { group: ['**/server/**'], message: 'the app never imports the reference server.' },
      ]),
    },
  },
  {
    files: ['src/machines/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': restrict([
        {
          group: ['**/views/**', '**/wiring*', '**/app'],
          message: 'machines are pure: no views or wiring (DESIGN.md §2, §3).',
        },
        { group: ['**/server/**'], message: 'the app never imports the reference server.' },
      ]),
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
