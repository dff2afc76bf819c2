/**
 * 'Learn from your mistakes' (issue 21): a reviewed game's blunders and missed wins of the
 * student become the student's own puzzles: the position before the mistake (with the
 * opponent's move just before it, played on the board first, as the trainer does), find the
 * better move, with the coach's explanation afterwards. Pure.
 */
import type { GameReview } from '../coach';
import { hintFor } from '../coach/hint';
import { parseFen, playMove } from '../chess';
import type { OwnPuzzle } from '../../schema';

/** The most own puzzles one game gives (its worst moments first). */
export const OWN_PUZZLES_PER_GAME = 5;

/** A stable id for the game's ply (reviewing the game again makes the same puzzles, stored once). */
export function ownPuzzleId(gameId: string, ply: number): string {
  return `${gameId.slice(0, 32)}${ply.toString(16).padStart(4, '0').slice(-4)}`;
}

function uciOfSan(fen: string, san: string): string | null {
  const parsed = parseFen(fen);
  if (!parsed.ok) return null;
  const played = playMove(parsed.value, san);
  return played.ok ? `${played.value.from}${played.value.to}${played.value.promotion ?? ''}` : null;
}

export function ownPuzzlesFromReview(review: GameReview, playerColor: 'w' | 'b', gameId: string): OwnPuzzle[] {
  const puzzles: { drop: number; puzzle: OwnPuzzle }[] = [];
  review.moves.forEach((move, index) => {
    const category = move.classification.category;
    if (move.color !== playerColor || (category !== 'blunder' && category !== 'miss')) return;
    const before = review.moves[index - 1];
    const best = move.classification.bestMove;
    if (before === undefined || best === null) return;
    const bestMove = uciOfSan(move.fenBefore, best);
    if (bestMove === null || bestMove === move.uci) return;
    let explanation: string;
    try {
      explanation = hintFor(move.fenBefore, bestMove).text;
    } catch {
      explanation = move.classification.explanation;
    }
    puzzles.push({
      drop: move.classification.winPercentBefore - move.classification.winPercentAfter,
      puzzle: {
        id: ownPuzzleId(gameId, move.ply),
        gameId,
        ply: move.ply,
        setupFen: before.fenBefore,
        setupMove: before.uci.slice(0, 5),
        fen: move.fenBefore,
        bestMove,
        playedMove: move.uci.slice(0, 5),
        kind: category === 'miss' ? 'missedWin' : 'blunder',
        explanation: `${best} was the move. ${explanation}`.slice(0, 600),
      },
    });
  });
  return puzzles
    .sort((a, b) => b.drop - a.drop)
    .slice(0, OWN_PUZZLES_PER_GAME)
    .map((entry) => entry.puzzle)
    .sort((a, b) => a.ply - b.ply);
}
