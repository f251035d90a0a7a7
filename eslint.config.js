// Lint for the whole repository: `npm run lint` fails on any warning.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig, globalIgnores } from 'eslint/config';
import globals from 'globals';
import tseslint from 'verbatim-typescript-eslint';
import { featureBoundaries } from './tools/lint-rules/feature-boundaries.js';

const local = { rules: { 'feature-boundaries': featureBoundaries } };

export default defineConfig(
  globalIgnores(['**/node_modules/', '**/dist/', 'functions/lib/', '.cache/', 'coverage/', 'emulator-data/']),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // The type-checker already names undefined variables, with the project's own globals and types.
      'no-undef': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  // The web app: the rules of hooks, and features that meet only through their public index.
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks, local },
    rules: {
      // The rules of hooks. The plugin's React Compiler checks (set-state-in-effect, refs, ...) are left for later.
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'local/feature-boundaries': ['error', { featuresDir: 'web/src/features', composers: ['project-workspace'] }],
    },
  },
  // From the server side the web imports the contract alone (@verbatim/contract), never functions/ (its tests may read fixtures).
  {
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: ['web/src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': 'off',
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/functions/**', '@domain/*', '@themes'], message: 'The web imports the server side only through @verbatim/contract.' },
            // The contract's zod schemas are the server's: the web takes their types, so zod stays out of the bundle.
            {
              group: ['@verbatim/contract/zod', '@verbatim/contract/request-bodies', '@verbatim/contract/request-bodies/*', '@verbatim/contract/insight-schema'],
              allowTypeImports: true,
              message: 'Import only types from the contract\'s zod schemas (zod stays out of the browser bundle); plain lists are in insight-fields.ts.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['functions/src/**/*.ts', 'contract/src/**/*.ts', 'e2e/**/*.ts', 'tools/**/*.js', '*.{js,ts}'],
    languageOptions: { globals: globals.node },
  },
);
