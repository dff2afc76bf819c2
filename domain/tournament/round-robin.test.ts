import { describe, expect, it } from 'vitest';
import { bergerRound, bergerTable, roundRobinPairings, roundRobinSchedule, type ScheduledRound } from './round-robin';

/** The published FIDE Berger tables (C.05 Annex 1), one line per round, "white-black" by board. */
const PUBLISHED: { players: number; rounds: string[] }[] = [
  { players: 4, rounds: ['1-4 2-3', '4-3 1-2', '2-4 3-1'] },
  { players: 6, rounds: ['1-6 2-5 3-4', '6-4 5-3 1-2', '2-6 3-1 4-5', '6-5 1-4 2-3', '3-6 4-2 5-1'] },
  {
    players: 8,
    rounds: ['1-8 2-7 3-6 4-5', '8-5 6-4 7-3 1-2', '2-8 3-1 4-7 5-6', '8-6 7-5 1-4 2-3', '3-8 4-2 5-1 6-7', '8-7 1-6 2-5 3-4', '4-8 5-3 6-2 7-1'],
  },
  {
    players: 10,
    rounds: [
      '1-10 2-9 3-8 4-7 5-6', '10-6 7-5 8-4 9-3 1-2', '2-10 3-1 4-9 5-8 6-7', '10-7 8-6 9-5 1-4 2-3', '3-10 4-2 5-1 6-9 7-8',
      '10-8 9-7 1-6 2-5 3-4', '4-10 5-3 6-2 7-1 8-9', '10-9 1-8 2-7 3-6 4-5', '5-10 6-4 7-3 8-2 9-1',
    ],
  },
  {
    players: 12,
    rounds: [
      '1-12 2-11 3-10 4-9 5-8 6-7', '12-7 8-6 9-5 10-4 11-3 1-2', '2-12 3-1 4-11 5-10 6-9 7-8', '12-8 9-7 10-6 11-5 1-4 2-3',
      '3-12 4-2 5-1 6-11 7-10 8-9', '12-9 10-8 11-7 1-6 2-5 3-4', '4-12 5-3 6-2 7-1 8-11 9-10', '12-10 11-9 1-8 2-7 3-6 4-5',
      '5-12 6-4 7-3 8-2 9-1 10-11', '12-11 1-10 2-9 3-8 4-7 5-6', '6-12 7-5 8-4 9-3 10-2 11-1',
    ],
  },
  {
    players: 14,
    rounds: [
      '1-14 2-13 3-12 4-11 5-10 6-9 7-8', '14-8 9-7 10-6 11-5 12-4 13-3 1-2', '2-14 3-1 4-13 5-12 6-11 7-10 8-9',
      '14-9 10-8 11-7 12-6 13-5 1-4 2-3', '3-14 4-2 5-1 6-13 7-12 8-11 9-10', '14-10 11-9 12-8 13-7 1-6 2-5 3-4',
      '4-14 5-3 6-2 7-1 8-13 9-12 10-11', '14-11 12-10 13-9 1-8 2-7 3-6 4-5', '5-14 6-4 7-3 8-2 9-1 10-13 11-12',
      '14-12 13-11 1-10 2-9 3-8 4-7 5-6', '6-14 7-5 8-4 9-3 10-2 11-1 12-13', '14-13 1-12 2-11 3-10 4-9 5-8 6-7',
      '7-14 8-6 9-5 10-4 11-3 12-2 13-1',
    ],
  },
];

const show = (round: ScheduledRound) => round.pairs.map((p) => `${p.white}-${p.black}`).join(' ');
const table = (players: number) => {
  const result = bergerTable(players);
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
};

describe('bergerTable: the published FIDE tables (C.05 Annex 1)', () => {
  it.each(PUBLISHED)('$players players', ({ players, rounds }) => {
    expect(table(players).map(show)).toEqual(rounds);
  });
  it.each(PUBLISHED)('$players - 1 players: the same table with the last number as the bye', ({ players, rounds }) => {
    const odd = table(players - 1);
    rounds.forEach((line, i) => {
      const pairs = line.split(' ');
      const byePair = pairs.find((p) => p.split('-').includes(String(players))) as string;
      const [w, b] = byePair.split('-').map(Number);
      expect(odd[i]?.bye).toBe(w === players ? b : w);
      expect(odd[i] && show(odd[i])).toBe(pairs.filter((p) => p !== byePair).join(' '));
    });
  });
});

/** The table by its definition, built independently of the implementation's board order. */
function formulaPairs(n: number, round: number): Set<string> {
  const m = n - 1;
  const pairs = new Set<string>();
  for (let a = 1; a <= m; a++) {
    for (let b = 1; b <= m; b++) {
      if (a === b) continue;
      if ((a + b - (round + 1)) % m !== 0) continue;
      if ((((b - a) % m) + m) % m % 2 === 1) pairs.add(`${a}-${b}`);
    }
    if ((2 * a - (round + 1)) % m === 0) pairs.add(round % 2 === 1 ? `${a}-${n}` : `${n}-${a}`);
  }
  return pairs;
}

const SIZES = Array.from({ length: 18 }, (_, i) => i + 3);

describe('Berger tables for 3 to 20 players', () => {
  it.each(SIZES)('%i players: every round matches the formula', (players) => {
    const n = players % 2 === 0 ? players : players + 1;
    const rounds = table(players);
    expect(rounds).toHaveLength(n - 1);
    for (const r of rounds) {
      expect(new Set(bergerRound(n, r.round).map((p) => `${p.white}-${p.black}`))).toEqual(formulaPairs(n, r.round));
    }
  });

  it.each(SIZES)('%i players: every pair meets exactly once, everyone plays once a round', (players) => {
    const met = new Map<string, number>();
    for (const r of table(players)) {
      const seen = new Set<number>(r.bye === null ? [] : [r.bye]);
      for (const { white, black } of r.pairs) {
        expect(seen.has(white) || seen.has(black)).toBe(false);
        seen.add(white).add(black);
        const key = `${Math.min(white, black)}-${Math.max(white, black)}`;
        met.set(key, (met.get(key) ?? 0) + 1);
      }
      expect(seen.size).toBe(players);
    }
    expect(met.size).toBe((players * (players - 1)) / 2);
    expect([...met.values()].every((count) => count === 1)).toBe(true);
  });

  it.each(SIZES)('%i players: whites and blacks differ by at most one; byes once each for odd counts', (players) => {
    const whites = new Map<number, number>();
    const byes = new Map<number, number>();
    for (const r of table(players)) {
      for (const { white } of r.pairs) whites.set(white, (whites.get(white) ?? 0) + 1);
      if (r.bye !== null) byes.set(r.bye, (byes.get(r.bye) ?? 0) + 1);
    }
    const games = players - 1;
    for (let p = 1; p <= players; p++) {
      const w = whites.get(p) ?? 0;
      expect(Math.abs(w - (games - w))).toBeLessThanOrEqual(1);
      if (players % 2 === 1) expect(byes.get(p)).toBe(1);
    }
  });
});

/** The longest run of one colour for each pairing number across a schedule. */
function longestColourRun(rounds: ScheduledRound[], players: number): number {
  let longest = 0;
  for (let p = 1; p <= players; p++) {
    let run = 0;
    let last: 'w' | 'b' | null = null;
    for (const r of rounds) {
      const pair = r.pairs.find((x) => x.white === p || x.black === p);
      if (!pair) continue; // a bye does not break or extend a run
      const colour = pair.white === p ? 'w' : 'b';
      run = colour === last ? run + 1 : 1;
      last = colour;
      longest = Math.max(longest, run);
    }
  }
  return longest;
}

describe('roundRobinSchedule: double round robin', () => {
  it.each(SIZES)('%i players: the second cycle repeats the first with colours reversed', (players) => {
    const single = table(players);
    const result = roundRobinSchedule(players, { cycles: 2, swapLastTwoRounds: false });
    if (!result.ok) throw new Error(result.error.message);
    expect(result.value).toHaveLength(single.length * 2);
    single.forEach((r, i) => {
      const second = result.value[single.length + i];
      expect(second?.round).toBe(single.length + i + 1);
      expect(second?.pairs).toEqual(r.pairs.map((p) => ({ white: p.black, black: p.white })));
      expect(second?.bye).toBe(r.bye);
    });
  });

  it.each(SIZES.filter((n) => n >= 4))('%i players: swapping the last two rounds of cycle one avoids three same colours in a row', (players) => {
    const plain = roundRobinSchedule(players, { cycles: 2, swapLastTwoRounds: false });
    const swapped = roundRobinSchedule(players, { cycles: 2 });
    if (!plain.ok || !swapped.ok) throw new Error('schedule failed');
    const n = players % 2 === 0 ? players : players + 1;
    expect(swapped.value.map((r) => r.round)).toEqual(Array.from({ length: 2 * (n - 1) }, (_, i) => i + 1));
    expect(show(swapped.value[n - 3] as ScheduledRound)).toBe(show(table(players)[n - 2] as ScheduledRound));
    if (players % 2 === 0) expect(longestColourRun(plain.value, players)).toBe(3);
    expect(longestColourRun(swapped.value, players)).toBeLessThanOrEqual(2);
  });
});

describe('roundRobinPairings', () => {
  it('puts entrants in place of pairing numbers, the bye included', () => {
    const result = roundRobinPairings(['ann', 'bob', 'cat']);
    expect(result).toEqual({
      ok: true,
      value: [
        { round: 1, pairs: [{ white: 'bob', black: 'cat' }], bye: 'ann' },
        { round: 2, pairs: [{ white: 'ann', black: 'bob' }], bye: 'cat' },
        { round: 3, pairs: [{ white: 'cat', black: 'ann' }], bye: 'bob' },
      ],
    });
  });
  it.each([0, 1, 2.5])('refuses %s players', (players) => {
    expect(bergerTable(players)).toMatchObject({ ok: false, error: { code: 'ERR_ROUND_ROBIN_TOO_FEW' } });
  });
});
