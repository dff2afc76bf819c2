import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{schema,domain,worker,app,sync-server,scripts}/**/*.test.ts'],
    environment: 'node',
    // At least two workers: on CI's 2 cores the unit tests took 246 s with Vitest's default and
    // 139 s with two (many wait on a database, a server or an engine). One on PostgreSQL: there
    // every test file has a schema of its own in one database, and Kysely's migrator lists the
    // tables of every schema, which fails ('schema ... does not exist') when another file drops
    // its schema at that moment.
    maxWorkers: process.env.DATABASE_URL ? 1 : Math.max(2, availableParallelism()),
  },
});
