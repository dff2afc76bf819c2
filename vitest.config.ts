import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{schema,domain,worker,app,sync-server,scripts}/**/*.test.ts'],
    environment: 'node',
    // At least two workers: on CI's 2 cores the unit tests took 246 s with Vitest's default and
    // 139 s with two (many wait on a database, a server or an engine). On PostgreSQL too: every
    // test file has a database of its own (sync-server/core/test-db.ts); with a schema each in one
    // database they had to run one at a time (Kysely's migrator lists every schema's tables).
    maxWorkers: Math.max(2, availableParallelism()),
  },
});
