/**
 * Rounds, boards and results: create a round ('Round N', only when no rounds exist or the last is
 * completed, while the tournament is in progress), publish its pairing (first wins: a round
 * already paired refuses another device's pairing), start it, enter results (a round completes
 * when every game has one), correct a result with a note, and keep two devices' different results
 * for one game as a dispute rather than overwrite either.
 */
import type { Dispute, Pairing, RoundWithPairings, TournamentResult } from '../../schema';
import { ok } from '../result-type';
import { checkPairing, tournamentPlayers } from './pairing';
import { fail, findRound, isElimination, isGame, lastRound, withCounts, withRound, type ActionContext, type AdminResult, type RuleArgs, type Snapshot } from './model';
import { ERROR_TEXTS } from '../../schema';

export const roundName = (roundNumber: number) => `Round ${roundNumber}`;

function requireRunning(snapshot: Snapshot, ctx: ActionContext): AdminResult | null {
  if (!ctx.canManage) return fail('ERR_FORBIDDEN', 'ERR_MANAGERS_ONLY');
  if (snapshot.tournament.status !== 'in_progress') return fail('ERR_WRONG_STATUS', 'ERR_TOURNAMENT_NOT_IN_PROGRESS');
  return null;
}

/** The round number the next round must have. */
export function nextRoundNumber(snapshot: Snapshot): number {
  return (lastRound(snapshot)?.roundNumber ?? 0) + 1;
}

export function createRound(snapshot: Snapshot, args: RuleArgs<'createRound'>, ctx: ActionContext): AdminResult {
  const refused = requireRunning(snapshot, ctx);
  if (refused) return refused;
  // Another device created this round first: nothing to do.
  if (findRound(snapshot, args.roundNumber)) return ok(snapshot);
  const last = lastRound(snapshot);
  if (last && last.status !== 'completed') return fail('ERR_ROUND_ORDER', 'ERR_COMPLETE_ROUND_FIRST', { round: last.name });
  if (args.roundNumber !== nextRoundNumber(snapshot)) return fail('ERR_ROUND_ORDER', 'ERR_NEXT_ROUND_IS', { round: nextRoundNumber(snapshot) });
  const total = snapshot.tournament.rounds;
  if (total !== null && snapshot.tournament.format === 'swiss' && args.roundNumber > total) return fail('ERR_ROUND_ORDER', 'ERR_ONLY_ROUNDS', { total });
  const name = args.name.trim() === '' ? roundName(args.roundNumber) : args.name.trim();
  const round: RoundWithPairings = { id: ctx.newId(), roundNumber: args.roundNumber, name, status: 'created', gamesCount: 0, completedGames: 0, startTime: args.startTime, pairings: [] };
  return ok({ ...snapshot, rounds: [...snapshot.rounds, round] });
}

/** Publishes a pairing made by generatePairings (here or on a device), after checkPairing. */
export function publishPairings(snapshot: Snapshot, args: RuleArgs<'publishPairings'>, ctx: ActionContext): AdminResult {
  const refused = requireRunning(snapshot, ctx);
  if (refused) return refused;
  const round = findRound(snapshot, args.roundNumber);
  if (!round) return fail('ERR_NOT_FOUND', 'ERR_ROUND_DOES_NOT_EXIST', { round: args.roundNumber });
  if (round.status !== 'created') return fail('ERR_ALREADY_PAIRED', 'ERR_ROUND_ALREADY_PAIRED', { round: round.name });
  const legal = checkPairing(snapshot, args.roundNumber, args.boards);
  if (!legal.ok) return legal;
  const players = new Map(tournamentPlayers(snapshot).map((player) => [player.userId, player]));
  const pairings = [...args.boards]
    .sort((a, b) => a.boardNumber - b.boardNumber)
    .map((board): Pairing => {
      const white = players.get(board.whiteUserId);
      const black = board.blackUserId === null ? undefined : players.get(board.blackUserId);
      const bye = board.blackUserId === null;
      return {
        id: ctx.newId(),
        gameId: bye ? null : ctx.newId(),
        boardNumber: board.boardNumber,
        whitePlayerId: board.whiteUserId,
        whitePlayerName: white?.name ?? '',
        whitePlayerElo: white?.rating ?? null,
        blackPlayerId: board.blackUserId,
        blackPlayerName: black?.name ?? null,
        blackPlayerElo: black?.rating ?? null,
        gameResult: null,
        resultReason: null,
        gameStatus: bye ? 'completed' : 'scheduled',
        gameDuration: null,
        isBye: bye,
        byeKind: board.byeKind,
        advancesPlayerId: null,
      };
    });
  return ok(withRound(snapshot, withCounts({ ...round, status: 'paired', pairings })));
}

export function startRound(snapshot: Snapshot, args: RuleArgs<'startRound'>, ctx: ActionContext): AdminResult {
  const refused = requireRunning(snapshot, ctx);
  if (refused) return refused;
  const round = findRound(snapshot, args.roundNumber);
  if (!round) return fail('ERR_NOT_FOUND', 'ERR_ROUND_DOES_NOT_EXIST', { round: args.roundNumber });
  if (round.status === 'in_progress' || round.status === 'completed') return ok(snapshot);
  if (round.status !== 'paired') return fail('ERR_WRONG_STATUS', 'ERR_GENERATE_PAIRINGS_FIRST', { round: round.name });
  const pairings = round.pairings.map((board) => (isGame(board) ? { ...board, gameStatus: 'in_progress' as const } : board));
  return ok(withRound(snapshot, completeIfDone({ ...round, status: 'in_progress', startTime: round.startTime ?? ctx.now, pairings })));
}

function completeIfDone(round: RoundWithPairings): RoundWithPairings {
  const counted = withCounts(round);
  return counted.status === 'in_progress' && counted.completedGames === counted.gamesCount ? { ...counted, status: 'completed' } : counted;
}

export const DRAW_NEEDS_DECISION = ERROR_TEXTS.ERR_DRAW_NEEDS_DECISION;

function checkAdvance(snapshot: Snapshot, board: Pairing, result: TournamentResult, advancesPlayerId: number | null | undefined): AdminResult | null {
  if (!isElimination(snapshot)) return null;
  if (result === '1/2-1/2' || result === '--') {
    if (advancesPlayerId !== board.whitePlayerId && advancesPlayerId !== board.blackPlayerId) return fail('ERR_RESULT', 'ERR_DRAW_NEEDS_DECISION');
  }
  return null;
}

function advancerOf(snapshot: Snapshot, result: TournamentResult, advancesPlayerId: number | null | undefined): number | null {
  return isElimination(snapshot) && (result === '1/2-1/2' || result === '--') ? (advancesPlayerId ?? null) : null;
}

function findBoard(snapshot: Snapshot, roundNumber: number, boardNumber: number): { round: RoundWithPairings; board: Pairing } | null {
  const round = findRound(snapshot, roundNumber);
  const board = round?.pairings.find((each) => each.boardNumber === boardNumber);
  return round && board ? { round, board } : null;
}

function setBoard(round: RoundWithPairings, board: Pairing): RoundWithPairings {
  return completeIfDone({ ...round, pairings: round.pairings.map((each) => (each.boardNumber === board.boardNumber ? board : each)) });
}

function addDispute(snapshot: Snapshot, dispute: Dispute): Snapshot {
  return { ...snapshot, disputes: [...snapshot.disputes, dispute] };
}

/**
 * A result for a game not completed. If the board holds other players than the device had (its
 * pairing lost to another device's), or the game already has a different result (another device
 * entered it), nothing is overwritten: a dispute keeps both submissions for the organiser. The
 * same result again changes nothing.
 */
export function enterResult(snapshot: Snapshot, args: RuleArgs<'enterResult'>, ctx: ActionContext): AdminResult {
  const refused = requireRunning(snapshot, ctx);
  if (refused) return refused;
  const found = findBoard(snapshot, args.roundNumber, args.boardNumber);
  const round = findRound(snapshot, args.roundNumber);
  if (!round) return fail('ERR_NOT_FOUND', 'ERR_ROUND_DOES_NOT_EXIST', { round: args.roundNumber });
  const submission = { result: args.result, resultReason: args.resultReason, submittedBy: ctx.user.id, whiteUserId: args.whiteUserId, blackUserId: args.blackUserId };
  if (!found || found.board.whitePlayerId !== args.whiteUserId || found.board.blackPlayerId !== args.blackUserId) {
    if (round.status === 'created') return fail('ERR_WRONG_STATUS', 'ERR_ROUND_NO_PAIRINGS', { round: round.name });
    return ok(
      addDispute(snapshot, {
        id: ctx.newId(),
        gameId: found?.board.gameId ?? null,
        roundNumber: args.roundNumber,
        boardNumber: args.boardNumber,
        appealType: 'pairing_conflict',
        subject: `${round.name}, board ${args.boardNumber}: result entered against another pairing`,
        description: `A device paired ${round.name} differently and entered ${args.result} for its board ${args.boardNumber}. The published pairing stands; check this result.`,
        status: 'pending',
        submissions: [submission],
        resolution: null,
      }),
    );
  }
  const { board } = found;
  if (board.isBye || board.blackPlayerId === null) return fail('ERR_RESULT', 'ERR_BYE_NO_RESULT');
  if (round.status !== 'in_progress' && round.status !== 'completed') return fail('ERR_WRONG_STATUS', 'ERR_START_ROUND_FIRST', { round: round.name });
  const advance = checkAdvance(snapshot, board, args.result, args.advancesPlayerId);
  if (advance) return advance;
  if (board.gameStatus === 'completed') {
    if (board.gameResult === args.result) return ok(snapshot);
    const open = snapshot.disputes.find((each) => each.status === 'pending' && each.roundNumber === args.roundNumber && each.boardNumber === args.boardNumber && each.appealType === 'result_dispute');
    if (open) {
      if (open.submissions.some((each) => each.result === args.result)) return ok(snapshot);
      return ok({ ...snapshot, disputes: snapshot.disputes.map((each) => (each === open ? { ...open, submissions: [...open.submissions, submission] } : each)) });
    }
    return ok(
      addDispute(snapshot, {
        id: ctx.newId(),
        gameId: board.gameId,
        roundNumber: args.roundNumber,
        boardNumber: args.boardNumber,
        appealType: 'result_dispute',
        subject: `${round.name}, board ${args.boardNumber}: two different results`,
        description: `${board.whitePlayerName} v ${board.blackPlayerName ?? ''}: ${board.gameResult ?? ''} and ${args.result} were entered.`,
        status: 'pending',
        submissions: [
          { result: board.gameResult ?? args.result, resultReason: board.resultReason, submittedBy: 0, whiteUserId: board.whitePlayerId, blackUserId: board.blackPlayerId },
          submission,
        ],
        resolution: null,
      }),
    );
  }
  const updated: Pairing = {
    ...board,
    gameResult: args.result,
    resultReason: args.resultReason,
    gameStatus: 'completed',
    advancesPlayerId: advancerOf(snapshot, args.result, args.advancesPlayerId),
  };
  return ok(withRound(snapshot, setBoard(round, updated)));
}

/** Corrects a completed game's result; the note says why (kept by the server with the game). */
export function correctResult(
  snapshot: Snapshot,
  args: RuleArgs<'correctResult'>,
  ctx: ActionContext,
): AdminResult {
  if (!ctx.canManage) return fail('ERR_FORBIDDEN', 'ERR_MANAGERS_ONLY');
  if (snapshot.tournament.status !== 'in_progress' && snapshot.tournament.status !== 'completed') return fail('ERR_WRONG_STATUS', 'ERR_TOURNAMENT_NOT_IN_PROGRESS');
  if (args.note.trim() === '') return fail('ERR_RESULT', 'ERR_CORRECTION_NOTE_REQUIRED');
  const found = findBoard(snapshot, args.roundNumber, args.boardNumber);
  if (!found) return fail('ERR_NOT_FOUND', 'ERR_BOARD_DOES_NOT_EXIST', { board: args.boardNumber, round: args.roundNumber });
  const { round, board } = found;
  if (board.isBye) return fail('ERR_RESULT', 'ERR_BYE_NO_CORRECTION');
  if (board.gameStatus !== 'completed') return fail('ERR_RESULT', 'ERR_RESULT_FIRST');
  const advance = checkAdvance(snapshot, board, args.result, args.advancesPlayerId);
  if (advance) return advance;
  if (isElimination(snapshot) && snapshot.rounds.some((each) => each.roundNumber > args.roundNumber && each.status !== 'created')) {
    return fail('ERR_RESULT', 'ERR_BRACKET_NEXT_PAIRED');
  }
  const updated: Pairing = { ...board, gameResult: args.result, advancesPlayerId: advancerOf(snapshot, args.result, args.advancesPlayerId) };
  return ok(withRound(snapshot, setBoard(round, updated)));
}

/** The organiser decides a dispute: the result that stands (for a pairing conflict, the published board's), and why. */
export function resolveDispute(snapshot: Snapshot, args: RuleArgs<'resolveDispute'>, ctx: ActionContext): AdminResult {
  if (!ctx.canManage) return fail('ERR_FORBIDDEN', 'ERR_MANAGERS_ONLY');
  const dispute = snapshot.disputes.find((each) => each.id === args.appealId);
  if (!dispute) return fail('ERR_NOT_FOUND', 'ERR_DISPUTE_DOES_NOT_EXIST');
  if (dispute.status === 'resolved') return ok(snapshot);
  if (args.note.trim() === '') return fail('ERR_RESULT', 'ERR_DISPUTE_NOTE_REQUIRED');
  let next: Snapshot = { ...snapshot, disputes: snapshot.disputes.map((each) => (each.id === dispute.id ? { ...each, status: 'resolved' as const, resolution: `${args.result}: ${args.note.trim()}` } : each)) };
  const found = findBoard(next, dispute.roundNumber, dispute.boardNumber);
  if (found && !found.board.isBye) {
    const board: Pairing = { ...found.board, gameResult: args.result, gameStatus: 'completed' };
    next = withRound(next, setBoard(found.round, board));
  }
  return ok(next);
}
