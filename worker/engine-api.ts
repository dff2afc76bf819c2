/**
 * The engine as EngineCore offers it inside the worker (and in Node, to the server's pool):
 * searches, the computer's move, stop, and their result types. Nothing else of UCI leaks out.
 * The UI does not see this: it sees client.ts's Engine, whose work (engine-work.ts) the worker
 * runs on it (work-runner.ts).
 */
import type { Difficulty } from '../schema';
import type { PromotionPiece } from '../domain';

export type EngineState = 'loading' | 'idle' | 'computing' | 'failed';

/** One principal variation of a search (one MultiPV line), scores from the side to move's view. */
export interface PvLine {
  multipv: number;
  depth: number;
  /** Centipawns, or null when the engine reports a mate score. */
  scoreCp: number | null;
  /** Moves to mate (negative when the side to move is mated), or null. */
  mate: number | null;
  /** Moves in UCI long algebraic notation, e.g. ["e2e4", "e7e5"]. */
  pv: string[];
}

export interface Analysis {
  fen: string;
  depth: number;
  /** Best line first. */
  lines: PvLine[];
  /** UCI, e.g. "e2e4"; empty string when the side to move has no legal move. */
  bestMove: string;
  nodes: number;
  nps: number;
  timeMs: number;
}

export interface AnalyseOptions {
  depth: number;
  multiPv?: number;
  /** The search is stopped and its best result so far returned after this long. */
  movetimeMs?: number;
  /** Called with the analysis so far each time the search completes a depth (in the worker only: not across Comlink). */
  onDepth?: (analysis: Analysis) => void;
}

export interface EngineMove {
  from: string;
  to: string;
  promotion?: PromotionPiece;
  uci: string;
}

/** EngineCore's calls. Every call is serialised: one search at a time per engine. */
export interface EngineApi {
  /** Boots Stockfish; resolves once it answered `readyok`. Safe to call twice. */
  init(): Promise<void>;
  /** The computer's move at a level (beginner, intermediate, advanced). */
  bestMove(fen: string, level: Difficulty): Promise<EngineMove>;
  analyse(fen: string, options: AnalyseOptions): Promise<Analysis>;
  /** Stops the running search; queued work is rejected with an 'Engine stopped' error. */
  stop(): Promise<void>;
}
