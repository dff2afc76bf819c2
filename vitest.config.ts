import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{schema,domain,worker,app,sync-server}/**/*.test.ts'],
    environment: 'node',
  },
});
