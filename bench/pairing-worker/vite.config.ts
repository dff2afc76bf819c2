/** Builds the pairing worker bench page (bench/pairing-worker/index.html) into dist-bench/pairing-worker/. */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  // bench/pairing.ts (whose random tournaments the page reuses) checks process.argv to run its CLI.
  define: { 'process.argv': '[]' },
  // As the app's vite.config.ts: workers are ES modules.
  worker: { format: 'es' },
  build: {
    outDir: fileURLToPath(new URL('../../dist-bench/pairing-worker', import.meta.url)),
    emptyOutDir: true,
  },
  logLevel: 'warn',
});
