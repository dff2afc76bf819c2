import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|wasm|txt)$/;
const MIN_BYTES = 1024;
const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else yield path;
  }
}

/**
 * Writes a .br and a .gz copy beside every compressible built file, once, at build time, so the
 * server sends them as they are (@fastify/static's preCompressed) and compresses nothing per request.
 * Runs after every other plugin has written its files (the service worker included).
 */
export function precompressPlugin(): Plugin {
  let outDir = '';
  return {
    name: 'chess:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        let raw = 0;
        let compressed = 0;
        for await (const path of files(outDir)) {
          if (!COMPRESSIBLE.test(path) || (await stat(path)).size < MIN_BYTES) continue;
          const content = await readFile(path);
          const [br, gzipped] = await Promise.all([
            brotli(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length } }),
            gz(content, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gzipped)]);
          raw += content.length;
          compressed += br.length;
        }
        this.info?.(`precompressed ${(raw / 1024).toFixed(0)} KiB to ${(compressed / 1024).toFixed(0)} KiB (brotli)`);
      },
    },
  };
}
