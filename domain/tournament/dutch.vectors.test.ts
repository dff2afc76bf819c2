/**
 * The reference vectors: 22 tournaments paired by bbpPairings 6.0.0 (../shared/data/trf, see its
 * README). Every round of every file is re-paired from the rounds before it and must come out
 * identical: same pairs, same colours, same bye. Skipped when ../shared is not checked out.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { pairDutchRound } from './dutch/pair';
import type { Pair } from './model';
import { parseTrf } from './trf';
import { roundCases } from './vectors';
import { VECTOR_DIR, vectorFiles } from './vector-files';

// domain/ is built without DOM or Node types; the test runs in Node, which has a console.
declare const console: { log(...args: unknown[]): void; warn(...args: unknown[]): void };

const present = vectorFiles.size > 0;
const files = [...vectorFiles.keys()];
if (!present) console.warn(`Dutch vectors skipped: ${VECTOR_DIR} (relative to the repository root) is absent.`);

const show = (pairs: readonly Pair[], bye: number | null) =>
  [...pairs.map((p) => `${p.white}-${p.black}`)].sort().join(' ') + (bye === null ? '' : ` bye ${bye}`);

let matched = 0;
let total = 0;

describe.skipIf(!present)('Dutch vectors (bbpPairings 6.0.0)', () => {
  it.each(files)('%s: every round as recorded', { timeout: 300_000 }, (file) => {
    const parsed = parseTrf(vectorFiles.get(file)!);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    const rounds = Number(/-r(\d+)\.trf$/.exec(file)?.[1] ?? Math.max(...parsed.value.players.map((p) => p.rounds.length)));
    const differences: string[] = [];
    for (const c of roundCases(parsed.value, rounds)) {
      total++;
      const result = pairDutchRound(c.tournament);
      const expected = show(c.expectedPairs, c.expectedBye);
      const got = result.ok ? show(result.value.pairs, result.value.bye) : `${result.error.code}: ${result.error.message}`;
      if (got === expected) matched++;
      else differences.push(`round ${c.round}: expected ${expected}, got ${got}`);
    }
    expect(differences).toEqual([]);
  });

  afterAll(() => {
    console.log(`Dutch vectors: ${matched}/${total} rounds matched`);
  });
});
