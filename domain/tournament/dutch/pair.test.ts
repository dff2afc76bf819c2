import { describe, expect, it } from 'vitest';
import type { Player, RoundEntry, Tournament } from '../model';
import { pairDutchRound } from './pair';

const W = (opponent: number, result: RoundEntry['result'] = '1'): RoundEntry => ({ opponent, colour: 'w', result });
const B = (opponent: number, result: RoundEntry['result'] = '0'): RoundEntry => ({ opponent, colour: 'b', result });
const bye = (result: RoundEntry['result']): RoundEntry => ({ opponent: null, colour: null, result });

function tournament(rounds: RoundEntry[][], extra: Partial<Tournament> = {}): Tournament {
  const players: Player[] = rounds.map((r, i) => ({
    startRank: i + 1,
    name: `Player ${i + 1}`,
    rating: 2500 - 50 * i,
    sex: '',
    title: '',
    federation: '',
    fideId: '',
    birthDate: '',
    points: 0,
    rank: 0,
    rounds: r,
  }));
  return { players, totalRounds: 5, initialColour: 'w', forbiddenPairs: [], prohibitedPairs: [], byes: [], acceleration: 'none', ...extra };
}

const fresh = (n: number) => Array.from({ length: n }, (): RoundEntry[] => []);
const show = (t: Tournament) => {
  const r = pairDutchRound(t);
  if (!r.ok) return r.error.code;
  return [...r.value.pairs.map((p) => `${p.white}-${p.black}`), ...(r.value.bye === null ? [] : [`bye ${r.value.bye}`])].join(' ');
};

describe('pairDutchRound', () => {
  it.each([
    { name: 'round 1: S1 against S2, colours alternating from the initial colour (C.04.3 A.6, E.5)', t: tournament(fresh(8)), expected: '1-5 6-2 3-7 8-4' },
    { name: 'round 1 with black for the top player (XXC black1)', t: tournament(fresh(8), { initialColour: 'b' }), expected: '5-1 2-6 7-3 4-8' },
    { name: 'round 1, odd: the lowest player gets the pairing-allocated bye', t: tournament(fresh(5)), expected: '1-3 4-2 bye 5' },
    {
      name: 'forbidden pair (XXP 1 5): the next transposition, 1-6 and 2-5',
      t: tournament(fresh(8), { forbiddenPairs: [[1, 5]] }),
      expected: '1-6 5-2 3-7 8-4',
    },
    {
      name: 'prohibited pair (260) outside its rounds is ignored',
      t: tournament(fresh(8), { prohibitedPairs: [{ firstRound: 2, lastRound: 3, players: [1, 5] }] }),
      expected: '1-5 6-2 3-7 8-4',
    },
    {
      name: 'a requested bye (240) leaves the player out',
      t: tournament(fresh(8), { byes: [{ round: 1, type: 'H', players: [8] }] }),
      expected: '1-4 5-2 3-6 bye 7',
    },
    {
      name: 'Baku acceleration: the top half plays among itself in round 1',
      t: tournament(fresh(8), { acceleration: 'baku' }),
      expected: '1-3 4-2 5-7 8-6',
    },
    {
      name: 'round 2: winners meet, colours alternate, no rematch',
      t: tournament([[W(5)], [B(6, '1')], [W(7)], [B(8, '1')], [B(1)], [W(2, '0')], [B(3)], [W(4, '0')]]),
      expected: '4-1 2-3 5-8 7-6',
    },
    {
      // 5 floats down to 1..4; the bye goes to 2 rather than 4 so that 3 and 4 both get their colour.
      name: 'a player who had the bye does not get it again, and colours outrank the bye order',
      t: tournament([[W(3, '=')], [B(4, '=')], [B(1, '=')], [W(2, '=')], [bye('U')]]),
      expected: '5-1 3-4 bye 2',
    },
    {
      name: 'no legal pairing: the only two players have met',
      t: tournament([[W(2)], [B(1)]]),
      expected: 'ERR_NO_VALID_PAIRING',
    },
    {
      name: 'no legal pairing: the only player present already had the bye',
      t: tournament([[W(2, '='), bye('H')], [B(1, '='), bye('H')], [bye('U')]]),
      expected: 'ERR_NO_VALID_PAIRING',
    },
  ])('$name', ({ t, expected }) => {
    expect(show(t)).toBe(expected);
  });

  it('says when every round has been paired', () => {
    expect(show(tournament([[W(2)], [B(1)]], { totalRounds: 1 }))).toBe('ERR_TOURNAMENT_FINISHED');
  });

  it('refuses start ranks with a hole', () => {
    const t = tournament(fresh(2));
    expect(show({ ...t, players: [t.players[0]!, { ...t.players[1]!, startRank: 3 }] })).toBe('ERR_TOURNAMENT_INVALID');
  });
});
