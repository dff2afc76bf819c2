import { isGame } from '../../../domain/tournament-admin';
import type { RoundView } from './view';

/** What 'My board' shows a registered player for the current round (the latest one created). */
export type MyBoard =
  | { kind: 'noRound' }
  | { kind: 'notPairedYet'; round: RoundView }
  | { kind: 'board'; round: RoundView; boardNumber: number; colour: 'white' | 'black'; opponentName: string; opponentRating: number | null; pairing: RoundView['pairings'][number] }
  | { kind: 'bye'; round: RoundView; byeKind: RoundView['pairings'][number]['byeKind'] }
  | { kind: 'notPaired'; round: RoundView };

/**
 * The player's pairing in the current round. The current round is the latest one created, paired
 * or not: once the organiser creates round 3, round 2's board is no longer where the child goes.
 * Rounds arrive sorted by number (snapshotView). Pure.
 */
export function findMyBoard(rounds: readonly RoundView[], userId: number): MyBoard {
  const round = rounds.at(-1);
  if (!round) return { kind: 'noRound' };
  if (round.pairings.length === 0) return { kind: 'notPairedYet', round };
  for (const pairing of round.pairings) {
    if (pairing.whitePlayerId === userId) {
      if (!isGame(pairing)) return { kind: 'bye', round, byeKind: pairing.byeKind };
      return { kind: 'board', round, boardNumber: pairing.boardNumber, colour: 'white', opponentName: pairing.blackPlayerName ?? '', opponentRating: pairing.blackPlayerElo, pairing };
    }
    if (pairing.blackPlayerId === userId) {
      return { kind: 'board', round, boardNumber: pairing.boardNumber, colour: 'black', opponentName: pairing.whitePlayerName, opponentRating: pairing.whitePlayerElo, pairing };
    }
  }
  return { kind: 'notPaired', round };
}

/** The address the venue's QR code opens: the tournament's pairings, with 'My board' above them. */
export function playerLink(origin: string, tournamentId: number): string {
  return `${origin}/tournaments/${tournamentId}?tab=pairings`;
}
