/**
 * The worker's side of engine.run against a scripted engine: searches are capped in time, the
 * opening table is consulted in the worker, work runs one at a time (the newest and the asked-for
 * first), and a run can be cancelled from the page.
 */
import { describe, expect, it } from 'vitest';
import { scriptedEngine, type AnalysisLike, type EnginePort, type GameReview } from '../domain/coach';
import type { EngineAnalysisResult, HintResponse, MoveClassification } from '../schema';
import type { AnalyseOptions, Analysis } from './engine-api';
import { WORK_CANCELLED } from './engine-work';
import { cappedMovetime, createWorkRunner, type RunnerEngine } from './work-runner';

const reviewOf = (moves: string[]) => ({ kind: 'review' as const, input: { moves, depth: 12 }, movetimeCapMs: 300 });

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const AFTER_E4 = 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1';
const AFTER_E4_E5 = 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2';

function recording(engine: EnginePort) {
  const movetimes: (number | undefined)[] = [];
  const port: EnginePort = {
    analyse: (fen, options) => {
      movetimes.push(options.movetimeMs);
      return engine.analyse(fen, options);
    },
  };
  return { port, movetimes };
}

const scripted = scriptedEngine({
  [START]: [{ cp: 30, pv: ['e2e4', 'e7e5'] }, { cp: 25, pv: ['d2d4'] }, { cp: 20, pv: ['g1f3'] }, { cp: 10, pv: ['c2c4'] }],
  [AFTER_E4]: [{ cp: -30, pv: ['e7e5'] }, { cp: -35, pv: ['c7c5'] }, { cp: -40, pv: ['e7e6'] }, { cp: -45, pv: ['c7c6'] }],
  [AFTER_E4_E5]: [{ cp: 30, pv: ['g1f3'] }, { cp: 25, pv: ['f1c4'] }, { cp: 20, pv: ['b1c3'] }],
});

/** The scripted engine as the runner's engine (its analyses with the counters a real one has). */
function runnerEngine(port: EnginePort = scripted, extra: Partial<RunnerEngine> = {}): RunnerEngine {
  return {
    analyse: async (fen: string, options: AnalyseOptions): Promise<Analysis> => ({ ...(await port.analyse(fen, options)), nodes: 1, nps: 1, timeMs: 1 }),
    bestMove: async () => ({ from: 'e2', to: 'e4', uci: 'e2e4' }),
    ...extra,
  };
}
const script = runnerEngine();

describe('createWorkRunner', () => {
  it.each([
    { asked: undefined, cap: 1500, sent: 1500 },
    { asked: 500, cap: 1500, sent: 500 },
    { asked: 9000, cap: 1000, sent: 1000 },
  ])('caps a search asked $asked ms at $cap ms -> $sent', ({ asked, cap, sent }) => {
    expect(cappedMovetime(asked, cap)).toBe(sent);
  });

  it("caps every search of a work at the work's cap", async () => {
    const fake = recording(scripted);
    const api = createWorkRunner(runnerEngine(fake.port));
    await api.run(1, { kind: 'hint', input: { fen: START, depth: 12 }, movetimeCapMs: 1000 }, 'high');
    expect(fake.movetimes.length).toBeGreaterThan(0);
    expect(fake.movetimes.every((m) => m === 1000)).toBe(true);
  });

  it('sends a bare search without a movetime unless one is asked', async () => {
    const fake = recording(scripted);
    const api = createWorkRunner(runnerEngine(fake.port));
    await api.run(1, { kind: 'search', fen: START, depth: 12 }, 'normal');
    await api.run(2, { kind: 'search', fen: START, depth: 12, movetimeMs: 250 }, 'normal');
    expect(fake.movetimes).toEqual([undefined, 250]);
  });

  it('analyses a position into the spec result, White-POV', async () => {
    const api = createWorkRunner(script);
    const result = (await api.run(1, { kind: 'analysis', fen: AFTER_E4, depth: 15, movetimeCapMs: 1500, includeExplanation: false, difficulty: 'advanced', engine: 'test' }, 'normal')) as EngineAnalysisResult;
    expect(result.stockfish).toMatchObject({ score: 30, mate: null, bestMove: 'e7e5', depth: 15 });
    expect(result).toMatchObject({ explanation: null, engine: 'test', difficulty: 'advanced', error: null });
  });

  it('marks a book move from the opening table looked up in the worker', async () => {
    const api = createWorkRunner(script);
    const classification = (await api.run(1, { kind: 'classification', input: { fenBefore: START, move: 'e4', depth: 12 }, movetimeCapMs: 1000 }, 'normal')) as MoveClassification;
    expect(classification.isBookMove).toBe(true);
    expect(classification.category).toBe('book');
  });

  it('gives a hint with the move and a nudge', async () => {
    const api = createWorkRunner(script);
    const response = (await api.run(1, { kind: 'hint', input: { fen: START, depth: 12 }, movetimeCapMs: 2000 }, 'high')) as HintResponse;
    expect(response.success).toBe(true);
    expect(response.hint?.suggestedMove).toMatchObject({ from: 'e2', to: 'e4' });
  });

  it('reviews a game with progress, and stops a cancelled review before its next search', async () => {
    const api = createWorkRunner(script);
    const progress: number[] = [];
    const review = (await api.run(1, reviewOf(['e4', 'e5']), 'normal', (update) => progress.push((update as { done: number }).done))) as GameReview;
    expect(review.moves.map((m) => m.san)).toEqual(['e4', 'e5']);
    expect(progress).toEqual([0, 1, 2, 3]);

    let release: () => void = () => {};
    const slow: EnginePort = {
      analyse: (fen, options) =>
        new Promise<AnalysisLike>((resolve) => {
          release = () => void scripted.analyse(fen, options).then(resolve);
        }),
    };
    const cancellable = createWorkRunner(runnerEngine(slow));
    const running = cancellable.run(2, reviewOf(['e4', 'e5']), 'normal');
    await new Promise((resolve) => setTimeout(resolve, 0));
    await cancellable.cancel(2);
    release();
    await expect(running).rejects.toThrow(WORK_CANCELLED);
  });

  it('answers a review only after every progress report has reached the page', async () => {
    // Over Comlink each report is a message on the callback's own port, not ordered against the
    // review's answer: a report delivered late would put "5 of 5" back over the finished review.
    const api = createWorkRunner(script);
    const delivered: number[] = [];
    const pending: (() => void)[] = [];
    const report = (done: number) =>
      new Promise<void>((resolve) => {
        pending.push(() => {
          delivered.push(done);
          resolve();
        });
      });
    let answered = false;
    const running = api.run(1, reviewOf(['e4', 'e5']), 'normal', (update) => report((update as { done: number }).done)).then((review) => {
      answered = true;
      return review;
    });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(pending).toHaveLength(4); // the searches are done, the reports still on their way
    expect(answered).toBe(false);
    for (const deliver of pending.splice(0)) deliver();
    await running;
    expect(delivered).toEqual([0, 1, 2, 3]);

    const refused = api.run(2, reviewOf(['e4']), 'normal', () => Promise.reject(new Error('page gone')));
    await expect(refused).resolves.toMatchObject({ moves: [{ san: 'e4' }] }); // a lost report does not fail the review
  });

  it("cancelling a run stops its running search and drops the search's shallow result", async () => {
    let stops = 0;
    let finish: () => void = () => {};
    const slow: EnginePort = {
      analyse: (fen, options) =>
        new Promise<AnalysisLike>((resolve) => {
          finish = () => void scripted.analyse(fen, options).then(resolve);
        }),
    };
    const api = createWorkRunner(
      runnerEngine(slow, {
        stopAnalysis: () => {
          stops++;
          finish(); // a stopped search answers with its best so far
        },
      }),
    );
    const classification = api.run(5, { kind: 'classification', input: { fenBefore: START, move: 'e4', depth: 15 }, movetimeCapMs: 1500 }, 'normal');
    await new Promise((resolve) => setTimeout(resolve, 0));
    await api.cancel(5);
    await expect(classification).rejects.toThrow(WORK_CANCELLED);
    expect(stops).toBe(1);
    await api.cancel(5); // already finished: nothing to stop
    expect(stops).toBe(1);
  });

  it('runs one work at a time: the asked-for first, then the newest; cancelled waiting work never searches', async () => {
    const searched: string[] = [];
    const gates: (() => void)[] = [];
    const gated: EnginePort = {
      analyse: (fen, options) =>
        new Promise<AnalysisLike>((resolve) => {
          searched.push(fen);
          gates.push(() => void scripted.analyse(fen, options).then(resolve));
        }),
    };
    const api = createWorkRunner(runnerEngine(gated));
    const analysis = (fen: string) => ({ kind: 'analysis' as const, fen, depth: 10, movetimeCapMs: 500, includeExplanation: false, difficulty: 'advanced' as const, engine: 'test' });
    const first = api.run(1, analysis(START), 'normal');
    const older = api.run(2, analysis(AFTER_E4), 'normal');
    const newer = api.run(3, analysis(AFTER_E4_E5), 'normal');
    const dropped = api.run(4, analysis(AFTER_E4), 'normal');
    const asked = api.run(5, { kind: 'search', fen: AFTER_E4_E5, depth: 5 }, 'high');
    await api.cancel(4);
    await expect(dropped).rejects.toThrow(WORK_CANCELLED);
    for (let i = 0; i < 4; i++) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      gates.shift()?.();
    }
    await Promise.all([first, older, newer, asked]);
    expect(searched).toEqual([START, AFTER_E4_E5, AFTER_E4_E5, AFTER_E4]);
  });

  it('sends the analysis as the search deepens, before the result', async () => {
    const depths = (fen: string, options: AnalyseOptions): Promise<Analysis> => {
      for (let depth = 1; depth <= 3; depth++) {
        options.onDepth?.({ fen, depth, lines: [{ multipv: 1, depth, scoreCp: 10 * depth, mate: null, pv: ['e7e5'] }], bestMove: 'e7e5', nodes: depth, nps: 1, timeMs: depth });
      }
      return Promise.resolve({ fen, depth: 3, lines: [{ multipv: 1, depth: 3, scoreCp: 30, mate: null, pv: ['e7e5'] }], bestMove: 'e7e5', nodes: 3, nps: 1, timeMs: 3 });
    };
    const api = createWorkRunner({ ...script, analyse: depths });
    const seen: number[] = [];
    const result = await api.run(1, { kind: 'analysis', fen: AFTER_E4, depth: 3, movetimeCapMs: 500, includeExplanation: true, difficulty: 'advanced', engine: 'test' }, 'normal', (update) =>
      seen.push((update as EngineAnalysisResult).stockfish.depth),
    );
    expect(seen).toEqual([1, 2, 3]);
    expect((result as EngineAnalysisResult).explanation).not.toBeNull();
  });

  it("plays the computer's move past the coaching queue", async () => {
    const gated: EnginePort = { analyse: () => new Promise<AnalysisLike>(() => {}) };
    const api = createWorkRunner(runnerEngine(gated));
    void api.run(1, { kind: 'hint', input: { fen: START, depth: 12 }, movetimeCapMs: 2000 }, 'high').catch(() => {});
    await expect(api.run(2, { kind: 'move', fen: START, level: 'beginner' }, 'normal')).resolves.toMatchObject({ uci: 'e2e4' });
  });
});
