import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { linguiMacroPlugin } from './scripts/vite-plugin-lingui-macro';

// Lingui 6's tooling is written for Node 22; scripts/lingui-node20/ lets it run on our Node 20. It
// has to be in place before Lingui's first import, hence the dynamic imports.
await import(new URL('./scripts/lingui-node20/register.mjs', import.meta.url).href);
const { lingui } = await import('@lingui/vite-plugin');

const ALL_TESTS = '{schema,domain,worker,app,sync-server,scripts}/**/*.test.ts';
/** The test files that replace modules (vi.mock) or keep a module's state on purpose: each in a fresh module graph. */
const ISOLATED_TESTS = ['app/**/*.db.test.ts'];

export default defineConfig({
  // The app's messages and catalogues, as in the build (vite.config.ts).
  plugins: [linguiMacroPlugin(), lingui()],
  test: {
    environment: 'node',
    // At least two workers: on CI's 2 cores the unit tests took 246 s with Vitest's default and
    // 139 s with two (many wait on a database, a server or an engine). On PostgreSQL too: every
    // test file has a database of its own (sync-server/core/test-db.ts); with a schema each in one
    // database they had to run one at a time (Kysely's migrator lists every schema's tables).
    maxWorkers: Math.max(2, availableParallelism()),
    // Every other test file shares its worker's modules with the files before it (isolate: false):
    // importing the server, the schemas and the rules once per worker rather than once per file
    // took the run from 215 s to 127 s here (docs/decisions.md, 'CI time'). A file's own state
    // lives in what it builds (a test app, a database), never in a module.
    projects: [
      { extends: true, test: { name: 'isolated', include: ISOLATED_TESTS, isolate: true } },
      { extends: true, test: { name: 'shared', include: [ALL_TESTS], exclude: ISOLATED_TESTS, isolate: false } },
    ],
  },
});
