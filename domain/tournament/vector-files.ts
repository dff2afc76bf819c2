/// <reference types="vite/client" />
/**
 * The reference TRF files committed in domain/tournament/vectors (see its README), loaded by
 * Vite's glob import so that the tests need no file-system access. Test-only; Vite/Vitest
 * rewrite `import.meta.glob` at build time.
 * - vectorFiles: the 82 reference tournaments (seeds 1002-1024 and 2001-2061).
 * - oracleFiles: the extra tournaments made with bbpPairings during issue 11 (vectors/oracle).
 */
const raw: Record<string, string> = import.meta.glob('./vectors/*.trf', { query: '?raw', import: 'default', eager: true });
const oracleRaw: Record<string, string> = import.meta.glob('./vectors/oracle/*.trf', { query: '?raw', import: 'default', eager: true });

export const VECTOR_DIR = 'domain/tournament/vectors';

const byName = (files: Record<string, string>): ReadonlyMap<string, string> =>
  new Map(
    Object.entries(files)
      .map(([path, text]) => [path.slice(path.lastIndexOf('/') + 1), text] as const)
      .sort(([a], [b]) => a.localeCompare(b)),
  );

/** File name → contents, sorted by name. */
export const vectorFiles: ReadonlyMap<string, string> = byName(raw);
/** File name → contents of the oracle-made extra vectors, sorted by name. */
export const oracleFiles: ReadonlyMap<string, string> = byName(oracleRaw);

const acceleratedRaw: Record<string, string> = import.meta.glob('./vectors/accelerated/*.trf', { query: '?raw', import: 'default', eager: true });
/** Issue 29: tournaments accelerated by 250 records, XXA lines or 192 Baku, paired round by round by bbpPairings 6 (vectors/accelerated). */
export const acceleratedFiles: ReadonlyMap<string, string> = byName(acceleratedRaw);

const tablesRaw: Record<string, string> = import.meta.glob('./vectors/standings/*.tsv', { query: '?raw', import: 'default', eager: true });
/**
 * FIDE's tie-break reference tool's tables for a few vector files (vectors/standings/NAME.tsv,
 * NAME.rules-2024.tsv for the 2023/2024 text), by file name.
 */
export const standingsTables: ReadonlyMap<string, string> = byName(tablesRaw);
