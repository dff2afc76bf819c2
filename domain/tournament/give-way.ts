/**
 * Prohibited pairings that give way (issue 29): a Swiss round is paired with every 260 record in
 * force; when no pairing exists with them all, the largest group in force lets go of as few of its
 * players as it must (its lowest-ranked first; the fewest found by halving, a pairing per try),
 * then the next group, until a pairing exists. What was let go is returned, so the pairing screen
 * can say so. (E.g. 14 of 26 players from one school: one is let go, and meets one of their own.)
 */
import { ok, type Result } from '../result-type';
import { pairDutchRound, type DutchOptions } from './dutch/pair';
import type { PairingError, ProhibitedPairs, RoundPairing, Tournament } from './model';

export interface GivingWayPairing {
  readonly pairing: RoundPairing;
  /** The 260 records let go to make a pairing possible, largest first (empty: none). */
  readonly relaxed: readonly ProhibitedPairs[];
}

/** The round the engine will pair: one after the longest history (requested byes do not count). */
function nextRound(t: Tournament): number {
  let played = 0;
  for (const p of t.players) {
    let last = 0;
    p.rounds.forEach((entry, index) => {
      if (entry && (entry.opponent !== null || entry.result === 'U')) last = index + 1;
    });
    played = Math.max(played, last);
  }
  return played + 1;
}

export function pairGivingWay(t: Tournament, options: DutchOptions = {}): Result<GivingWayPairing, PairingError> {
  const round = nextRound(t);
  let current = t;
  const relaxed: ProhibitedPairs[] = [];
  for (;;) {
    const result = pairDutchRound(current, options);
    if (result.ok) return ok({ pairing: result.value, relaxed });
    if (result.error.code !== 'ERR_NO_VALID_PAIRING') return result;
    const inForce = current.prohibitedPairs.filter((pp) => pp.firstRound <= round && round <= pp.lastRound);
    if (inForce.length === 0) return result;
    const largest = inForce.reduce((a, b) => (b.players.length > a.players.length ? b : a));
    const players = [...largest.players].sort((a, b) => a - b);
    const others = current.prohibitedPairs.filter((pp) => pp !== largest);
    /** The tournament with the group's `released` lowest-ranked players let go. */
    const releasing = (released: number): Tournament => {
      const kept = players.slice(0, players.length - released);
      return { ...current, prohibitedPairs: kept.length >= 2 ? [...others, { ...largest, players: kept }] : others };
    };
    // The whole group let go is the last resort (then the next group is looked at).
    const all = players.length;
    let found: { released: number; pairing: RoundPairing } | null = null;
    let lo = 1;
    let hi = all - 1;
    while (lo <= hi) {
      const mid = Math.floor((lo + hi) / 2);
      const attempt = pairDutchRound(releasing(mid), options);
      if (attempt.ok) {
        found = { released: mid, pairing: attempt.value };
        hi = mid - 1;
      } else {
        lo = mid + 1;
      }
    }
    if (found) {
      relaxed.push({ ...largest, players: players.slice(players.length - found.released) });
      return ok({ pairing: found.pairing, relaxed });
    }
    relaxed.push(largest);
    current = { ...current, prohibitedPairs: others };
  }
}
