/**
 * domain/coach's rules on the real Stockfish (./node-engine.node.ts, a Node child process). Few
 * and shallow (depth 10 at most). Here in worker/, beside the engine, so that domain/ holds only
 * tests that need no engine (and no import of worker/ or Node).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classifyMove, getHint, reviewGame } from '../domain/coach';
import { createNodeEngine } from './node-engine.node';

describe('coaching on Stockfish in Node', () => {
  let engine: ReturnType<typeof createNodeEngine>;
  beforeAll(async () => {
    engine = createNodeEngine();
    await engine.init();
  }, 30_000);
  afterAll(() => engine?.terminate());

  it('calls Qg5?? a blunder that loses the queen to the knight', async () => {
    // 1.e4 e5 2.Nf3 and Black puts the queen where the f3 knight takes it.
    const fen = 'rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2';
    const result = await classifyMove(engine, { fenBefore: fen, move: 'Qg5', depth: 10 });
    expect(result.category).toBe('blunder');
    expect(result.explanation).toContain('queen');
    expect(result.centipawnLoss).toBeGreaterThan(500);
    expect(result.alternativeMoves.length).toBeGreaterThan(0);
  }, 20_000);

  it('calls e4 from the start a good move or better, and book when the table says so', async () => {
    const start = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
    const plain = await classifyMove(engine, { fenBefore: start, move: 'e2e4', depth: 8 });
    expect(['best', 'excellent', 'good']).toContain(plain.category);
    const book = await classifyMove(engine, { fenBefore: start, move: 'e4', depth: 8, isBook: () => true });
    expect(book.category).toBe('book');
  }, 20_000);

  it('hints the back-rank mate and names it', async () => {
    const response = await getHint(engine, { fen: '6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1', depth: 8 });
    expect(response.success).toBe(true);
    expect(response.hint?.suggestedMove).toMatchObject({ san: 'Rd8#', from: 'd1', to: 'd8' });
    expect(response.hint?.text).toMatch(/checkmate/);
  }, 20_000);

  it('reviews a short game: the move that allows mate is the blunder', async () => {
    const review = await reviewGame(engine, { moves: ['e4', 'e5', 'Qh5', 'Nc6', 'Bc4', 'Nf6', 'Qxf7#'], depth: 8 });
    expect(review.moves[5]!.classification.category).toBe('blunder');
    expect(review.moves[5]!.classification.explanation).toContain('Qxf7#');
    expect(review.accuracy.b!).toBeLessThan(review.accuracy.w!);
    expect(review.keyMoments).toContain(6);
  }, 30_000);
});
