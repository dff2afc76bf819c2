/**
 * Turns a finished tournament into one pairing case per round, the way the reference vectors
 * are meant to be replayed: for round k, the rounds before it, the absences announced for it
 * (H, F, Z byes) and the total number of rounds; the expected answer is round k as recorded.
 */
import type { Colour, Pair, Player, RoundEntry, Tournament } from './model';

export interface RoundCase {
  readonly round: number;
  readonly tournament: Tournament;
  readonly expectedPairs: readonly Pair[];
  readonly expectedBye: number | null;
}

/** The colour of the top player of round 1, inferred as bbpPairings does. */
export function roundOneColour(players: readonly Player[]): Colour {
  let counted = 0;
  for (const p of [...players].sort((a, b) => a.startRank - b.startRank)) {
    const e = p.rounds[0];
    if (!e) continue;
    if (e.opponent === null && e.result !== 'U') continue;
    if (e.colour !== null) return counted % 2 === 0 ? e.colour : e.colour === 'w' ? 'b' : 'w';
    counted++;
  }
  return 'w';
}

export function roundCases(t: Tournament, totalRounds: number): RoundCase[] {
  const initialColour = t.initialColour ?? roundOneColour(t.players);
  const cases: RoundCase[] = [];
  for (let k = 0; k < totalRounds; k++) {
    const players = t.players.map((p): Player => {
      const rounds: (RoundEntry | null)[] = p.rounds.slice(0, k);
      while (rounds.length < k) rounds.push(null);
      const next = p.rounds[k];
      if (next && next.opponent === null && next.result !== 'U') rounds.push({ opponent: null, colour: null, result: next.result });
      while (rounds.length > 0 && rounds[rounds.length - 1] === null) rounds.pop();
      return { ...p, rounds };
    });
    const expectedPairs: Pair[] = [];
    let expectedBye: number | null = null;
    for (const p of t.players) {
      const e = p.rounds[k];
      if (!e) continue;
      if (e.opponent === null) {
        if (e.result === 'U') expectedBye = p.startRank;
      } else if (e.colour === 'w') {
        expectedPairs.push({ white: p.startRank, black: e.opponent });
      }
    }
    cases.push({ round: k + 1, tournament: { ...t, players, totalRounds, initialColour }, expectedPairs, expectedBye });
  }
  return cases;
}
