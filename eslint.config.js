// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/** What domain/ and schema/ may not import: platform packages and the layers above them. */
const sharedLayerBans = ['react', 'react-*', 'dexie', 'fastify', '@fastify/*', 'node:*', 'kysely', 'better-sqlite3', '**/app/**', '**/sync-server/**', '**/worker/**'];

export default tseslint.config(
  { ignores: ['dist/**', 'dist-*/**', 'node_modules/**', 'data/**', 'test-results/**', 'test-results-*/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['app/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // domain/ and schema/ run in the browser, the worker and Node: keep them free of platform
    // imports and of the layers above them, at any depth ('../../worker/x' as well as '../worker/x').
    files: ['domain/**/*.ts', 'schema/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: sharedLayerBans }] },
  },
  {
    // The tournament engine's test oracles (the bigint matcher, the brute-force optimum) are for tests only.
    files: ['domain/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [...sharedLayerBans, '**/incremental-matching', '**/brute-force-matching'] }] },
  },
  {
    // The browser app and the server share only schema/, domain/ and worker/; neither imports the other.
    files: ['app/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/sync-server/**', 'fastify', '@fastify/*', 'kysely', 'better-sqlite3'] }] },
  },
  {
    files: ['sync-server/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/app/**', 'react', 'react-*', 'dexie'] }] },
  },
  {
    // worker/ serves both: it imports neither.
    files: ['worker/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/app/**', '**/sync-server/**'] }] },
  },
);
