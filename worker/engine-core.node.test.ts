/**
 * EngineCore on the real Stockfish 19 lite, in a Node child process (node-engine.node.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseFen, playMove, seededRandom } from '../domain';
import { DIFFICULTIES, type Difficulty } from '../schema';
import { EngineCore } from './engine-core';
import { createNodeEngine, spawnStockfish } from './node-engine.node.js';

const MATE_IN_ONE = '6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1';
/** Italian game, move 6: a quiet middlegame with many reasonable moves. */
const MIDDLEGAME = 'r1bq1rk1/pppp1ppp/2n2n2/2b1p3/2B1P3/2NP1N2/PPP2PPP/R1BQ1RK1 w - - 4 6';
/** White to move; b7 pawn promotes (b8=Q or an under-promotion). */
const PROMOTION = '8/1P6/8/8/8/2k5/8/1K6 w - - 0 1';

describe('EngineCore on Stockfish in Node', () => {
  let engine: EngineCore;
  beforeAll(async () => {
    engine = createNodeEngine({ random: seededRandom(1) });
    await engine.init();
  });
  afterAll(() => engine.terminate());

  it('boots to idle', () => {
    expect(engine.status).toEqual({ state: 'idle', error: null });
  });

  it('finds a mate in one', async () => {
    const analysis = await engine.analyse(MATE_IN_ONE, { depth: 8, multiPv: 2 });
    expect(analysis.bestMove).toBe('d1d8');
    expect(analysis.fen).toBe(MATE_IN_ONE);
    expect(analysis.lines).toHaveLength(2);
    expect(analysis.lines[0]).toMatchObject({ multipv: 1, mate: 1, scoreCp: null, pv: ['d1d8'] });
    expect(analysis.lines[1]!.mate ?? analysis.lines[1]!.scoreCp).not.toBeNull();
  });

  it('answers a position without legal moves with an empty best move', async () => {
    const analysis = await engine.analyse('3R2k1/5ppp/8/8/8/8/5PPP/6K1 b - - 1 1', { depth: 5 });
    expect(analysis.bestMove).toBe('');
    expect(analysis.lines[0]).toMatchObject({ mate: 0 });
  });

  it('runs calls made together one after the other', async () => {
    const [a, b] = await Promise.all([
      engine.analyse(MIDDLEGAME, { depth: 6, multiPv: 3 }),
      engine.analyse(MATE_IN_ONE, { depth: 6 }),
    ]);
    expect(a.lines).toHaveLength(3);
    expect(b.bestMove).toBe('d1d8');
  });

  it('stops at the movetime and answers with the best so far', async () => {
    const started = Date.now();
    const analysis = await engine.analyse(MIDDLEGAME, { depth: 99, movetimeMs: 300 });
    expect(Date.now() - started).toBeLessThan(1500);
    expect(analysis.depth).toBeGreaterThan(3);
    expect(analysis.depth).toBeLessThan(99);
  });

  it.each(DIFFICULTIES)('plays a legal move at %s', async (level: Difficulty) => {
    for (const fen of [MIDDLEGAME, PROMOTION]) {
      const move = await engine.bestMove(fen, level);
      const game = parseFen(fen);
      if (!game.ok) throw new Error(game.error.message);
      expect(playMove(game.value, move).ok).toBe(true);
      expect(move.uci).toBe(move.from + move.to + (move.promotion ?? ''));
    }
  });

  it('mates in one at intermediate and advanced (the beginner does half the time, by design)', async () => {
    expect((await engine.bestMove(MATE_IN_ONE, 'advanced')).uci).toBe('d1d8');
    expect((await engine.bestMove(MATE_IN_ONE, 'intermediate')).uci).toBe('d1d8');
  });

  it('rejects an invalid FEN with its reason', async () => {
    await expect(engine.bestMove('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq', 'beginner')).rejects.toThrow(
      /^Invalid FEN: /,
    );
    expect(engine.status.state).toBe('idle');
  });

  it('turns a search cut by its own time limit into an answer, not a failure', async () => {
    const capped = createNodeEngine({ maxSearchMs: 200 });
    try {
      const analysis = await capped.analyse(MIDDLEGAME, { depth: 99 });
      expect(analysis.bestMove).toMatch(/^[a-h][1-8][a-h][1-8]/);
      expect(capped.status.state).toBe('idle');
    } finally {
      capped.terminate();
    }
  });

  it('fails with the reason when Stockfish cannot start, and never rejects unhandled', async () => {
    const missing = new EngineCore({ createTransport: () => spawnStockfish('/nonexistent/stockfish.js') });
    await expect(missing.init()).rejects.toThrow(/^Stockfish exited \(code 1\): .*Cannot find module/s);
    expect(missing.status.state).toBe('failed');
  });
});
