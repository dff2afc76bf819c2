/**
 * The reference vectors, committed in domain/tournament/vectors (see its README): tournaments
 * paired by bbpPairings 6.0.0, the FIDE-endorsed Dutch engine. Every round of every file is
 * re-paired from the rounds before it and must come out identical: same pairs, same colours,
 * same bye. The 82 reference files run in full; of the extra oracle files (vectors/oracle) CI
 * runs every ORACLE_SAMPLE-th one, and `VECTORS=all npx vitest run
 * domain/tournament/dutch.vectors.test.ts` runs them all.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { pairDutchRound } from './dutch/pair';
import type { Pair } from './model';
import { parseTrf } from './trf';
import { roundCases } from './vectors';
import { oracleFiles, vectorFiles } from './vector-files';

// domain/ is built without DOM or Node types; the test runs in Node, which has these.
declare const console: { log(...args: unknown[]): void };
declare const process: { env: Record<string, string | undefined> };

const ORACLE_SAMPLE = 6;
const all = process.env.VECTORS === 'all';

const show = (pairs: readonly Pair[], bye: number | null) =>
  [...pairs.map((p) => `${p.white}-${p.black}`)].sort().join(' ') + (bye === null ? '' : ` bye ${bye}`);

let matched = 0;
let total = 0;

function checkFile(text: string, file: string): void {
  const parsed = parseTrf(text);
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
}

describe('Dutch vectors (bbpPairings 6.0.0)', () => {
  it('are committed in the repository', () => {
    expect(vectorFiles.size).toBe(82);
  });

  it.each([...vectorFiles.keys()])('%s: every round as recorded', { timeout: 120_000 }, (file) => {
    checkFile(vectorFiles.get(file)!, file);
  });

  const oracle = [...oracleFiles.keys()].filter((_, i) => all || i % ORACLE_SAMPLE === 0);
  it.each(oracle)('oracle/%s: every round as recorded', { timeout: 120_000 }, (file) => {
    checkFile(oracleFiles.get(file)!, file);
  });

  afterAll(() => {
    console.log(`Dutch vectors: ${matched}/${total} rounds matched`);
  });
});
