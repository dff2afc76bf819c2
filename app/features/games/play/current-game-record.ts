/** chess-current-game: the game on the board, so a reload goes on with it (./useGame.ts). */
import type { CurrentGame } from '../../../../schema';
import { STORAGE_KEYS, type RecordKind } from '../../../shared/db';

export const currentGameRecord: RecordKind<CurrentGame | null> = {
  key: STORAGE_KEYS.currentGame, schema: (s) => s.currentGameRecordSchema, fallback: null,
};
