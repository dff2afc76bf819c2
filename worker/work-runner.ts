/**
 * The engine worker's side of `engine.run(work)`: domain/coach (classification, hints,
 * explanations, review, Retry) runs here, next to the engine, so its chess.js work never blocks
 * the page. Work goes through one WorkQueue, one at a time and the newest first (the position the
 * learner looks at now), 'high' (asked for and waited on) before the rest; the computer's move
 * bypasses it, because EngineCore already puts it ahead of every analysis search and stops a
 * running one. Every coaching search is capped in time as well as depth.
 */
import { isBookPosition } from '../domain';
import { analysisToResult, classifyMove, getHint, judgeRetry, reviewGame, type EnginePort } from '../domain/coach';
import type { Analysis, EngineApi } from './engine-api';
import type { EngineWork, WorkKind, WorkResult, WorkUpdate } from './engine-work';
import { WORK_CANCELLED, WorkQueue, type WorkPriority } from './work-queue';

/** The engine as the runner needs it: searches, the computer's move, stopping the running analysis search. */
export interface RunnerEngine extends Pick<EngineApi, 'analyse' | 'bestMove'> {
  stopAnalysis?(): void;
  stop?(): Promise<void>;
}

/**
 * What crosses Comlink: plain data, a page-chosen id per run (the page's client picks it, never the
 * UI), and the updates through a proxied callback.
 */
export interface WorkRunnerApi {
  /**
   * Runs the work. The answer waits until every update has reached the page (each update is a
   * message on the callback's own port, which nothing orders against this answer).
   */
  run(id: number, work: EngineWork, priority: WorkPriority, onUpdate?: (update: WorkUpdate<WorkKind>) => unknown): Promise<WorkResult<WorkKind>>;
  /** The run's purpose is gone: waiting work is dropped, running work's search stops; it rejects with WORK_CANCELLED. */
  cancel(id: number): Promise<void>;
}

/** A search's movetime: the asked one capped at `capMs`; none when neither is set (a bare search). */
export function cappedMovetime(asked: number | undefined, capMs: number | undefined): number | undefined {
  return capMs === undefined ? asked : Math.min(asked ?? capMs, capMs);
}

/** The engine for one run's coaching searches: capped at capMs, each depth reported to onDepth. */
type RunEngine = (capMs: number | undefined, onDepth?: (analysis: Analysis) => void) => EnginePort;

/** Does one piece of work: the computer's move straight from the engine, the rest through domain/coach. */
async function perform(engine: RunnerEngine, work: EngineWork, runEngine: RunEngine, signal: AbortSignal, update: (value: unknown) => void): Promise<unknown> {
  switch (work.kind) {
    case 'move':
      return engine.bestMove(work.fen, work.level);
    case 'search':
      return runEngine(work.movetimeMs, update).analyse(work.fen, {
        depth: work.depth,
        ...(work.multiPv === undefined ? {} : { multiPv: work.multiPv }),
      });
    case 'analysis': {
      const started = performance.now();
      const meta = { difficulty: work.difficulty, engine: work.engine };
      const elapsed = () => Math.round(performance.now() - started);
      // The card fills in as the search deepens; the explanation comes with the final result only.
      const onDepth = (analysis: Analysis) => update(analysisToResult(analysis, { ...meta, processingTime: elapsed(), includeExplanation: false }));
      const analysis = await runEngine(work.movetimeCapMs, onDepth).analyse(work.fen, { depth: work.depth });
      return analysisToResult(analysis, { ...meta, processingTime: elapsed(), includeExplanation: work.includeExplanation });
    }
    case 'classification':
      return classifyMove(runEngine(work.movetimeCapMs), { ...work.input, isBook: isBookPosition });
    case 'hint':
      return getHint(runEngine(work.movetimeCapMs), work.input);
    case 'review':
      return reviewGame(runEngine(work.movetimeCapMs), {
        ...work.input,
        isBook: isBookPosition,
        signal,
        onProgress: (done, total) => update({ done, total }),
      });
    case 'retry':
      return judgeRetry(runEngine(work.movetimeCapMs), work.input);
  }
}

export function createWorkRunner(engine: RunnerEngine): WorkRunnerApi {
  const queue = new WorkQueue({ order: 'newest', cancelled: () => new Error(WORK_CANCELLED) });
  const controllers = new Map<number, AbortController>();
  /** The runs that are the computer's move. */
  const moves = new Set<number>();
  /** The run whose analysis search is in flight: cancelling it stops that search. */
  let searching: number | null = null;

  /** The engine for one run: capped in time, refusing to search once the run is cancelled. */
  function runEngine(id: number, signal: AbortSignal, capMs: number | undefined, onDepth?: (analysis: Analysis) => void): EnginePort {
    return {
      async analyse(fen, options) {
        if (signal.aborted) throw new Error(WORK_CANCELLED);
        searching = id;
        try {
          const movetimeMs = cappedMovetime(options.movetimeMs, capMs);
          const analysis = await engine.analyse(fen, { ...options, ...(movetimeMs === undefined ? {} : { movetimeMs }), ...(onDepth ? { onDepth } : {}) });
          if (signal.aborted) throw new Error(WORK_CANCELLED); // a stopped search's shallow result is not used
          return analysis;
        } finally {
          if (searching === id) searching = null;
        }
      },
    };
  }

  const performRun = (id: number, work: EngineWork, signal: AbortSignal, update: (value: unknown) => void): Promise<unknown> =>
    perform(engine, work, (capMs, onDepth) => runEngine(id, signal, capMs, onDepth), signal, update);

  return {
    async run(id, work, priority, onUpdate) {
      const controller = new AbortController();
      controllers.set(id, controller);
      if (work.kind === 'move') moves.add(id);
      const delivered: Promise<void>[] = [];
      const update = (value: unknown) => {
        if (!onUpdate || controller.signal.aborted) return;
        // Over Comlink the call returns a promise, settled once the page has run it; a lost update does not fail the work.
        delivered.push(
          Promise.resolve()
            .then(() => onUpdate(value as WorkUpdate<WorkKind>))
            .then(
              () => {},
              () => {},
            ),
        );
      };
      try {
        const result =
          work.kind === 'move'
            ? await performRun(id, work, controller.signal, update)
            : await queue.run((signal) => performRun(id, work, signal, update), { priority, signal: controller.signal });
        if (controller.signal.aborted) throw new Error(WORK_CANCELLED);
        return result as WorkResult<WorkKind>;
      } finally {
        await Promise.all(delivered);
        controllers.delete(id);
        moves.delete(id);
      }
    },
    async cancel(id) {
      const controller = controllers.get(id);
      if (!controller || controller.signal.aborted) return;
      controller.abort();
      if (searching === id) engine.stopAnalysis?.();
      else if (moves.has(id)) await engine.stop?.(); // the computer's move is not wanted any more (New Game)
    },
  };
}
