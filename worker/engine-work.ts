/**
 * Everything the app asks of the engine, as plain data: one `EngineWork` value per request, run
 * by `engine.run(work, { signal, priority, onUpdate })` (client.ts). Each kind has one result and,
 * where the work takes a while, updates on the way (the analysis as the search deepens, the
 * review's progress). Nothing of UCI, task ids or queues is visible from here.
 */
import type { Difficulty, EngineAnalysisResult, HintResponse, MoveClassification } from '../schema';
import type { ClassifyInput, GameReview, HintInput, RetryInput, RetryVerdict, ReviewInput } from '../domain/coach';
import type { Analysis, EngineMove } from './engine-api';
import type { WorkPriority } from './work-queue';

export type EngineWork =
  /** The computer's move at a level: goes before every other work and stops a running analysis. */
  | { kind: 'move'; fen: string; level: Difficulty }
  /** A bare search (the engine bench). */
  | { kind: 'search'; fen: string; depth: number; multiPv?: number; movetimeMs?: number }
  /** The Engine Analysis card: the position in the spec's result shape. */
  | { kind: 'analysis'; fen: string; depth: number; movetimeCapMs: number; includeExplanation: boolean; difficulty: Difficulty; engine: string }
  | { kind: 'classification'; input: Omit<ClassifyInput, 'isBook'>; movetimeCapMs: number }
  | { kind: 'hint'; input: HintInput; movetimeCapMs: number }
  | { kind: 'review'; input: Omit<ReviewInput, 'isBook' | 'onProgress' | 'signal'>; movetimeCapMs: number }
  /** The game review's Retry: is the learner's other move as good as the best? */
  | { kind: 'retry'; input: RetryInput; movetimeCapMs: number };

export type WorkKind = EngineWork['kind'];
export type WorkOf<K extends WorkKind> = Extract<EngineWork, { kind: K }>;

export interface WorkResults {
  move: EngineMove;
  search: Analysis;
  analysis: EngineAnalysisResult;
  classification: MoveClassification;
  hint: HintResponse;
  review: GameReview;
  retry: RetryVerdict;
}

/** What a work reports before its result: the analysis so far, the review's progress. */
export interface WorkUpdates {
  move: never;
  search: Analysis;
  analysis: EngineAnalysisResult;
  classification: never;
  hint: never;
  review: { done: number; total: number };
  retry: never;
}

export type WorkResult<K extends WorkKind> = WorkResults[K];
export type WorkUpdate<K extends WorkKind> = WorkUpdates[K];

export interface RunOptions<K extends WorkKind> {
  /** Aborting drops waiting work at once and stops running work's search; the run rejects with WORK_CANCELLED. */
  signal?: AbortSignal;
  /** 'high': what the learner asked for and waits on (a hint, a Retry). Default 'normal'. */
  priority?: WorkPriority;
  onUpdate?: (update: WorkUpdate<K>) => void;
}

export { WORK_CANCELLED } from './work-queue';
