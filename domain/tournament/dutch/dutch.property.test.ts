/**
 * Property tests: 1,000 random tournaments (2 to 14 players, 1 to 7 rounds, random results,
 * forfeits, requested byes and forbidden pairs) are paired round after round, and every round
 * is checked against the absolute rules with code that does not share the engine's.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Colour, Player, RoundEntry, Tournament } from '../model';
import { pairDutchRound } from './pair';
import { seededRandom } from '../../strength';


type Rounds = (RoundEntry | null)[][];

const points = (e: RoundEntry | null): number => (e === null ? 0 : '1+WFU'.includes(e.result) ? 1 : '=DH'.includes(e.result) ? 0.5 : 0);
const isGame = (e: RoundEntry | null): boolean => e !== null && e.opponent !== null && '10=WDL'.includes(e.result);
const playedColours = (rounds: readonly (RoundEntry | null)[]): Colour[] => rounds.filter(isGame).map((e) => e!.colour!);

/** Colour preference after the games so far: [colour, absolute]. */
function preference(rounds: readonly (RoundEntry | null)[]): [Colour | null, boolean] {
  const c = playedColours(rounds);
  const diff = c.filter((x) => x === 'w').length - c.filter((x) => x === 'b').length;
  const last = c[c.length - 1];
  const repeated = c.length >= 2 && c[c.length - 2] === last;
  if (Math.abs(diff) > 1) return [diff > 0 ? 'b' : 'w', true];
  if (repeated) return [last === 'w' ? 'b' : 'w', true];
  if (diff !== 0) return [diff > 0 ? 'b' : 'w', false];
  return last ? [last === 'w' ? 'b' : 'w', false] : [null, false];
}

/** Is there any pairing of the present players that breaks no absolute criterion? (brute force) */
function legalPairingExists(history: Rounds, present: number[], forbidden: Set<string>, isFinal: boolean, round: number): boolean {
  const score = (i: number) => history[i]!.slice(0, round - 1).reduce((s, e) => s + points(e), 0);
  const top = (i: number) => isFinal && score(i) > (round - 1) / 2;
  const met = (a: number, b: number) => history[a]!.some((e) => isGame(e) && e!.opponent === b + 1);
  const legal = (a: number, b: number) => {
    if (met(a, b) || forbidden.has(`${a + 1}-${b + 1}`)) return false;
    const [pa, aa] = preference(history[a]!);
    const [pb, ab] = preference(history[b]!);
    return !(aa && ab && pa === pb && !top(a) && !top(b));
  };
  const byeOk = (i: number) => !history[i]!.some((e) => e !== null && e.opponent === null ? 'FU'.includes(e.result) : e !== null && e.result === '+');
  const search = (left: number[], byeUsed: boolean): boolean => {
    if (left.length === 0) return true;
    const [a, ...rest] = left as [number, ...number[]];
    if (!byeUsed && left.length % 2 === 1 && byeOk(a) && search(rest, true)) return true;
    return rest.some((b, i) => legal(a, b) && search(rest.filter((_, j) => j !== i), byeUsed));
  };
  return search(present, false);
}

function simulate(n: number, totalRounds: number, seed: number): string[] {
  const random = seededRandom(seed);
  const problems: string[] = [];
  const history: Rounds = Array.from({ length: n }, () => []);
  const forbidden: (readonly number[])[] = n >= 4 && random() < 0.3 ? [[1 + Math.floor(random() * n), 1 + Math.floor(random() * n)]] : [];
  const forbiddenSet = new Set(forbidden.filter(([a, b]) => a !== b).flatMap(([a, b]) => [`${a}-${b}`, `${b}-${a}`]));
  for (let round = 1; round <= totalRounds; round++) {
    const absent = new Set<number>();
    for (let i = 0; i < n; i++) {
      if (random() < 0.07) {
        absent.add(i);
        history[i]![round - 1] = { opponent: null, colour: null, result: random() < 0.5 ? 'H' : 'Z' };
      }
    }
    const players: Player[] = history.map((rounds, i) => ({
      startRank: i + 1,
      name: `P${i + 1}`,
      rating: 2400 - 10 * i,
      sex: '',
      title: '',
      federation: '',
      fideId: '',
      birthDate: '',
      points: 0,
      rank: 0,
      rounds: [...rounds],
    }));
    const t: Tournament = { players, totalRounds, initialColour: 'w', forbiddenPairs: forbidden, prohibitedPairs: [], byes: [], acceleration: 'none' };
    const result = pairDutchRound(t);
    const present = [...Array(n).keys()].filter((i) => !absent.has(i));
    const where = `n=${n} rounds=${totalRounds} seed=${seed} round ${round}`;
    if (!result.ok) {
      if (result.error.code !== 'ERR_NO_VALID_PAIRING') problems.push(`${where}: ${result.error.message}`);
      else if (legalPairingExists(history, present, forbiddenSet, round === totalRounds, round)) problems.push(`${where}: refused a pairing that exists`);
      return problems;
    }
    const seen = new Set<number>();
    const see = (rank: number) => {
      if (seen.has(rank)) problems.push(`${where}: player ${rank} paired twice`);
      seen.add(rank);
    };
    const { pairs, bye } = result.value;
    for (const { white, black } of pairs) {
      see(white);
      see(black);
      const w = white - 1;
      const b = black - 1;
      if (history[w]!.some((e) => isGame(e) && e!.opponent === black)) problems.push(`${where}: rematch ${white}-${black}`);
      if (forbiddenSet.has(`${white}-${black}`)) problems.push(`${where}: forbidden pair ${white}-${black}`);
      const r = random();
      const [rw, rb]: [RoundEntry['result'], RoundEntry['result']] =
        r < 0.4 ? ['1', '0'] : r < 0.65 ? ['=', '='] : r < 0.95 ? ['0', '1'] : r < 0.975 ? ['+', '-'] : ['-', '+'];
      history[w]![round - 1] = { opponent: black, colour: 'w', result: rw };
      history[b]![round - 1] = { opponent: white, colour: 'b', result: rb };
    }
    if (bye !== null) {
      see(bye);
      const earlier = history[bye - 1]!.slice(0, round - 1);
      if (earlier.some((e) => e !== null && ((e.opponent === null && 'FU'.includes(e.result)) || e.result === '+'))) {
        problems.push(`${where}: player ${bye} gets a second bye or a bye after a forfeit win`);
      }
      if (present.length % 2 === 0) problems.push(`${where}: a bye with an even number of players`);
      history[bye - 1]![round - 1] = { opponent: null, colour: null, result: 'U' };
    } else if (present.length % 2 === 1) {
      problems.push(`${where}: nobody got the bye`);
    }
    for (const i of present) if (!seen.has(i + 1)) problems.push(`${where}: player ${i + 1} left out`);
    for (const i of absent) if (seen.has(i + 1)) problems.push(`${where}: absent player ${i + 1} paired`);
    // Colours: only topscorers in the last round may break these.
    const before = (i: number) => history[i]!.slice(0, round - 1).reduce((s, e) => s + points(e), 0);
    for (const { white, black } of pairs) {
      const exempt = round === totalRounds && (before(white - 1) > (round - 1) / 2 || before(black - 1) > (round - 1) / 2);
      if (exempt) continue;
      for (const p of [white, black]) {
        const c = playedColours(history[p - 1]!);
        const diff = Math.abs(c.filter((x) => x === 'w').length - c.filter((x) => x === 'b').length);
        if (diff > 2) problems.push(`${where}: player ${p} has colour difference ${diff}`);
        const k = c.length;
        if (k >= 3 && c[k - 1] === c[k - 2] && c[k - 2] === c[k - 3]) problems.push(`${where}: player ${p} has the same colour three times in a row`);
      }
    }
  }
  return problems;
}

describe('Dutch pairings of random tournaments', () => {
  it('never break an absolute rule, and refuse only when no legal pairing exists (1,000 tournaments)', { timeout: 120_000 }, () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 14 }), fc.integer({ min: 1, max: 7 }), fc.integer({ min: 0, max: 2 ** 31 - 1 }), (n, rounds, seed) => {
        expect(simulate(n, rounds, seed)).toEqual([]);
      }),
      { numRuns: 1000, seed: 20260205 },
    );
  });
});
