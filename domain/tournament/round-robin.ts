/**
 * Round robin with the FIDE Berger tables (Handbook C.05, Annex 1). Pure, no side effects.
 *
 * For an even count n (an odd count plays with a bye as number n + 1), round r of the table is:
 * - board 1: the player x with 2x ≡ r + 1 (mod n − 1) against n; x has White in odd rounds,
 *   n in even rounds;
 * - board k (2 ≤ k ≤ n/2): x + (k − 1) against x − (k − 1), both taken mod n − 1 into 1..n − 1;
 *   White is the player w for whom (other − w) mod (n − 1) is odd.
 * This reproduces the published tables exactly (the tests hold several of them).
 */
import { err, ok, type Result } from '../result-type';

export interface ScheduledPair {
  white: number;
  black: number;
}

/** One round: pairs by board, and the pairing number who sits out (odd counts only). */
export interface ScheduledRound {
  round: number;
  pairs: ScheduledPair[];
  bye: number | null;
}

export interface RoundRobinOptions {
  /** 1 for single round robin, 2 for double (the second cycle with colours reversed). */
  cycles?: 1 | 2;
  /**
   * Double round robin only: play the last two rounds of the first cycle in reverse order, as
   * C.05 Annex 1 recommends, so no one gets the same colour three times running at the turn of
   * the cycles. Default true.
   */
  swapLastTwoRounds?: boolean;
}

export interface RoundRobinError {
  code: 'ERR_ROUND_ROBIN_TOO_FEW';
  message: string;
}

/** Wraps x into 1..m. */
const wrap = (x: number, m: number) => ((((x - 1) % m) + m) % m) + 1;

/** The Berger table for an even count n: n − 1 rounds of n/2 pairs of pairing numbers. */
export function bergerRound(n: number, round: number): ScheduledPair[] {
  const m = n - 1;
  // x solves 2x ≡ round + 1 (mod m); m is odd, so 2 has the inverse (m + 1) / 2.
  const x = wrap(((round + 1) * ((m + 1) / 2)) % m, m);
  const pairs: ScheduledPair[] = [round % 2 === 1 ? { white: x, black: n } : { white: n, black: x }];
  for (let k = 1; k < n / 2; k++) {
    const a = wrap(x + k, m);
    const b = wrap(x - k, m);
    pairs.push((((b - a) % m) + m) % m % 2 === 1 ? { white: a, black: b } : { white: b, black: a });
  }
  return pairs;
}

/** The single-cycle Berger table for `players` entrants; an odd count gets the bye as the last number. */
export function bergerTable(players: number): Result<ScheduledRound[], RoundRobinError> {
  if (!Number.isInteger(players) || players < 2) {
    return err({ code: 'ERR_ROUND_ROBIN_TOO_FEW', message: 'A round robin needs at least 2 players' });
  }
  const n = players % 2 === 0 ? players : players + 1;
  const rounds: ScheduledRound[] = [];
  for (let round = 1; round < n; round++) {
    const all = bergerRound(n, round);
    const byePair = n === players ? undefined : all.find((p) => p.white === n || p.black === n);
    rounds.push({
      round,
      pairs: byePair ? all.filter((p) => p !== byePair) : all,
      bye: byePair ? (byePair.white === n ? byePair.black : byePair.white) : null,
    });
  }
  return ok(rounds);
}

/** The whole schedule: one or two cycles, rounds numbered on from 1. */
export function roundRobinSchedule(players: number, options: RoundRobinOptions = {}): Result<ScheduledRound[], RoundRobinError> {
  const table = bergerTable(players);
  if (!table.ok || (options.cycles ?? 1) === 1) return table;
  const first = [...table.value];
  if ((options.swapLastTwoRounds ?? true) && first.length >= 2) {
    const last = first.pop() as ScheduledRound;
    const beforeLast = first.pop() as ScheduledRound;
    first.push(last, beforeLast);
  }
  const second = table.value.map((r) => ({ ...r, pairs: r.pairs.map((p) => ({ white: p.black, black: p.white })) }));
  return ok([...first, ...second].map((r, i) => ({ ...r, round: i + 1 })));
}

/** The schedule with entrants in place of pairing numbers (entrant i has number i + 1). */
export function roundRobinPairings<T>(
  entrants: readonly T[],
  options: RoundRobinOptions = {},
): Result<{ round: number; pairs: { white: T; black: T }[]; bye: T | null }[], RoundRobinError> {
  const schedule = roundRobinSchedule(entrants.length, options);
  if (!schedule.ok) return schedule;
  const at = (n: number) => entrants[n - 1] as T;
  return ok(
    schedule.value.map((r) => ({
      round: r.round,
      pairs: r.pairs.map((p) => ({ white: at(p.white), black: at(p.black) })),
      bye: r.bye === null ? null : at(r.bye),
    })),
  );
}
