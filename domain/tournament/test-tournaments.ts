/**
 * Hand-made tournaments shared by the standings and tie-break tests. Boards are written as
 * 'A-B 1-0' (White A, Black B, a result of TOURNAMENT_RESULTS), 'E bye:pairing' (any bye kind), or
 * 'E absent'.
 */
import type { Board, RoundResults, TournamentPlayer, TournamentResults } from './results';
import { BOARD_BYE_KINDS, TOURNAMENT_RESULTS, type BoardByeKind, type TournamentResult } from '../../schema/tournament-values';

export function round(number: number, ...boards: string[]): RoundResults {
  const games: Board[] = [];
  const absent: string[] = [];
  for (const text of boards) {
    const [left, right] = text.split(' ') as [string, string];
    if (right === 'absent') absent.push(left);
    else if (right.startsWith('bye:')) {
      const kind = right.slice(4) as BoardByeKind;
      if (!BOARD_BYE_KINDS.includes(kind)) throw new Error(`bad bye ${text}`);
      games.push({ white: left, black: null, bye: kind });
    } else {
      const [white, black] = left.split('-') as [string, string];
      const result = right === '*' ? null : (right as TournamentResult);
      if (result !== null && !TOURNAMENT_RESULTS.includes(result)) throw new Error(`bad result ${text}`);
      games.push({ white, black, result });
    }
  }
  return { round: number, games, absent };
}

export const players = (spec: Record<string, number>): TournamentPlayer[] =>
  Object.entries(spec).map(([id, rating]) => ({ id, rating, name: `Player ${id}` }));

/**
 * T1, a five-player, four-round Swiss with every kind of unplayed round:
 *   R1: A-B 1-0, C-D ½-½, E pairing-allocated bye
 *   R2: E-A 0-1, B-C +- (C forfeits), D half-point bye
 *   R3: D-E 1-0, C-A 0-1, B pairing-allocated bye
 *   R4: A-D 1-0, B-E ½-½, C zero-point bye (requested, last round)
 * Scores: A 4, B 0+1+1+½ = 2.5, C ½+0+0+0 = 0.5, D ½+½+1+0 = 2, E 1+0+0+½ = 1.5 (total 10.5).
 */
export const T1: TournamentResults = {
  players: players({ A: 2000, B: 1900, C: 1800, D: 1700, E: 1600 }),
  rounds: [
    round(1, 'A-B 1-0', 'C-D 1/2-1/2', 'E bye:pairing'),
    round(2, 'E-A 0-1', 'B-C +-', 'D bye:half'),
    round(3, 'D-E 1-0', 'C-A 0-1', 'B bye:pairing'),
    round(4, 'A-D 1-0', 'B-E 1/2-1/2', 'C bye:zero'),
  ],
};

/**
 * T2, a four-player round robin on the Berger table with one forfeit:
 *   R1: P1-P4 1-0, P2-P3 0-1
 *   R2: P4-P3 +- (P3 forfeits), P1-P2 ½-½
 *   R3: P2-P4 1-0, P3-P1 1-0
 * Scores: P1 1.5, P2 1.5, P3 2, P4 1.
 */
export const T2: TournamentResults = {
  players: players({ P1: 1500, P2: 1500, P3: 1400, P4: 1300 }),
  rounds: [
    round(1, 'P1-P4 1-0', 'P2-P3 0-1'),
    round(2, 'P4-P3 +-', 'P1-P2 1/2-1/2'),
    round(3, 'P2-P4 1-0', 'P3-P1 1-0'),
  ],
};

/** T3: T2 with P2 winning in round 2. Scores: P1 1, P2 2, P3 2, P4 1. */
export const T3: TournamentResults = {
  ...T2,
  rounds: [T2.rounds[0] as RoundResults, round(2, 'P4-P3 +-', 'P1-P2 0-1'), T2.rounds[2] as RoundResults],
};
