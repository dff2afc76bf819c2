// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** The app's features, one folder each under app/features/ (issue 27). */
const appFeatures = readdirSync(join(import.meta.dirname, 'app', 'features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** What the browser app may not import: the server and its packages. */
const appBans = { group: ['**/sync-server/**', 'fastify', '@fastify/*', 'kysely', 'better-sqlite3'], message: 'The app and the server share only schema/, domain/ and worker/.' };

/** What domain/ and schema/ may not import: platform packages and the layers above them. */
const sharedLayerBans = ['react', 'react-*', 'dexie', 'fastify', '@fastify/*', 'node:*', 'kysely', 'better-sqlite3', '**/app/**', '**/sync-server/**', '**/worker/**'];

/** What the server may not import: the browser app and its platform. */
const serverBans = ['**/app/**', 'react', 'react-*', 'dexie'];

/**
 * The server's folders other than core/ (its features, and testing/, which builds the whole app),
 * read from disk as the app's features are: core/ imports none of them.
 */
const serverFolders = readdirSync(join(import.meta.dirname, 'sync-server'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && entry.name !== 'core')
  .map((entry) => entry.name);

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
    // schema/ is the bottom layer (issue 27): it imports nothing of ours but itself.
    files: ['schema/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [...sharedLayerBans, '**/domain', '**/domain/**'] }] },
  },
  {
    // schema/core/ is its zod-free leaf of values and text rules: it imports nothing at all but itself.
    files: ['schema/core/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [...sharedLayerBans, '**/domain', '**/domain/**', 'zod', '../*'] }] },
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
    rules: { 'no-restricted-imports': ['error', { patterns: [appBans] }] },
  },
  {
    // A feature imports another only through its index.ts ('../auth', never '../auth/auth'), so
    // what a feature offers the others is written in one place. The regex sees a relative path
    // that climbs out of the feature ('../', '../../') and enters another feature's folder.
    // Lazy screens (`import()`) may name their module: through the index they would lose their
    // chunk. Stylesheets are not modules: tournaments.css still serves classes and organizations.
    files: ['app/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [appBans, { regex: `^(\\.\\./)+(features/)?(${appFeatures.join('|')})/(?!.*\\.css$)`, message: "Import another feature through its index.ts ('../<feature>')." }],
      }],
    },
  },
  {
    // The shell and App wire the features together: they too use a feature's index.ts only.
    files: ['app/*.{ts,tsx}', 'app/shell/**/*.{ts,tsx}', 'app/pwa/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [appBans, { regex: '(^|/)features/[^/]+/(?!.*\\.css$)', message: "Import a feature through its index.ts ('features/<feature>')." }],
      }],
    },
  },
  {
    // app/shared/ is what every feature builds on: it names no feature. The sync loop too: the
    // features' parts of it are registered by the composition root (app/start-sync.ts, issue 27).
    files: ['app/shared/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [appBans, { regex: '(^|/)features(/|$)', message: 'app/shared/ imports no feature.' }],
      }],
    },
  },
  {
    files: ['sync-server/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: serverBans }] },
  },
  // sync-server/core/ is what every feature uses and names none (issue 27): it imports no feature
  // folder, nor the composition root (app.ts, server.ts) or the test app (testing/) that import them
  // all. One block per depth, as a file n folders into core/ climbs n + 1 '../' to reach a feature;
  // scripts/import-cycles.test.ts checks the same from the import graph, at any depth.
  ...[0, 1, 2, 3].map((depth) => ({
    files: [`sync-server/core/${'*/'.repeat(depth)}*.ts`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: serverBans },
            {
              regex: `^(\\.\\./){${depth + 1}}(${[...serverFolders, 'app', 'server'].join('|')})(/|$)`,
              message: 'sync-server/core/ imports no feature: move the shared piece into core, or let the feature subscribe or be handed it.',
            },
          ],
        },
      ],
    },
  })),
  {
    // worker/ serves both: it imports neither.
    files: ['worker/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/app/**', '**/sync-server/**'] }] },
  },
);
