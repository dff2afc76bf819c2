/**
 * What the coaching code needs of an engine. Structurally identical to worker/engine-api.ts's
 * Analysis and PvLine, so the worker's engine and the server's engine pool both satisfy it
 * without adapters. Scores are from the side to move's point of view.
 */

export interface PvLineLike {
  multipv: number;
  depth: number;
  /** Centipawns, or null when the engine reports a mate score. */
  scoreCp: number | null;
  /** Moves to mate (negative when the side to move is mated), or null. */
  mate: number | null;
  /** UCI moves. */
  pv: string[];
}

export interface AnalysisLike {
  fen: string;
  depth: number;
  /** Best line first. */
  lines: PvLineLike[];
  /** UCI; empty when the side to move has no legal move. */
  bestMove: string;
}

export interface EnginePort {
  analyse(fen: string, options: { depth: number; multiPv?: number; movetimeMs?: number }): Promise<AnalysisLike>;
}
