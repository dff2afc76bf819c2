/**
 * The real Stockfish as a PuzzleEngine for the puzzle scripts, the bench and the content test.
 * `newGame()` clears the engine's hash (EngineCore sends `ucinewgame` when the purpose of a
 * search changes: a tiny beginner move, then the next analysis, each clear it), so a puzzle is
 * checked the same way whatever was searched before it: the generator's last gate and the
 * content test then agree move for move.
 */
import type { PuzzleEngine } from '../domain/puzzles';
import type { EngineCore } from '../worker/engine-core';
import { createNodeEngine } from '../worker/node-engine.node.js';

export interface ScriptEngine extends PuzzleEngine {
  core: EngineCore;
  newGame(): Promise<void>;
  terminate(): void;
}

const EMPTY_BOARD_FEN = '4k3/8/8/8/8/8/8/4K3 w - - 0 1';

export async function startPuzzleEngine(): Promise<ScriptEngine> {
  const core = createNodeEngine({ maxSearchMs: 120_000, answerTimeoutMs: 20_000, bootTimeoutMs: 120_000 });
  await core.init();
  return {
    core,
    analyse: (fen, options) => core.analyse(fen, options),
    newGame: async () => {
      await core.bestMove(EMPTY_BOARD_FEN, 'beginner');
    },
    terminate: () => core.terminate(),
  };
}
