import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/** A stand-in for `dist/`: one file of each kind the server treats differently. */
export const FIXTURE_FILES = {
  'index.html': '<!doctype html><html><head><title>Chess</title></head><body><div id="root"></div></body></html>',
  'assets/index-abc123.js': 'console.log("app");',
  // What scripts/vite-plugin-precompress.ts writes beside it (the content marks which copy was sent).
  'assets/index-abc123.js.br': 'brotli copy',
  'assets/index-abc123.js.gz': 'gzip copy',
  // A source map an older build left behind: never served.
  'assets/index-abc123.js.map': '{"version":3,"sources":["../../app/main.tsx"]}',
  'engine/stockfish-19-lite-single.js': 'self.onmessage = () => {};',
  'engine/stockfish-19-lite-single.wasm': '\0asm\x01\0\0\0',
  'sw.js': 'self.addEventListener("fetch", () => {});',
  'workbox-5f3a1c2d.js': 'self.workbox = {};',
  'registerSW.js': 'navigator.serviceWorker.register("/sw.js");',
  'manifest.webmanifest': '{"name":"Chess Learning App"}',
  '.env': 'SECRET=1',
} as const;

export interface StaticFixture {
  dir: string;
  remove(): Promise<void>;
}

export async function createStaticFixture(
  files: Readonly<Record<string, string>> = FIXTURE_FILES,
): Promise<StaticFixture> {
  const dir = await mkdtemp(join(tmpdir(), 'chess-sync-server-'));
  for (const [path, content] of Object.entries(files)) {
    await mkdir(dirname(join(dir, path)), { recursive: true });
    await writeFile(join(dir, path), content);
  }
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}
