import { describe, expect, it } from 'vitest';
import { pairGivingWay } from './give-way';
import type { Player, Tournament } from './model';

const player = (startRank: number): Player => ({
  startRank, name: `P${startRank}`, rating: 2000 - startRank * 10, sex: '', title: '', federation: '', fideId: '', birthDate: '', points: 0, rank: 0, rounds: [],
});
const event = (n: number, prohibited: Tournament['prohibitedPairs']): Tournament => ({
  players: Array.from({ length: n }, (_, i) => player(i + 1)),
  totalRounds: 5,
  initialColour: 'w',
  forbiddenPairs: [],
  prohibitedPairs: prohibited,
  byes: [],
  acceleration: 'none',
});
const met = (pairs: readonly { white: number; black: number }[], a: number, b: number) =>
  pairs.some((p) => (p.white === a && p.black === b) || (p.white === b && p.black === a));

describe('pairGivingWay', () => {
  it('keeps two schools apart in round 1 when it can (1-5, 2-6 ... would meet otherwise)', () => {
    const r = pairGivingWay(event(8, [{ firstRound: 1, lastRound: 2, players: [1, 5] }, { firstRound: 1, lastRound: 2, players: [2, 6] }]));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.relaxed).toEqual([]);
    expect(met(r.value.pairing.pairs, 1, 5)).toBe(false);
    expect(met(r.value.pairing.pairs, 2, 6)).toBe(false);
  });

  it('lets go of as few of the largest group as it must (5 of 6 from one school: 2 let go, so 1, 2 and 3 meet 4, 5 and 6)', () => {
    const school = { firstRound: 1, lastRound: 2, players: [1, 2, 3, 4, 5] };
    const pair = { firstRound: 1, lastRound: 2, players: [5, 6] };
    const r = pairGivingWay(event(6, [pair, school]));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.relaxed).toEqual([{ ...school, players: [4, 5] }]);
    expect(met(r.value.pairing.pairs, 5, 6)).toBe(false);
    for (const p of r.value.pairing.pairs) expect([p.white, p.black].filter((n) => n <= 3)).toHaveLength(1);
  });

  it('14 of 26 from one school: one let go, so one board of that school and twelve across', () => {
    const school = { firstRound: 1, lastRound: 2, players: Array.from({ length: 14 }, (_, i) => 2 * i + 1).filter((n) => n <= 26).concat([26, 24]).slice(0, 14).sort((a, b) => a - b) };
    const r = pairGivingWay(event(26, [school]));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.relaxed).toHaveLength(1);
    expect(r.value.relaxed[0]!.players).toHaveLength(1);
    const inSchool = new Set(school.players);
    const same = r.value.pairing.pairs.filter((p) => inSchool.has(p.white) && inSchool.has(p.black));
    expect(same).toHaveLength(1);
  });

  it('ignores records not in force this round', () => {
    const r = pairGivingWay(event(4, [{ firstRound: 3, lastRound: 4, players: [1, 2, 3, 4] }]));
    expect(r.ok && r.value.relaxed).toEqual([]);
  });
});
