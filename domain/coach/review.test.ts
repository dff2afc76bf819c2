import { describe, expect, it } from 'vitest';
import { replayGame, START_FEN } from '../chess';
import { reviewGame } from './review';
import { scriptedEngine, type ScriptedLine } from './scripted-engine';

// Scholar's mate: 1.e4 e5 2.Qh5 Nc6 3.Bc4 Nf6?? 4.Qxf7#.
const MOVES = ['e4', 'e5', 'Qh5', 'Nc6', 'Bc4', 'Nf6', 'Qxf7#'];
const fenAfter = (n: number) => {
  const game = replayGame(MOVES.slice(0, n));
  if (!game.ok) throw new Error(game.error.message);
  return game.value.fen();
};
const cp = (pv: string[], value: number): ScriptedLine => ({ pv, cp: value });

// Scores are the side to move's; after 3.Bc4 Black must defend f7 (g6 or Qe7); Nf6 allows mate.
const SCRIPT: Record<string, ScriptedLine[]> = {
  [START_FEN]: [cp(['e2e4', 'e7e5'], 30), cp(['d2d4'], 25), cp(['g1f3'], 20)],
  [fenAfter(1)]: [cp(['e7e5'], -30), cp(['c7c5'], -35), cp(['e7e6'], -40)],
  [fenAfter(2)]: [cp(['g1f3'], 30), cp(['f1c4'], 25), cp(['d1h5'], -20)],
  [fenAfter(3)]: [cp(['b8c6'], 20), cp(['g8f6'], 10), cp(['d7d6'], 0)],
  [fenAfter(4)]: [cp(['f1c4', 'g7g6'], -10), cp(['g1f3'], -20), cp(['b1c3'], -25)],
  [fenAfter(5)]: [cp(['g7g6', 'h5f3'], 10), cp(['d8e7'], 0), cp(['d8f6'], -10)],
  [fenAfter(6)]: [{ pv: ['h5f7'], mate: 1 }, cp(['h5e5'], 300), cp(['d2d3'], 200)],
};

describe('reviewGame (scripted engine)', () => {
  it('analyses each position once and classifies every move', async () => {
    const engine = scriptedEngine(SCRIPT);
    const progress: [number, number][] = [];
    const review = await reviewGame(engine, { moves: MOVES, depth: 10, onProgress: (d, t) => progress.push([d, t]) });
    // 8 positions; the last is checkmate and needs no search.
    expect(engine.calls).toHaveLength(7);
    expect(engine.calls.every((c) => c.depth === 10 && c.multiPv === 3)).toBe(true);
    expect(progress[0]).toEqual([0, 8]);
    expect(progress.at(-1)).toEqual([8, 8]);

    expect(review.moves.map((m) => m.san)).toEqual(MOVES);
    expect(review.moves.map((m) => m.classification.category)).toEqual([
      'best',
      'best',
      'good', // Qh5: +30 -> -20 cp, 52.8 -> 48.2 Win%, a 4.6 drop
      'best',
      'best',
      'blunder',
      'great', // mate in one when the next best is +3: the only move that keeps the win
    ]);
    expect(review.moves[5]!.classification.explanation).toContain('White can checkmate with Qxf7#');
    expect(review.moves[0]).toMatchObject({ ply: 1, uci: 'e2e4', color: 'w', evalCp: 30, mate: null });
    expect(review.moves[5]).toMatchObject({ ply: 6, color: 'b', evalCp: null, mate: 1 });
    expect(review.moves[6]).toMatchObject({ ply: 7, mate: 1 });
    expect(review.moves[6]!.whiteWinPercent).toBeCloseTo(97.54, 2);

    expect(review.counts.b.blunder).toBe(1);
    expect(review.counts.w).toMatchObject({ best: 2, good: 1, great: 1, blunder: 0 });
    expect(review.accuracy.w!).toBeGreaterThan(review.accuracy.b!);
    expect(review.keyMoments).toContain(6);
  });

  it("speaks from the child's side: the opponent's blunder is Black's, and the child is winning (issue 20)", async () => {
    const mover = await reviewGame(scriptedEngine(SCRIPT), { moves: MOVES, depth: 10 });
    const child = await reviewGame(scriptedEngine(SCRIPT), { moves: MOVES, depth: 10, player: 'w' });
    // Without a child named, Black's 3...Nf6?? is told to Black ('You are losing.').
    expect(mover.moves[5]!.classification.explanation).toMatch(/You are losing\.$/);
    const blunder = child.moves[5]!.classification.explanation;
    expect(blunder).toMatch(/^Blunder! /);
    expect(blunder).toContain('White can checkmate with Qxf7#');
    expect(blunder).toMatch(/You are winning\.$/);
    expect(blunder).not.toContain('You are losing');
    // The child's own moves still speak to the child.
    expect(child.moves[6]!.classification.explanation).toContain('You win the game!');
  });

  it('stops when aborted', async () => {
    const engine = scriptedEngine(SCRIPT);
    const controller = { aborted: false };
    const run = reviewGame(engine, {
      moves: MOVES,
      depth: 10,
      signal: controller,
      onProgress: (done) => {
        if (done === 2) controller.aborted = true;
      },
    });
    await expect(run).rejects.toThrow('Review aborted');
    expect(engine.calls).toHaveLength(2);
  });

  it('rejects a move list that cannot be played', async () => {
    await expect(reviewGame(scriptedEngine(SCRIPT), { moves: ['e4', 'e4'], depth: 10 })).rejects.toThrow(/^Invalid move: /);
  });
});
