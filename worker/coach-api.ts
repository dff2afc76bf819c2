/**
 * Coaching in the engine's worker: domain/coach (classification, hints, explanations, review)
 * runs here, next to the engine, so its chess.js work never blocks the page. Every coaching search
 * is capped in time as well as depth, and is an 'analyse' job of the engine: the computer's move
 * goes first (see EngineCore). Nothing here but wiring.
 */
import { isBookPosition } from '../domain';
import {
  analysisToResult,
  classifyMove,
  getHint,
  reviewGame,
  type ClassifyInput,
  type EnginePort,
  type GameReview,
  type HintInput,
  type ReviewInput,
} from '../domain/coach';
import type { Difficulty, EngineAnalysisResult, HintResponse, MoveClassification } from '../schema';

export interface PositionAnalysisRequest {
  fen: string;
  depth: number;
  /** The search stops at the depth or after this long, whichever comes first. */
  movetimeCapMs: number;
  includeExplanation: boolean;
  difficulty: Difficulty;
  engine: string;
}

/**
 * What crosses Comlink: plain data only (the opening table is looked up here, not passed). Each
 * call names its task with a page-chosen id, so cancelTask can stop it.
 */
export interface CoachApi {
  analysePosition(taskId: number, request: PositionAnalysisRequest): Promise<EngineAnalysisResult>;
  classifyMove(taskId: number, input: Omit<ClassifyInput, 'isBook'>, movetimeCapMs: number): Promise<MoveClassification>;
  getHint(taskId: number, input: HintInput, movetimeCapMs: number): Promise<HintResponse>;
  /**
   * onProgress is a Comlink proxy on the page. The review answers only after every report has
   * been delivered (its promise settled), so the page never hears a report after the result.
   */
  reviewGame(
    taskId: number,
    input: Omit<ReviewInput, 'isBook' | 'onProgress' | 'signal'>,
    movetimeCapMs: number,
    onProgress?: (done: number, total: number) => void,
  ): Promise<GameReview>;
  /**
   * The task's position is gone: its running search stops now and the task rejects with
   * COACH_TASK_CANCELLED instead of using a shallow result.
   */
  cancelTask(taskId: number): Promise<void>;
}

export const COACH_TASK_CANCELLED = 'Coach task cancelled';

/** The engine as coaching needs it: searches, and stopping the running analysis search. */
export interface CoachEngine extends EnginePort {
  stopAnalysis?(): void;
}

/** The engine with every search capped at `capMs`. */
export function cappedEngine(engine: EnginePort, capMs: number): EnginePort {
  return {
    analyse: (fen, options) => engine.analyse(fen, { ...options, movetimeMs: Math.min(options.movetimeMs ?? capMs, capMs) }),
  };
}

export function createCoachApi(engine: CoachEngine): CoachApi {
  const tasks = new Map<number, { aborted: boolean }>();
  /** The task whose search is in flight: cancelling it stops that search. */
  let searching: number | null = null;

  /** The engine for one task: capped in time, refusing to search once the task is cancelled. */
  function taskEngine(taskId: number, capMs: number): EnginePort {
    const capped = cappedEngine(engine, capMs);
    return {
      async analyse(fen, options) {
        const signal = tasks.get(taskId);
        if (signal?.aborted) throw new Error(COACH_TASK_CANCELLED);
        searching = taskId;
        try {
          const analysis = await capped.analyse(fen, options);
          if (signal?.aborted) throw new Error(COACH_TASK_CANCELLED); // a stopped search's shallow result is not used
          return analysis;
        } finally {
          if (searching === taskId) searching = null;
        }
      },
    };
  }

  async function asTask<T>(taskId: number, run: (signal: { aborted: boolean }) => Promise<T>): Promise<T> {
    const signal = { aborted: false };
    tasks.set(taskId, signal);
    try {
      return await run(signal);
    } finally {
      tasks.delete(taskId);
    }
  }

  return {
    analysePosition: (taskId, { fen, depth, movetimeCapMs, includeExplanation, difficulty, engine: name }) =>
      asTask(taskId, async () => {
        const started = performance.now();
        const analysis = await taskEngine(taskId, movetimeCapMs).analyse(fen, { depth });
        return analysisToResult(analysis, { difficulty, engine: name, processingTime: Math.round(performance.now() - started), includeExplanation });
      }),
    classifyMove: (taskId, input, movetimeCapMs) =>
      asTask(taskId, () => classifyMove(taskEngine(taskId, movetimeCapMs), { ...input, isBook: isBookPosition })),
    getHint: (taskId, input, movetimeCapMs) => asTask(taskId, () => getHint(taskEngine(taskId, movetimeCapMs), input)),
    reviewGame: (taskId, input, movetimeCapMs, onProgress) =>
      asTask(taskId, async (signal) => {
        // Each report to a Comlink proxy is a message on the proxy's own port, which nothing
        // orders against this call's answer: unawaited, "n of n" could reach the page after the
        // review and stand there in its place. So the answer waits for every report's delivery.
        const reports: Promise<void>[] = [];
        try {
          return await reviewGame(taskEngine(taskId, movetimeCapMs), {
            ...input,
            isBook: isBookPosition,
            signal,
            ...(onProgress
              ? {
                  onProgress: (done: number, total: number) => {
                    // Over Comlink the call returns a promise, settled once the page has run it.
                    const delivered: unknown = onProgress(done, total);
                    reports.push(Promise.resolve(delivered).then(() => {}, () => {})); // a lost report does not fail the review
                  },
                }
              : {}),
          });
        } finally {
          await Promise.all(reports);
        }
      }),
    async cancelTask(taskId) {
      const signal = tasks.get(taskId);
      if (!signal) return;
      signal.aborted = true;
      if (searching === taskId) engine.stopAnalysis?.();
    },
  };
}
