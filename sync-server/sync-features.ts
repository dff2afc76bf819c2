import { CodeGuard } from './auth/code-guard';
import { authUserOf } from './auth/language';
import { ACCOUNT_MUTATORS } from './auth/mutators';
import { CLASS_MUTATORS } from './classes/mutators';
import type { ServerContext } from './core/context';
import { everyMutator } from './core/mutators';
import { legacyPullGames } from './games/legacy-pull';
import { saveGameMutator } from './games/mutators';
import type { GameReplayer } from './games/replay-pool';
import { LEARNING_MUTATORS } from './learning/mutators';
import { ONBOARDING_MUTATORS } from './onboarding/mutators';
import { PARENT_MUTATORS } from './parents/mutators';
import { PUZZLE_MUTATORS } from './puzzles/mutators';
import type { SyncParts } from './sync/routes';
import { LIVE_TOURNAMENTS } from './tournaments/live';
import { TOURNAMENT_MUTATORS } from './tournaments/mutators';

/**
 * The features' parts of the sync protocol, composed here (with app.ts, the one place that names
 * them all; issue 27): every generic mutation's mutator (the compiler refuses a list that leaves
 * one out), the fields they add to the answers, and what a pull reads of them. A new feature
 * adds its mutation to schema/mutations.ts and its list of mutators here.
 */
export function syncParts(context: ServerContext, replayer: GameReplayer): SyncParts {
  const guard = new CodeGuard(context.limiter, context.database.db);
  return {
    mutators: everyMutator([
      ...TOURNAMENT_MUTATORS,
      ...LEARNING_MUTATORS,
      ...ONBOARDING_MUTATORS,
      ...PUZZLE_MUTATORS,
      ...CLASS_MUTATORS,
      ...PARENT_MUTATORS,
      ...ACCOUNT_MUTATORS,
    ], [saveGameMutator(replayer)]),
    pull: { account: authUserOf, legacyGames: legacyPullGames },
    contributions: [LIVE_TOURNAMENTS],
    guessCode: (kind, guesser) => guard.attempt(kind, guesser),
  };
}
