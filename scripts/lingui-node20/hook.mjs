// A module hook for Lingui 6's CLI (and so its Vite plugin), written for Node 22 and later, on the
// Node 20 this project runs on: globSync from node:fs and glob from node:fs/promises come from
// ./glob-sync.mjs, and its commands' `import.meta.main` (Node 24) is computed. Nothing else is touched.
/* global URL */
const NODE_GLOB = /import \{ (globSync|glob) \} from "node:fs(?:\/promises)?";/g;
const IS_MAIN = '(process.argv[1] !== undefined && (await import("node:fs")).realpathSync(process.argv[1]) === import.meta.filename)';
const POLYFILL = JSON.stringify(new URL('./glob-sync.mjs', import.meta.url).href);

export async function load(url, context, nextLoad) {
  const result = await nextLoad(url, context);
  if (!url.includes('/@lingui/cli/dist/') || result.format !== 'module') return result;
  const source = String(result.source)
    .replace(NODE_GLOB, (_, name) => `import { ${name} } from ${POLYFILL};`)
    .replaceAll('import.meta.main', IS_MAIN);
  return { ...result, source };
}
