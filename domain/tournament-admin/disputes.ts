/**
 * Disputed results on every device (issue 29). Two devices that enter different results for one
 * game make a dispute (rounds.ts enterResult): the board keeps the result the server had first
 * until the organiser decides. Until then that result is provisional everywhere it is shown; and
 * a device whose own result is not the board's says so, with both results (the app's words).
 */
import type { TournamentResult } from '../../schema';
import type { Snapshot } from './model';

/** Whether a board's result waits for the organiser: a dispute about it is still open. */
export function isProvisional(disputes: Snapshot['disputes'], roundNumber: number, boardNumber: number): boolean {
  return disputes.some((dispute) => dispute.status !== 'resolved' && dispute.roundNumber === roundNumber && dispute.boardNumber === boardNumber);
}

/** A result this device entered (or corrected, or decided a dispute with), the latest per board. */
export interface EnteredResult {
  readonly roundNumber: number;
  readonly boardNumber: number;
  readonly result: TournamentResult;
}

/** A result of this device the board does not show: `kept` is the board's, `provisional` while disputed. */
export interface ResultNotKept extends EnteredResult {
  readonly kept: TournamentResult;
  readonly provisional: boolean;
}

/** This device's results that the board no longer shows (another device's result was kept). */
export function resultsNotKept(snapshot: Pick<Snapshot, 'rounds' | 'disputes'>, entered: readonly EnteredResult[]): ResultNotKept[] {
  if (entered.length === 0) return [];
  // Boards by round and number: a device may have entered thousands of results in a large event.
  const boards = new Map(snapshot.rounds.flatMap((round) => round.pairings.map((board) => [`${round.roundNumber}:${board.boardNumber}`, board] as const)));
  const notKept: ResultNotKept[] = [];
  for (const mine of entered) {
    const board = boards.get(`${mine.roundNumber}:${mine.boardNumber}`);
    if (!board || board.isBye || board.gameResult === null || board.gameResult === mine.result) continue;
    notKept.push({ ...mine, kept: board.gameResult, provisional: isProvisional(snapshot.disputes, mine.roundNumber, mine.boardNumber) });
  }
  return notKept.sort((a, b) => a.roundNumber - b.roundNumber || a.boardNumber - b.boardNumber);
}

/** A result as the screens write it: a draw as ½-½. */
export const shownResult = (result: TournamentResult) => result.replace('1/2-1/2', '½-½');
