/**
 * What the server derives from a saved game (PGN, final position, move count, opening) comes
 * from domain/game-record.ts; this is the one place the server reaches it.
 */
export { summariseGame, type GameSummary } from '../../domain/game-record';

/** The PGN Site tag of games saved here. */
export const PGN_SITE = 'Chess Learning App';
