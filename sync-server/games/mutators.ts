import { defineRunMutator } from '../core/mutators';
import type { GameReplayer } from './replay-pool';
import { storeGames, type PreparedGame } from './save';

/** A saved game's cost to a push's budget (MAX_PUSH_PLIES): its plies, read from the unchecked arguments. */
function pliesOf(args: unknown): number {
  const moves = (args as { game?: { moves?: unknown } } | null)?.game?.moves;
  return Array.isArray(moves) ? moves.length : 0;
}

/**
 * saveGame, applied in runs (core/mutators.ts RunMutatorDefinition): a push's games are replayed
 * together by the replayer (worker threads, the event loop free), and a run of them is stored in
 * one statement with the user row written once (./save.ts storeGames, as POST /api/games/save).
 */
export function saveGameMutator(replayer: GameReplayer) {
  return defineRunMutator<'saveGame', PreparedGame>({
    name: 'saveGame',
    cost: pliesOf,
    prepare: async (items, { user }) => {
      const jobs = items.map((args) => ({ clientGameId: args.gameId, payload: args.game, finishedAt: new Date(args.finishedAt).toISOString(), playerName: user.username }));
      const results = await replayer.prepare(jobs);
      return results.map((result) => (result.ok ? { ok: true as const, ready: result.game } : result));
    },
    apply: async (games, { trx, database, user }) =>
      (await storeGames(trx, database, user.id, games)).map((result) => (result.status === 'rejected' ? result : { status: result.status })),
  });
}
