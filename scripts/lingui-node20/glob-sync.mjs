// fs.globSync and fs/promises.glob (Node 22) for @lingui/cli on Node 20, the version this project runs on.
import { isAbsolute } from 'node:path';
import { globSync as tinyGlobSync } from 'tinyglobby';

export function globSync(patterns, options = {}) {
  const list = Array.isArray(patterns) ? patterns : [patterns];
  const exclude = options.exclude;
  const found = tinyGlobSync(list, {
    cwd: options.cwd,
    absolute: list.some((pattern) => isAbsolute(pattern)),
    onlyFiles: false,
    ignore: Array.isArray(exclude) ? exclude : [],
    expandDirectories: false,
  });
  return typeof exclude === 'function' ? found.filter((path) => !exclude(path)) : found;
}

/** fs/promises' glob (Node 22), as the async iteration Lingui's extract makes of it. */
export async function* glob(patterns, options = {}) {
  yield* globSync(patterns, options);
}
