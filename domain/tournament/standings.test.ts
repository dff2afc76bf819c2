import { describe, expect, it } from 'vitest';
import { seededRandom } from '../strength';
import { computeStandings, type Standing, type StandingsOptions } from './standings';
import { T1, T2, T3, players, round } from './test-tournaments';
import type { TournamentResult } from '../../schema/tournament-values';
import type { RoundResults, TournamentResults } from './results';
import { roundRobinPairings } from './round-robin';

const table = (t: TournamentResults, options?: StandingsOptions): Standing[] => {
  const result = computeStandings(t, options);
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
};
const brief = (rows: Standing[]) => rows.map((s) => ({ rank: s.rank, id: s.playerId, tieBreaks: s.tieBreaks }));

describe('computeStandings: T1 (values worked out in tiebreaks.test.ts)', () => {
  it('lists every Standing field, best first', () => {
    const rows = table(T1).map(({ rank, playerId, score, gamesPlayed, wins, draws, losses, performance, buchholz, tieBreaks }) => ({
      rank, playerId, score, gamesPlayed, wins, draws, losses, performance, buchholz, tieBreaks,
    }));
    const tb = (bh: number, sb: number) => ({ buchholz: bh, sonneborn_berger: sb, head_to_head: null });
    expect(rows).toEqual([
      // A won all four games over the board.
      { rank: 1, playerId: 'A', score: 4, gamesPlayed: 4, wins: 4, draws: 0, losses: 0, performance: 2550, buchholz: 7, tieBreaks: tb(7, 7) },
      // B: lost to A, forfeit win, pairing bye, drew E: two games over the board.
      { rank: 2, playerId: 'B', score: 2.5, gamesPlayed: 2, wins: 0, draws: 1, losses: 1, performance: 1607, buchholz: 10.5, tieBreaks: tb(10.5, 5.75) },
      { rank: 3, playerId: 'D', score: 2, gamesPlayed: 3, wins: 1, draws: 1, losses: 1, performance: 1800, buchholz: 8.5, tieBreaks: tb(8.5, 3) },
      { rank: 4, playerId: 'E', score: 1.5, gamesPlayed: 3, wins: 0, draws: 1, losses: 2, performance: 1594, buchholz: 10, tieBreaks: tb(10, 2.75) },
      { rank: 5, playerId: 'C', score: 0.5, gamesPlayed: 2, wins: 0, draws: 1, losses: 1, performance: 1657, buchholz: 7, tieBreaks: tb(7, 1) },
    ]);
  });
  it('carries name and rating through', () => {
    expect(table(T1)[0]).toMatchObject({ name: 'Player A', rating: 2000 });
  });
});

/*
 * T3 by hand (round robin): scores P1 1, P2 2, P3 2, P4 1.
 *   Buchholz: P2 = P3 2 + P1 1 + P4 1 = 4; P3 = P2 2 + P4 1 + P1 1 = 4; P1 = 1 + 2 + 2 = 5; P4 = 1 + 2 + 2 = 5.
 *   SB: P2 = 2·0 + 1·1 + 1·1 = 2; P3 = 2·1 + 1·0 + 1·1 = 3; P1 = 1·1 + 0 + 0 = 1;
 *       P4 = 1·0 + 2·1 (forfeit win) + 2·0 = 2.
 *   Direct encounter: P3 beat P2 (R1), P1 beat P4 (R1).
 * So SB before direct encounter puts P4 above P1; direct encounter first puts P1 above P4.
 */
describe('computeStandings: tie-break order per section', () => {
  const rr = { system: 'round_robin' } as const;
  it.each([
    {
      name: 'default order (buchholz, sonneborn_berger, head_to_head): SB decides both ties',
      options: rr,
      expected: [
        { rank: 1, id: 'P3', tieBreaks: { buchholz: 4, sonneborn_berger: 3, head_to_head: null } },
        { rank: 2, id: 'P2', tieBreaks: { buchholz: 4, sonneborn_berger: 2, head_to_head: null } },
        { rank: 3, id: 'P4', tieBreaks: { buchholz: 5, sonneborn_berger: 2, head_to_head: null } },
        { rank: 4, id: 'P1', tieBreaks: { buchholz: 5, sonneborn_berger: 1, head_to_head: null } },
      ],
    },
    {
      name: 'head_to_head first: P1 beat P4',
      options: { ...rr, tieBreaks: ['head_to_head', 'sonneborn_berger'] as const },
      expected: [
        { rank: 1, id: 'P3', tieBreaks: { head_to_head: 1, sonneborn_berger: 3 } },
        { rank: 2, id: 'P2', tieBreaks: { head_to_head: 0, sonneborn_berger: 2 } },
        { rank: 3, id: 'P1', tieBreaks: { head_to_head: 1, sonneborn_berger: 1 } },
        { rank: 4, id: 'P4', tieBreaks: { head_to_head: 0, sonneborn_berger: 2 } },
      ],
    },
    {
      name: 'no tie-breaks: tied players share a rank, listed in pairing order',
      options: { ...rr, tieBreaks: [] },
      expected: [
        { rank: 1, id: 'P2', tieBreaks: {} },
        { rank: 1, id: 'P3', tieBreaks: {} },
        { rank: 3, id: 'P1', tieBreaks: {} },
        { rank: 3, id: 'P4', tieBreaks: {} },
      ],
    },
  ])('$name', ({ options, expected }) => {
    expect(brief(table(T3, options))).toEqual(expected);
  });

  it('T2: P1 and P2 tie on every tie-break (BH 4.5, SB 1.75, drew each other) and share second place', () => {
    expect(brief(table(T2, { system: 'round_robin' }))).toEqual([
      { rank: 1, id: 'P3', tieBreaks: { buchholz: 4, sonneborn_berger: 3, head_to_head: null } },
      { rank: 2, id: 'P1', tieBreaks: { buchholz: 4.5, sonneborn_berger: 1.75, head_to_head: 0.5 } },
      { rank: 2, id: 'P2', tieBreaks: { buchholz: 4.5, sonneborn_berger: 1.75, head_to_head: 0.5 } },
      { rank: 4, id: 'P4', tieBreaks: { buchholz: 5, sonneborn_berger: 2, head_to_head: null } },
    ]);
  });

  it('ratings-based tie-breaks: ARO then TPR', () => {
    // T1 with ARO only: nobody is tied on score, so the values are just reported.
    const rows = table(T1, { tieBreaks: ['aro', 'tpr', 'buchholz_cut1'] });
    expect(rows.map((r) => [r.playerId, r.tieBreaks])).toEqual([
      ['A', { aro: 1750, tpr: 2550, buchholz_cut1: 6 }],
      ['B', { aro: 1800, tpr: 1607, buchholz_cut1: 9 }],
      ['D', { aro: 1800, tpr: 1800, buchholz_cut1: 6.5 }],
      ['E', { aro: 1867, tpr: 1594, buchholz_cut1: 8.5 }],
      ['C', { aro: 1850, tpr: 1657, buchholz_cut1: 6.5 }],
    ]);
  });
});

describe('computeStandings: the start and the middle of a tournament', () => {
  const two = players({ X: 1500, Y: 1400 });
  it('before any round everyone is tied on zero with no performance', () => {
    const rows = table({ players: two, rounds: [] });
    expect(rows.map((r) => [r.rank, r.playerId, r.score, r.gamesPlayed, r.performance, r.buchholz])).toEqual([
      [1, 'X', 0, 0, null, 0],
      [1, 'Y', 0, 0, null, 0],
    ]);
  });
  it('an unfinished game counts for nobody', () => {
    const rows = table({ players: two, rounds: [round(1, 'X-Y 1-0'), round(2, 'Y-X *')] });
    expect(rows.map((r) => [r.playerId, r.score, r.gamesPlayed])).toEqual([
      ['X', 1, 1],
      ['Y', 0, 1],
    ]);
  });
});

describe('computeStandings: invalid results are refused with a code', () => {
  const three = players({ X: 1500, Y: 1400, Z: 1300 });
  it.each([
    { name: 'unknown player', rounds: [round(1, 'X-Q 1-0')], code: 'ERR_RESULTS_UNKNOWN_PLAYER' },
    { name: 'player twice in a round', rounds: [round(1, 'X-Y 1-0', 'X bye:half')], code: 'ERR_RESULTS_PLAYED_TWICE' },
    { name: 'player against themself', rounds: [round(1, 'X-X 1-0')], code: 'ERR_RESULTS_SELF_PAIRING' },
    { name: 'rounds out of order', rounds: [round(2, 'X-Y 1-0')], code: 'ERR_RESULTS_ROUND_ORDER' },
  ])('$name → $code', ({ rounds, code }) => {
    expect(computeStandings({ players: three, rounds })).toMatchObject({ ok: false, error: { code } });
  });
  it('a player listed twice → ERR_RESULTS_DUPLICATE_PLAYER', () => {
    expect(computeStandings({ players: [...three, { id: 'X', rating: 1 }], rounds: [] })).toMatchObject({
      ok: false,
      error: { code: 'ERR_RESULTS_DUPLICATE_PLAYER' },
    });
  });
});


/** A random round robin of n players on the Berger table; `forfeits` adds some '+-' and '-+'. */
function randomRoundRobin(n: number, seed: number, forfeits: boolean): TournamentResults {
  const random = seededRandom(seed);
  const ids = Array.from({ length: n }, (_, i) => `p${i + 1}`);
  const schedule = roundRobinPairings(ids);
  if (!schedule.ok) throw new Error(schedule.error.message);
  const results: TournamentResult[] = forfeits ? ['1-0', '0-1', '1/2-1/2', '+-', '-+'] : ['1-0', '0-1', '1/2-1/2'];
  const rounds: RoundResults[] = schedule.value.map((r) => ({
    round: r.round,
    games: [
      ...r.pairs.map((p) => ({ ...p, result: results[Math.floor(random() * results.length)] as TournamentResult })),
      ...(r.bye === null ? [] : [{ white: r.bye, black: null, bye: 'pairing' as const }]),
    ],
  }));
  return { players: ids.map((id, i) => ({ id, rating: 1200 + 37 * i })), rounds };
}

describe('computeStandings: invariants on 200 random round robins', () => {
  it.each(Array.from({ length: 200 }, (_, i) => i))('seed %i', (seed) => {
    const n = 3 + (seed % 10);
    const forfeits = seed % 2 === 1;
    const rows = table(randomRoundRobin(n, seed, forfeits), { system: 'round_robin' });
    const total = rows.reduce((sum, r) => sum + r.score, 0);
    // Every game gives out one point; the bye number gives nothing (the round robin default).
    expect(total).toBe((n * (n - 1)) / 2);
    rows.forEach((row, i) => {
      // Sorted by score; a rank is one more than the number of players strictly ahead.
      if (i > 0) expect(row.score).toBeLessThanOrEqual((rows[i - 1] as Standing).score);
      const first = rows.findIndex((r) => r.rank === row.rank);
      expect(row.rank).toBe(first + 1);
      expect((rows[first] as Standing).score).toBe(row.score);
      // In a round robin everyone met everyone else (forfeits count as games here, C.07 15.2).
      expect(row.buchholz).toBe(total - row.score);
      expect(row.tieBreaks.sonneborn_berger as number).toBeLessThanOrEqual(row.buchholz);
      if (!forfeits) expect(row.gamesPlayed).toBe(n - 1);
      expect(row.wins + row.draws + row.losses).toBe(row.gamesPlayed);
    });
    expect(rows.reduce((sum, r) => sum + r.wins, 0)).toBe(rows.reduce((sum, r) => sum + r.losses, 0));
  });
});
