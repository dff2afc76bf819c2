/// <reference types="vite/client" />
/**
 * The reference TRF files in ../shared/data/trf (next to the repository), loaded by Vite's glob
 * import so that the tests need no file-system access: empty when ../shared is absent.
 * Test-only; Vite/Vitest rewrite `import.meta.glob` at build time.
 */
const raw: Record<string, string> = import.meta.glob('../../../shared/data/trf/*.trf', { query: '?raw', import: 'default', eager: true });

export const VECTOR_DIR = '../shared/data/trf';

/** File name → contents, sorted by name. */
export const vectorFiles: ReadonlyMap<string, string> = new Map(
  Object.entries(raw)
    .map(([path, text]) => [path.slice(path.lastIndexOf('/') + 1), text] as const)
    .sort(([a], [b]) => a.localeCompare(b)),
);
