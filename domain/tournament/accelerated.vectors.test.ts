/**
 * Issue 29: accelerated Swiss tournaments (TRF-2026 250 records, XXA lines, 192 Baku alone and
 * with 250 records, which win), with requested byes, withdrawals, forfeits, prohibited pairs
 * (260, XXP), 12 to 120 players, every round paired by bbpPairings 6 (see
 * vectors/accelerated/README.md). Every round is re-paired from the rounds before it and must
 * come out identical: same pairs, same colours, same bye.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { pairDutchRound } from './dutch/pair';
import type { Pair } from './model';
import { makeTrf, parseTrf } from './trf';
import { roundCases } from './vectors';
import { acceleratedFiles } from './vector-files';

declare const console: { log(...args: unknown[]): void };

const show = (pairs: readonly Pair[], bye: number | null) =>
  [...pairs.map((p) => `${p.white}-${p.black}`)].sort().join(' ') + (bye === null ? '' : ` bye ${bye}`);

let matched = 0;
let total = 0;

describe('accelerated Dutch vectors (bbpPairings 6)', () => {
  it('are committed in the repository, every kind of acceleration among them', () => {
    expect(acceleratedFiles.size).toBeGreaterThanOrEqual(40);
    const texts = [...acceleratedFiles.values()];
    expect(texts.some((t) => /^250 /m.test(t) && /^192 FIDE_DUTCH_2025_BAKU/m.test(t))).toBe(true);
    expect(texts.some((t) => /^XXA /m.test(t))).toBe(true);
    expect(texts.some((t) => /^260 /m.test(t))).toBe(true);
    expect(texts.some((t) => !/^(250|XXA) /m.test(t) && /^192 FIDE_DUTCH_2025_BAKU/m.test(t))).toBe(true);
  });

  it.each([...acceleratedFiles.keys()])('%s: every round as recorded', { timeout: 120_000 }, (file) => {
    const parsed = parseTrf(acceleratedFiles.get(file)!);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    const t = parsed.value;
    // The file reads back unchanged after a write (records 250, XXA, 260, XXP, 192 included).
    const again = parseTrf(makeTrf(t));
    expect(again.ok && again.value.accelerations).toEqual(t.accelerations);
    const differences: string[] = [];
    for (const c of roundCases(t, t.totalRounds!)) {
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
    console.log(`Accelerated Dutch vectors: ${matched}/${total} rounds matched`);
  });
});
