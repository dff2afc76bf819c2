/**
 * The coaching calls of the play spec (section 7) on the server's engine pool: the computer's
 * move, position analysis, move classification and hints. The words (explanations, hints) come
 * from domain/coach, the same code the app's worker runs offline; `useOllama` is accepted and
 * ignored. Public routes: anonymous players use the app too.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Chess } from 'chess.js';
import type { z } from 'zod';
import {
  aiMoveRequestSchema,
  aiMoveResponseSchema,
  analyzeMoveResponseSchema,
  analyzePositionRequestSchema,
  classifyMoveRequestSchema,
  classifyMoveResponseSchema,
  engineAnalysisResultSchema,
  errorResponseSchema,
  hintRequestSchema,
  hintResponseSchema,
  coachPaths,
  type AnalyzeMoveResponse,
  type HintResponse,
  type MoveClassification,
  ERROR_TEXTS,
} from '../../schema';
import {
  analysisToResult,
  CLASSIFY_MULTIPV,
  classifyMove,
  getHint,
  isBookPosition,
  parseFen,
  parseUci,
  playMove,
  positionKey,
  replayGame,
  uciToSan,
  warmUpOpeningBook,
  type AnalysisLike,
  type EnginePort,
  type Move,
} from '../../domain';
import type { ZodTypeProvider } from '../core/plugins/zod';
import {
  ENGINE_ID,
  EngineBusyError,
  EngineCancelledError,
  EngineTimeoutError,
  EngineUnavailableError,
  type EnginePool,
} from './engine-pool';
import { cachedEngine, evalCacheFen, type EvalCache } from './eval-cache';
import { impossiblePosition } from './legal-position';
import { registerAddressLimit, type AddressLimitOptions } from './address-limit';
import { errorBody } from '../core/plugins/errors';

export interface CoachRoutesOptions {
  pool: EnginePool;
  cache: EvalCache;
  /** Depth of the searches behind classifications and hints (the spec's phone depth). Default 12. */
  depth?: number;
  /** Build the opening book's index now rather than in the first classification (server start). */
  warmUp?: boolean;
  /** Per-address concurrency and rate (./address-limit.ts). */
  addressLimit?: AddressLimitOptions;
}

/** The longest move list a coaching request may send (replayed per request): 600 plies. */
export const MAX_COACH_HISTORY = 600;

/** Analysis asked for from a phone is capped at the spec's mobile depth. */
export const MOBILE_ANALYSIS_DEPTH = 12;
export const DEFAULT_COACH_DEPTH = 12;
/** Sent with a 503 when no engine could start: long enough for a restart. */
const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

const errorResponses = { 400: errorResponseSchema, 429: errorResponseSchema, 503: errorResponseSchema, 504: errorResponseSchema };

function refuseLongHistory(history: readonly string[] | undefined): void {
  if (history !== undefined && history.length > MAX_COACH_HISTORY) {
    throw badRequest(`Invalid body: moveHistory: at most ${MAX_COACH_HISTORY} moves`);
  }
}

export async function coachRoutes(app: FastifyInstance, options: CoachRoutesOptions): Promise<void> {
  const { pool, cache } = options;
  const depth = options.depth ?? DEFAULT_COACH_DEPTH;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  app.addHook('onClose', () => pool.close());
  // The opening book's index is built once; server.ts warms it up after listening (tests skip it).
  if (options.warmUp) warmUpOpeningBook();
  app.setErrorHandler(sendEngineError);
  registerAddressLimit(app, options.addressLimit);

  const engineFor = (request: FastifyRequest, reply: FastifyReply) => requestEngine(pool, cache, request, reply);

  routes.post(
    coachPaths.move,
    { config: { auth: 'public' }, schema: { body: aiMoveRequestSchema, response: { 200: aiMoveResponseSchema, ...errorResponses } } },
    async (request, reply) => {
      const game = gameAt(request.body.fen);
      refuseFinishedGame(game);
      const move = await pool.bestMove(game.fen(), request.body.difficulty, { signal: clientGone(reply), key: request.ip });
      return { move: move.promotion ? { from: move.from, to: move.to, promotion: move.promotion } : { from: move.from, to: move.to } };
    },
  );

  routes.post(
    coachPaths.analyzePosition,
    { config: { auth: 'public' }, schema: { body: analyzePositionRequestSchema, response: { 200: engineAnalysisResultSchema, ...errorResponses } } },
    async (request, reply) => {
      const body = request.body;
      gameAt(body.fen);
      const started = performance.now();
      const searchDepth = body.isMobile ? Math.min(body.depth, MOBILE_ANALYSIS_DEPTH) : body.depth;
      const analysis = await engineFor(request, reply).analyse(body.fen, { depth: searchDepth });
      return analysisToResult(analysis, {
        difficulty: body.difficulty,
        engine: ENGINE_ID,
        processingTime: Math.round(performance.now() - started),
        includeExplanation: body.includeExplanation,
      });
    },
  );

  routes.post(
    coachPaths.classifyMove,
    { config: { auth: 'public' }, schema: { body: classifyMoveRequestSchema, response: { 200: classifyMoveResponseSchema, ...errorResponses } } },
    async (request, reply) => {
      refuseLongHistory(request.body.moveHistory);
      const { game, move } = moveAt(request.body);
      const classification = await classify(engineFor(request, reply), request.body, game, move, depth);
      return { classification };
    },
  );

  routes.post(
    coachPaths.analyzeMove,
    { config: { auth: 'public' }, schema: { body: classifyMoveRequestSchema, response: { 200: analyzeMoveResponseSchema, ...errorResponses } } },
    async (request, reply): Promise<AnalyzeMoveResponse> => {
      const body = request.body;
      refuseLongHistory(body.moveHistory);
      const { game, move } = moveAt(body);
      return analyzeMove(engineFor(request, reply), body, game, move, depth);
    },
  );

  routes.post(
    coachPaths.hint,
    { config: { auth: 'public' }, schema: { body: hintRequestSchema, response: { 200: hintResponseSchema, ...errorResponses } } },
    async (request, reply): Promise<HintResponse> => {
      const body = request.body;
      refuseLongHistory(body.moveHistory);
      const game = gameAt(body.fen);
      const over = gameOverReason(game);
      if (over) return { success: false, hint: null, learningTips: [], error: `No hint: the game is over (${over})` };
      return hint(engineFor(request, reply), body, depth);
    },
  );
}

/** The engine one request sees: its searches leave the queue if the client goes, go through the cache, and are shared within the request. */
function requestEngine(pool: EnginePool, cache: EvalCache, request: FastifyRequest, reply: FastifyReply): RequestEngine {
  const signal = clientGone(reply);
  const pooled: EnginePort = { analyse: (fen, search) => pool.analyse(fen, search, { signal, key: request.ip }) };
  const onCacheError = (error: unknown) => request.log.warn({ err: error }, 'engine evaluation cache failed');
  return new RequestEngine(cachedEngine(pooled, cache, { engine: ENGINE_ID, onCacheError }));
}

async function hint(engine: RequestEngine, body: z.output<typeof hintRequestSchema>, depth: number): Promise<HintResponse> {
  const answer = await getHint(engine, { fen: body.fen, history: body.moveHistory, depth, difficulty: body.difficulty });
  // getHint turns every failure into success: false; the engine's own (busy, timed out) keep their status codes.
  if (!answer.success && engine.failure) throw engine.failure;
  return answer;
}

interface MoveRequest {
  move: string;
  fenBefore: string;
  fenAfter?: string | undefined;
  moveNumber?: number | undefined;
  moveHistory?: string[] | undefined;
}

interface PlayedMove {
  san: string;
  before: string;
  after: string;
}

async function classify(
  engine: EnginePort,
  body: MoveRequest,
  game: Chess,
  move: PlayedMove,
  depth: number,
): Promise<MoveClassification> {
  const history = body.moveHistory ?? [];
  const previous = await previousClassification(engine, history, move.before, depth);
  return classifyMove(engine, {
    fenBefore: move.before,
    move: move.san,
    history,
    previous,
    isBook: isBookPosition,
    depth,
    moveNumber: body.moveNumber ?? game.moveNumber(),
  });
}

/**
 * The move's classification (when asked for), the best move before it and the evaluation after.
 * The classification searched the position before (and the one after, unless the move was among
 * its lines) at this depth: those searches are shared here, not run again.
 */
async function analyzeMove(
  engine: EnginePort,
  body: MoveRequest & { includeClassification: boolean },
  game: Chess,
  move: PlayedMove,
  depth: number,
): Promise<AnalyzeMoveResponse> {
  const classification = body.includeClassification ? await classify(engine, body, game, move, depth) : null;
  const [before, after] = await Promise.all([
    engine.analyse(move.before, { depth }),
    engine.analyse(move.after, { depth }),
  ]);
  const afterResult = toResult(after);
  const best = before.bestMove ? uciToSan(move.before, before.bestMove) : null;
  return {
    classification,
    analysis: {
      bestMove: before.bestMove || null,
      bestMoveSan: best,
      evaluation: afterResult.stockfish.score,
      mate: afterResult.stockfish.mate,
    },
  };
}

/**
 * The opponent's previous move's classification, which 'miss' needs, when the history replays
 * from the start to the position before this move (else null: a game from a set-up position).
 * It costs one search more: the position before this move is searched once, with the lines both
 * classifications read, alongside the position before the previous move.
 */
async function previousClassification(
  engine: EnginePort,
  history: readonly string[],
  fenBefore: string,
  depth: number,
): Promise<MoveClassification | null> {
  const last = history.at(-1);
  const earlier = replayGame(history.slice(0, -1));
  if (last === undefined || !earlier.ok) return null;
  const fenPrevious = earlier.value.fen();
  const moveNumber = earlier.value.moveNumber();
  const played = playMove(earlier.value, last);
  if (!played.ok || !samePosition(played.value.after, fenBefore)) return null;
  const [previous] = await Promise.all([
    classifyMove(engine, {
      fenBefore: fenPrevious,
      move: played.value.san,
      history: history.slice(0, -1),
      isBook: isBookPosition,
      depth,
      moveNumber,
    }),
    engine.analyse(fenBefore, { depth, multiPv: CLASSIFY_MULTIPV }),
  ]);
  return previous;
}

/** The position of a request, or a 400 'Invalid FEN: ...' (malformed, or impossible in a game). */
function gameAt(fen: string): Chess {
  const parsed = parseFen(fen);
  if (!parsed.ok) throw badRequest(parsed.error.message);
  const impossible = impossiblePosition(fen, parsed.value);
  if (impossible !== null) throw badRequest(`Invalid FEN: ${impossible}`);
  return parsed.value;
}

/** The move of a classification request (SAN or UCI), or a 400 'Invalid move: ...'. */
function moveAt(body: MoveRequest): { game: Chess; move: PlayedMove } {
  const game = gameAt(body.fenBefore);
  const before = game.fen();
  const uci = parseUci(body.move);
  const played: ReturnType<typeof playMove> = uci ? playMove(game, uci) : playMove(game, body.move);
  if (!played.ok) throw badRequest(played.error.message);
  const move: Move = played.value;
  game.undo();
  if (body.fenAfter !== undefined && !samePosition(body.fenAfter, move.after)) {
    throw badRequest(`Invalid move: ${body.move} from fenBefore does not lead to fenAfter`);
  }
  return { game, move: { san: move.san, before, after: move.after } };
}

/** Piece placement, side to move, castling and en passant: what makes two FENs one position. */
function samePosition(a: string, b: string): boolean {
  return positionKey(evalCacheFen(a)) === positionKey(evalCacheFen(b));
}

function gameOverReason(game: Chess): string | null {
  if (game.moves().length > 0) return null;
  return game.isCheckmate() ? 'checkmate' : 'stalemate';
}

function refuseFinishedGame(game: Chess): void {
  const over = gameOverReason(game);
  if (over) throw badRequest(`No legal move: the game is over (${over})`);
}

/** The White-point-of-view score of a position, in the schema's convention. */
function toResult(analysis: AnalysisLike) {
  return analysisToResult(analysis, { difficulty: 'advanced', engine: ENGINE_ID, processingTime: 0, includeExplanation: false });
}

function badRequest(message: string): Error {
  return Object.assign(new Error(message), { statusCode: 400 });
}

/** Aborted when the client disconnects before its answer is sent, so its queued searches are dropped. */
function clientGone(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  return controller.signal;
}

/**
 * The engine's failures, with words the client can show (the shared handler hides every 5xx
 * message). Everything else goes on to the app's error handler.
 */
function sendEngineError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const send = (statusCode: number, code: 'ERR_ENGINE_BUSY' | 'ERR_ENGINE_TIMEOUT' | 'ERR_ENGINE_UNAVAILABLE', retryAfterSeconds?: number) => {
    if (retryAfterSeconds !== undefined) reply.header('retry-after', String(retryAfterSeconds));
    return reply.code(statusCode).send(errorBody(ERROR_TEXTS[code], { code }));
  };
  if (error instanceof EngineBusyError) {
    request.log.warn('engine queue full');
    return send(503, 'ERR_ENGINE_BUSY', error.retryAfterSeconds);
  }
  if (error instanceof EngineTimeoutError) {
    request.log.error({ timeoutMs: error.timeoutMs }, 'engine search timed out; engine restarted');
    return send(504, 'ERR_ENGINE_TIMEOUT');
  }
  if (error instanceof EngineUnavailableError || error instanceof EngineCancelledError) {
    request.log.error({ err: error }, 'engine unavailable');
    return send(503, 'ERR_ENGINE_UNAVAILABLE', UNAVAILABLE_RETRY_AFTER_SECONDS);
  }
  throw error;
}

/**
 * The engine of one request. The same position at the same depth is searched once per request:
 * analyze-move's evaluation reads the searches its classification made, a multi-line search
 * answering a request for fewer lines. It remembers the engine's first failure, for callers that
 * swallow errors.
 */
class RequestEngine implements EnginePort {
  private readonly searches = new Map<string, { multiPv: number; result: Promise<AnalysisLike> }>();
  failure: Error | null = null;

  constructor(private readonly engine: EnginePort) {}

  analyse(fen: string, options: AnalyseOptions): Promise<AnalysisLike> {
    const multiPv = options.multiPv ?? 1;
    const key = `${evalCacheFen(fen)}|${options.depth}`;
    const earlier = this.searches.get(key);
    if (earlier && earlier.multiPv >= multiPv) {
      return earlier.result.then((analysis) => ({ ...analysis, fen, lines: analysis.lines.slice(0, multiPv) }));
    }
    const result = this.engine.analyse(fen, options).catch((e: unknown) => {
      if (isEngineError(e)) this.failure ??= e;
      throw e;
    });
    this.searches.set(key, { multiPv, result });
    return result;
  }
}

type AnalyseOptions = Parameters<EnginePort['analyse']>[1];

function isEngineError(e: unknown): e is Error {
  return (
    e instanceof EngineBusyError ||
    e instanceof EngineTimeoutError ||
    e instanceof EngineUnavailableError ||
    e instanceof EngineCancelledError
  );
}
