/**
 * Ships the engine with the app: `vite build` emits the Stockfish script and its .wasm at
 * engine/<file> (copied from node_modules, never committed); `vite` (dev) serves them at
 * /engine/<file>. Runs in Node, inside Vite.
 */
import { createReadStream, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Plugin } from 'vite';
import { ENGINE_DIR, STOCKFISH_JS, STOCKFISH_WASM } from './stockfish-files';

const CONTENT_TYPES = {
  [STOCKFISH_JS]: 'text/javascript; charset=utf-8',
  [STOCKFISH_WASM]: 'application/wasm',
};

export function stockfishPlugin(): Plugin {
  const require = createRequire(import.meta.url);
  const files = Object.entries(CONTENT_TYPES).map(([name, contentType]) => ({
    name,
    contentType,
    url: `/${ENGINE_DIR}/${name}`,
    path: require.resolve(`stockfish/bin/${name}`),
  }));
  return {
    name: 'stockfish',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const pathname = (req.url ?? '').split('?')[0];
        const file = files.find((f) => f.url === pathname);
        if (!file) return next();
        res.setHeader('Content-Type', file.contentType);
        res.setHeader('Cache-Control', 'no-cache');
        createReadStream(file.path).on('error', next).pipe(res);
      });
    },
    generateBundle() {
      for (const file of files) {
        this.emitFile({ type: 'asset', fileName: `${ENGINE_DIR}/${file.name}`, source: readFileSync(file.path) });
      }
    },
  };
}
