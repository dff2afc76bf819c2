/**
 * The organiser's and player's actions on one tournament, every one through the outbox: the
 * domain rule (domain/tournament-admin's applyTournamentMutation, the same the server's mutator
 * runs) is applied to the stored snapshot, the result stored, the mutation queued
 * (tournament-offline.ts). Online or not makes no difference: the sync loop pushes at once when it
 * can, and the snapshot is fetched again after the push. A Swiss round is paired on the device in
 * the pairing worker (with its progress); other formats are table look-ups on the main thread.
 */
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import {
  applyTournamentMutation,
  boardsFromRoundPairing,
  generatePairings as generateBoards,
  swissInput,
  type ActionContext,
  type TournamentMutationName,
} from '../../../domain/tournament-admin';
import type { MutationArgs, ProposedBoard, TournamentResult } from '../../../schema';
import { startSwissPairing } from '../../../worker/pairing-client';
import { getAuthState } from '../auth';
import { enqueue } from '../../shared/outbox';
import { runLocal } from './tournament-offline';
import type { Snapshot, TournamentActions } from './tournament-snapshot';
import { downloadTrf } from './tournament-files';
import { noteEnteredResult, readSnapshot } from './tournament-store';
import { ruleErrorText } from '../../shared/i18n/server-messages';

/** The lowest id in the snapshot, so ids made on this device (negative) never repeat. */
function lowestId(snapshot: Snapshot): number {
  let lowest = 0;
  for (const registration of snapshot.registrations) lowest = Math.min(lowest, registration.id);
  for (const round of snapshot.rounds) {
    lowest = Math.min(lowest, round.id);
    for (const pairing of round.pairings) lowest = Math.min(lowest, pairing.id, pairing.gameId ?? 0);
  }
  return lowest;
}

function contextFor(snapshot: Snapshot, canManage: boolean): ActionContext {
  const auth = getAuthState();
  if (auth.status !== 'signedIn') throw new Error(i18n._(msg`Sign in again to change this tournament.`));
  let next = lowestId(snapshot);
  return {
    user: { id: auth.user.id, username: auth.user.username, eloRating: auth.user.eloRating ?? null },
    canManage,
    now: new Date().toISOString(),
    newId: () => --next,
  };
}

export function createTournamentActions(tournamentId: number, canManage: boolean): TournamentActions {
  /** Applies a mutation's rule locally and queues it. */
  const act = <N extends TournamentMutationName>(name: N, args: MutationArgs<N>) =>
    runLocal(tournamentId, (snapshot) => {
      const applied = applyTournamentMutation(snapshot, name, args, contextFor(snapshot, canManage));
      if (!applied.ok) throw new Error(ruleErrorText(applied.error));
      return { snapshot: applied.value, mutation: { name, args } };
    });

  const proposeBoards = async (snapshot: Snapshot, roundNumber: number, onProgress: Parameters<TournamentActions['generatePairings']>[1]): Promise<ProposedBoard[]> => {
    if (snapshot.tournament.format !== 'swiss') {
      const boards = generateBoards(snapshot, roundNumber);
      if (!boards.ok) throw new Error(ruleErrorText(boards.error));
      return boards.value;
    }
    const input = swissInput(snapshot, roundNumber);
    if (!input.ok) throw new Error(ruleErrorText(input.error));
    const paired = await startSwissPairing(input.value.tournament, {}, onProgress).result;
    if (!paired.ok) throw new Error(ruleErrorText(paired.error));
    return boardsFromRoundPairing(snapshot, paired.value, input.value.userIdByRank);
  };

  /** Issue 29: this device's result for a board, to say so if the server keeps another device's. */
  const remember = (board: { roundNumber: number; boardNumber: number }, result: TournamentResult) =>
    noteEnteredResult(tournamentId, board, { roundNumber: board.roundNumber, boardNumber: board.boardNumber, result });

  return {
    register: () => act('registerForTournament', { tournamentId }),
    approve: (userId) => act('approveRegistration', { tournamentId, userId }),
    reject: (userId, reason) => act('rejectRegistration', { tournamentId, userId, reason }),
    withdraw: (userId) => act('withdrawRegistration', { tournamentId, userId }),
    addLateEntry: (registration, missedRounds) =>
      act('addLateEntry', { tournamentId, userId: registration.userId, userName: registration.userName, userElo: registration.userElo, missedRounds }),
    requestBye: (userId, roundNumber, kind) => act('requestBye', { tournamentId, userId, roundNumber, kind }),
    setStatus: (status) => act('updateTournament', { tournamentId, fields: { status } }),
    update: (fields) => act('updateTournament', { tournamentId, fields }),
    createRound: (round) => act('createRound', { tournamentId, ...round }),
    generatePairings: (roundNumber, onProgress) =>
      runLocal(tournamentId, async (snapshot) => {
        const args = { tournamentId, roundNumber, boards: await proposeBoards(snapshot, roundNumber, onProgress) };
        const applied = applyTournamentMutation(snapshot, 'publishPairings', args, contextFor(snapshot, canManage));
        if (!applied.ok) throw new Error(ruleErrorText(applied.error));
        return { snapshot: applied.value, mutation: { name: 'publishPairings', args } };
      }),
    startRound: (roundNumber) => act('startRound', { tournamentId, roundNumber }),
    submitResult: async (game, result, reason) => {
      await act('enterResult', { tournamentId, ...game, result, resultReason: reason });
      await remember(game, result);
    },
    correctResult: async (board, result, note) => {
      await act('correctResult', { tournamentId, ...board, result, note });
      await remember(board, result);
    },
    resolveDispute: async (appealId, result, note) => {
      const dispute = (await readSnapshot(tournamentId))?.disputes.find((each) => each.id === appealId);
      await act('resolveDispute', { tournamentId, appealId, result, note });
      if (dispute) await remember(dispute, result);
    },
    // Recorded on the server (the certificates table); once per tournament from this device.
    issueCertificates: async () => {
      const auth = getAuthState();
      if (auth.status === 'signedIn' && canManage) {
        await enqueue(auth.user.id, 'issueCertificates', { tournamentId }, { once: `certificates:${tournamentId}` });
      }
    },
    downloadTrf: () => downloadTrf(tournamentId),
  };
}
