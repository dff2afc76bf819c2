/** Builds the bench page (bench/index.html) with the engine files, into dist-bench/. */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { stockfishPlugin } from '../worker/vite-plugin-stockfish';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [stockfishPlugin()],
  // As the app's vite.config.ts: the engine worker is an ES module worker.
  worker: { format: 'es' },
  build: {
    outDir: fileURLToPath(new URL('../dist-bench', import.meta.url)),
    emptyOutDir: true,
  },
  logLevel: 'warn',
});
