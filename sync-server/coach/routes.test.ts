/**
 * The coaching routes on a bare Fastify app with the real engine pool (Stockfish 19 lite in child
 * processes, pools of 1 or 2, shallow depths) and the in-memory evaluation cache.
 */
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  API_PREFIX,
  aiMoveResponseSchema,
  analyzeMoveResponseSchema,
  classifyMoveResponseSchema,
  engineAnalysisResultSchema,
  errorResponseSchema,
  hintResponseSchema,
  MOVE_CATEGORIES,
} from '../../schema';
import { parseFen, parseUci, playMove, replayGame } from '../../domain';
import { registerErrorHandler } from '../core/plugins/errors';
import { registerZodSchemas } from '../core/plugins/zod';
import {
  ENGINE_BUSY_MESSAGE,
  ENGINE_ID,
  ENGINE_TIMEOUT_MESSAGE,
  EnginePool,
  type EnginePoolOptions,
} from './engine-pool';
import { MemoryEvalCache } from './eval-cache';
import { coachRoutes, MAX_COACH_HISTORY } from './routes';
import { COACH_BUSY_MESSAGE, type AddressLimitOptions } from './address-limit';

// Real engines on a shared 2-core machine: searches can take seconds when it is busy.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 30_000 });

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const MATE_IN_ONE = '6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1';
/** Black to move, mated: the back-rank mate above after Rd8#. */
const MATED = '3R2k1/5ppp/8/8/8/8/5PPP/6K1 b - - 1 1';
/** White to move; b7 pawn promotes. */
/** bxa8=Q wins the rook and mates in 7: the one best move (a plain b8=Q position is a win by many moves). */
const PROMOTION = 'r7/1P6/8/8/8/8/k7/2K5 w - - 0 1';
/** Black to move, a knight up for Black: White's view of the score is negative. */
const BLACK_AHEAD = 'rnbqkb1r/pppppppp/5n2/8/8/8/PPPPPPP1/RNBQKB2 b Qkq - 0 5';
/** 1.e4 e5 2.Qh5 Nc6 3.Bc4 Nf6?? 4.Qxf7#: White to move mates; Black's 3...Nf6 was a blunder. */
const BEFORE_NF6 = 'r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 3 3';
const HISTORY_BEFORE_NF6 = ['e4', 'e5', 'Qh5', 'Nc6', 'Bc4'];
/** White's queen can be taken for nothing after Qd1-g4?? ...Bxg4 (the bishop on c8 sees g4). */
const QUEEN_HANG = 'rnbqkbnr/ppp2ppp/8/3pp3/4P3/2N5/PPPP1PPP/R1BQKBNR w KQkq - 0 3';
const BAD_FEN = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1';

const DEPTH = 8;

async function buildCoachApp(poolOptions: EnginePoolOptions, addressLimit?: AddressLimitOptions) {
  const app = Fastify();
  registerErrorHandler(app);
  registerZodSchemas(app);
  const pool = new EnginePool(poolOptions);
  const cache = new MemoryEvalCache();
  await app.register(coachRoutes, { prefix: API_PREFIX, pool, cache, depth: DEPTH, addressLimit });
  await pool.start();
  await app.ready();
  return { app, pool, cache };
}

function post(app: FastifyInstance, url: string, body: unknown) {
  return app.inject({ method: 'POST', url, payload: body as Record<string, unknown> });
}

function expectError(response: LightMyRequestResponse, statusCode: number): string {
  expect(response.statusCode).toBe(statusCode);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  return errorResponseSchema.parse(response.json()).error;
}

function isLegal(fen: string, uci: string): boolean {
  const game = parseFen(fen);
  const move = parseUci(uci);
  return game.ok && move !== null && playMove(game.value, move).ok;
}

let app: FastifyInstance;
let pool: EnginePool;

beforeAll(async () => {
  ({ app, pool } = await buildCoachApp({ size: 2 }));
});
afterAll(async () => {
  await app.close();
});

describe('POST /api/ai/move', () => {
  it.each(['beginner', 'intermediate'] as const)('answers a legal move at %s, ignoring useOllama', async (difficulty) => {
    const response = await post(app, '/api/ai/move', { fen: START, difficulty, useOllama: true });
    expect(response.statusCode).toBe(200);
    const { move } = aiMoveResponseSchema.parse(response.json());
    expect(isLegal(START, `${move.from}${move.to}`)).toBe(true);
  });

  it('names the promotion piece', async () => {
    const response = await post(app, '/api/ai/move', { fen: PROMOTION, difficulty: 'advanced' });
    expect(response.json()).toEqual({ move: { from: 'b7', to: 'a8', promotion: 'q' } });
  });

  it('refuses a finished game', async () => {
    const response = await post(app, '/api/ai/move', { fen: MATED });
    expect(expectError(response, 400)).toBe('No legal move: the game is over (checkmate)');
  });
});

describe('POST /api/ai/analyze-position', () => {
  it('finds the mate with its line, White to move', async () => {
    const response = await post(app, '/api/ai/analyze-position', { fen: MATE_IN_ONE, depth: DEPTH, difficulty: 'beginner' });
    expect(response.statusCode).toBe(200);
    const result = engineAnalysisResultSchema.parse(response.json());
    expect(result.stockfish).toMatchObject({ mate: 1, bestMove: 'd1d8', pv: ['d1d8'] });
    expect(result.stockfish.score).toBeGreaterThan(10_000);
    expect(result).toMatchObject({ engine: ENGINE_ID, difficulty: 'beginner', error: null });
    expect(result.explanation).toEqual(expect.any(String));
    expect(result.processingTime).toBeGreaterThanOrEqual(0);
  });

  it("gives the score from White's point of view when Black is to move", async () => {
    const response = await post(app, '/api/ai/analyze-position', { fen: BLACK_AHEAD, depth: DEPTH, includeExplanation: false });
    const result = engineAnalysisResultSchema.parse(response.json());
    expect(result.stockfish.score).toBeLessThan(-200);
    expect(result.stockfish.mate).toBeNull();
    expect(result.difficulty).toBe('advanced');
    expect(isLegal(BLACK_AHEAD, result.stockfish.bestMove!)).toBe(true);
  });

  it('reports a mated side to move as mate 0, without a best move', async () => {
    const response = await post(app, '/api/ai/analyze-position', { fen: MATED, depth: DEPTH });
    const result = engineAnalysisResultSchema.parse(response.json());
    expect(result.stockfish).toMatchObject({ mate: 0, bestMove: null, pv: [], score: 100_000 });
  });

  it('caps the depth of a phone at 12', async () => {
    const response = await post(app, '/api/ai/analyze-position', { fen: START, depth: 16, isMobile: true });
    expect(engineAnalysisResultSchema.parse(response.json()).stockfish.depth).toBe(12);
  });

  it('answers a repeated position from the cache, measurably faster', async () => {
    const fen = 'r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4';
    const body = { fen, depth: 13, includeExplanation: false };
    const searchesBefore = pool.stats().searches;
    const first = await post(app, '/api/ai/analyze-position', body);
    const second = await post(app, '/api/ai/analyze-position', { ...body, fen: fen.replace(/ 4$/, ' 9') });
    expect(pool.stats().searches).toBe(searchesBefore + 1);
    const a = engineAnalysisResultSchema.parse(first.json());
    const b = engineAnalysisResultSchema.parse(second.json());
    expect(b.stockfish).toEqual(a.stockfish);
    expect(a.processingTime).toBeGreaterThan(20);
    expect(b.processingTime).toBeLessThan(a.processingTime / 5);
  });
});

describe('POST /api/ai/classify-move', () => {
  it.each([
    ['a blunder that allows mate in one (SAN)', BEFORE_NF6, 'Nf6', ['blunder']],
    ['a blunder that hangs the queen (UCI)', QUEEN_HANG, 'd1g4', ['blunder', 'mistake']],
    ['a sound defence', BEFORE_NF6, 'g6', ['best', 'great', 'excellent', 'good']],
  ])('classifies %s', async (_name, fenBefore, move, categories) => {
    const response = await post(app, '/api/ai/classify-move', { fenBefore, move, moveNumber: 3, moveHistory: HISTORY_BEFORE_NF6 });
    expect(response.statusCode).toBe(200);
    const { classification } = classifyMoveResponseSchema.parse(response.json());
    expect(categories).toContain(classification.category);
    expect(MOVE_CATEGORIES).toContain(classification.category);
    expect(classification.explanation.length).toBeGreaterThan(0);
  });

  it("finds a missed opportunity from the history: 1.e4 e5 2.Nf3 Qh4?? 3.Nc3 leaves Black's queen", async () => {
    const history = ['e4', 'e5', 'Nf3', 'Qh4'];
    const game = replayGame(history);
    if (!game.ok) throw new Error(game.error.message);
    const fenBefore = game.value.fen();
    const withHistory = await post(app, '/api/ai/classify-move', { fenBefore, move: 'Nc3', moveHistory: history });
    expect(classifyMoveResponseSchema.parse(withHistory.json()).classification.category).toBe('miss');
    const taken = await post(app, '/api/ai/classify-move', { fenBefore, move: 'Nxh4', moveHistory: history });
    expect(classifyMoveResponseSchema.parse(taken.json()).classification.category).toMatch(/^(best|great|brilliant)$/);
    // Without the history the server cannot know what the opponent offered.
    const alone = await post(app, '/api/ai/classify-move', { fenBefore, move: 'Nc3' });
    expect(classifyMoveResponseSchema.parse(alone.json()).classification.category).not.toBe('miss');
  });

  it('accepts a fenAfter that matches the move and refuses one that does not', async () => {
    const fenAfter = 'r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4';
    const ok = await post(app, '/api/ai/classify-move', { fenBefore: BEFORE_NF6, fenAfter, move: 'Nf6' });
    expect(ok.statusCode).toBe(200);
    const bad = await post(app, '/api/ai/classify-move', { fenBefore: BEFORE_NF6, fenAfter: START, move: 'Nf6' });
    expect(expectError(bad, 400)).toBe('Invalid move: Nf6 from fenBefore does not lead to fenAfter');
  });
});

describe('POST /api/ai/analyze-move', () => {
  it('classifies the move and gives the best move and the evaluation after it', async () => {
    const response = await post(app, '/api/ai/analyze-move', { fenBefore: BEFORE_NF6, move: 'g8f6' });
    expect(response.statusCode).toBe(200);
    const body = analyzeMoveResponseSchema.parse(response.json());
    expect(body.classification?.category).toBe('blunder');
    expect(body.analysis.mate).toBe(1); // White mates in one after ...Nf6
    expect(body.analysis.evaluation).toBeGreaterThan(10_000);
    expect(body.analysis.bestMove).not.toBe('g8f6');
    expect(isLegal(BEFORE_NF6, body.analysis.bestMove!)).toBe(true);
    expect(body.analysis.bestMoveSan).toMatch(/^[KQRBN]?[a-h]?x?[a-h][1-8]/);
  });

  it('leaves the classification out when asked', async () => {
    const response = await post(app, '/api/ai/analyze-move', { fenBefore: START, move: 'e4', includeClassification: false });
    const body = analyzeMoveResponseSchema.parse(response.json());
    expect(body.classification).toBeNull();
    expect(Math.abs(body.analysis.evaluation)).toBeLessThan(150);
  });
});

describe('POST /api/chess/hint', () => {
  it('points at the mate in one', async () => {
    const response = await post(app, '/api/chess/hint', { fen: MATE_IN_ONE, difficulty: 'beginner', moveHistory: [] });
    expect(response.statusCode).toBe(200);
    const body = hintResponseSchema.parse(response.json());
    expect(body.success).toBe(true);
    expect(body.hint?.suggestedMove).toMatchObject({ san: 'Rd8#', from: 'd1', to: 'd8' });
    expect(body.hint?.text.length).toBeGreaterThan(0);
    expect(body.hint?.nudge.length).toBeGreaterThan(0);
  });

  it('keeps its words in English, and adds them as phrases (issue 28: the app says them in its language)', async () => {
    const response = await post(app, '/api/chess/hint', { fen: MATE_IN_ONE, difficulty: 'beginner', moveHistory: [] });
    const body = hintResponseSchema.parse(response.json());
    expect(body.hint?.text).toMatch(/^You can checkmate! Rd8# is checkmate/);
    expect(body.hint?.textWords?.[0]).toEqual({ id: 'idea-title', values: { kind: 'checkmate' } });
    expect(body.learningTipWords).toHaveLength(body.learningTips.length);
  });

  it('suggests a legal move from the start, history and useOllama accepted', async () => {
    const response = await post(app, '/api/chess/hint', { fen: START, moveHistory: [], useOllama: true });
    const body = hintResponseSchema.parse(response.json());
    const move = body.hint!.suggestedMove;
    expect(isLegal(START, `${move.from}${move.to}`)).toBe(true);
  });

  it('says there is no hint when the game is over', async () => {
    const response = await post(app, '/api/chess/hint', { fen: MATED });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: false, hint: null, learningTips: [], error: 'No hint: the game is over (checkmate)' });
  });
});

describe('bad input', () => {
  const routes = ['/api/ai/move', '/api/ai/analyze-position', '/api/chess/hint'];

  it.each([
    ['the side not to move in check', '4k3/8/8/8/8/8/4q3/4K3 b - - 0 1', /^Invalid FEN: White is in check but it is Black's move$/],
    ['touching kings', '8/8/8/8/8/8/8/kK6 w - - 0 1', /^Invalid FEN: Black is in check/],
    ['castling rights without the rook', '4k3/8/8/8/8/8/8/4K3 w K - 0 1', /^Invalid FEN: castling right K/],
    ['an en-passant square without its pawn', '4k3/8/8/8/8/8/8/4K3 w - e6 0 1', /^Invalid FEN: en-passant square e6/],
    ['nine pawns', '4k3/8/8/8/8/P7/PPPPPPPP/4K3 w - - 0 1', /^Invalid FEN: White has 9 pawns/],
  ])('refuses an impossible position (%s) before any engine sees it', async (_name, fen, message) => {
    const before = pool.stats().searches;
    for (const url of routes) expect(expectError(await post(app, url, { fen }), 400)).toMatch(message);
    for (const url of ['/api/ai/classify-move', '/api/ai/analyze-move']) {
      expect(expectError(await post(app, url, { fenBefore: fen, move: 'Kd1' }), 400)).toMatch(message);
    }
    expect(pool.stats().searches).toBe(before);
  });

  it('refuses a move list longer than MAX_COACH_HISTORY plies', async () => {
    const moveHistory = Array.from({ length: MAX_COACH_HISTORY + 1 }, (_, i) => ['Nf3', 'Nf6', 'Ng1', 'Ng8'][i % 4] as string);
    expect(expectError(await post(app, '/api/chess/hint', { fen: START, moveHistory }), 400)).toMatch(/moveHistory: at most 600/);
    expect(expectError(await post(app, '/api/ai/classify-move', { fenBefore: START, move: 'e4', moveHistory }), 400)).toMatch(/moveHistory/);
  });

  it.each(routes)('%s refuses an invalid FEN with "Invalid FEN: ..."', async (url) => {
    const message = expectError(await post(app, url, { fen: BAD_FEN }), 400);
    expect(message).toMatch(/^Invalid FEN: /);
  });

  it.each(['/api/ai/classify-move', '/api/ai/analyze-move'])('%s refuses an invalid FEN and an illegal move', async (url) => {
    expect(expectError(await post(app, url, { fenBefore: BAD_FEN, move: 'e4' }), 400)).toMatch(/^Invalid FEN: /);
    expect(expectError(await post(app, url, { fenBefore: START, move: 'e5' }), 400)).toMatch(/^Invalid move: /);
    expect(expectError(await post(app, url, { fenBefore: START, move: 'e2e5' }), 400)).toMatch(/^Invalid move: /);
  });

  it.each([...routes, '/api/ai/classify-move', '/api/ai/analyze-move'])('%s refuses malformed JSON', async (url) => {
    const response = await app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload: '{"fen": ' });
    expect(expectError(response, 400)).toMatch(/JSON/);
  });

  it.each([
    ['/api/ai/move', { fen: START, colour: 'w' }, 'colour'],
    ['/api/ai/analyze-position', { fen: START, depth: 99 }, 'depth'],
    ['/api/ai/classify-move', { fenBefore: START, move: 'e4', extra: 1 }, 'extra'],
    ['/api/chess/hint', { fen: START, difficulty: 'grandmaster' }, 'difficulty'],
    ['/api/ai/analyze-move', { fenBefore: START }, 'move'],
  ])('%s refuses %j naming %s', async (url, body, field) => {
    const message = expectError(await post(app, url, body), 400);
    expect(message).toMatch(/^Invalid body: /);
    expect(message).toContain(field);
  });
});

describe('limits', () => {
  it('answers 503 with Retry-After on every route when the queue is full', async () => {
    const small = await buildCoachApp({ size: 1, queueLimit: 1, maxSearchMs: 1000 });
    try {
      const running = post(small.app, '/api/ai/analyze-position', { fen: START, depth: 22 });
      const queued = post(small.app, '/api/ai/analyze-position', { fen: BLACK_AHEAD, depth: 22 });
      await vi.waitFor(() => expect(small.pool.stats()).toMatchObject({ busy: 1, queued: 1 }));
      const refused = await Promise.all([
        post(small.app, '/api/ai/analyze-position', { fen: MATE_IN_ONE, depth: 5 }),
        post(small.app, '/api/ai/move', { fen: MATE_IN_ONE }),
        post(small.app, '/api/ai/classify-move', { fenBefore: BEFORE_NF6, move: 'Nf6' }),
        post(small.app, '/api/ai/analyze-move', { fenBefore: BEFORE_NF6, move: 'Nf6' }),
        post(small.app, '/api/chess/hint', { fen: MATE_IN_ONE }),
      ]);
      for (const response of refused) {
        expect(expectError(response, 503)).toBe(ENGINE_BUSY_MESSAGE);
        expect(Number(response.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      }
      expect((await running).statusCode).toBe(200);
      expect((await queued).statusCode).toBe(200);
    } finally {
      await small.app.close();
    }
  });

  it('answers 504 when a search outlives the time limit, and the next request is served', async () => {
    const slow = await buildCoachApp({ size: 1, maxSearchMs: 20_000, timeoutMs: 300 });
    try {
      const timedOut = await post(slow.app, '/api/ai/analyze-position', { fen: START, depth: 22 });
      expect(expectError(timedOut, 504)).toBe(ENGINE_TIMEOUT_MESSAGE);
      const next = await post(slow.app, '/api/ai/analyze-position', { fen: MATE_IN_ONE, depth: 5 });
      expect(next.statusCode).toBe(200);
      expect(slow.pool.stats().timeouts).toBe(1);
    } finally {
      await slow.app.close();
    }
  });

  it('drops the queued search of a client that disconnects', async () => {
    const small = await buildCoachApp({ size: 1, maxSearchMs: 1500 });
    try {
      await small.app.listen({ host: '127.0.0.1', port: 0 });
      const url = `http://127.0.0.1:${(small.app.server.address() as AddressInfo).port}/api/ai/analyze-position`;
      const send = (fen: string, signal?: AbortSignal) =>
        fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ fen, depth: 22 }), signal });
      const running = send(START);
      await vi.waitFor(() => expect(small.pool.stats().busy).toBe(1));
      const controller = new AbortController();
      const gone = send(BLACK_AHEAD, controller.signal).catch((e: unknown) => e);
      await vi.waitFor(() => expect(small.pool.stats().queued).toBe(1));
      controller.abort();
      await gone;
      await vi.waitFor(() => expect(small.pool.stats().queued).toBe(0));
      expect((await running).status).toBe(200);
      expect(small.pool.stats().searches).toBe(1);
    } finally {
      await small.app.close();
    }
  });

  it("caps one address's requests in flight with 429 and Retry-After, so another address is still served", async () => {
    const limited = await buildCoachApp({ size: 1 }, { concurrency: 2 });
    try {
      const flood = Array.from({ length: 6 }, () =>
        limited.app.inject({ method: 'POST', url: '/api/ai/analyze-position', remoteAddress: '10.0.0.1', payload: { fen: START, depth: 10 } }),
      );
      const other = limited.app.inject({ method: 'POST', url: '/api/chess/hint', remoteAddress: '10.0.0.2', payload: { fen: MATE_IN_ONE } });
      const answers = await Promise.all(flood);
      const refused = answers.filter((response) => response.statusCode === 429);
      expect(refused).toHaveLength(4);
      for (const response of refused) {
        expect(expectError(response, 429)).toBe(COACH_BUSY_MESSAGE);
        expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
      }
      expect(answers.filter((response) => response.statusCode === 200)).toHaveLength(2);
      expect((await other).statusCode).toBe(200);
      // Once answered, the address may ask again.
      expect((await limited.app.inject({ method: 'POST', url: '/api/ai/analyze-position', remoteAddress: '10.0.0.1', payload: { fen: START, depth: 3 } })).statusCode).toBe(200);
    } finally {
      await limited.app.close();
    }
  });

  it('kills the engines when the app closes', async () => {
    const closing = await buildCoachApp({ size: 1 });
    await closing.app.close();
    await expect(closing.pool.analyse(START, { depth: 1 })).rejects.toThrow('Engine pool closed');
  });
});
