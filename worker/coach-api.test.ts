/**
 * The worker's coaching wiring against a scripted engine: searches are capped in time, the
 * opening table is consulted in the worker, and a review can be cancelled from the page.
 */
import { describe, expect, it } from 'vitest';
import { scriptedEngine, type AnalysisLike, type EnginePort } from '../domain/coach';
import { cappedEngine, COACH_TASK_CANCELLED, createCoachApi } from './coach-api';

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

const script = scriptedEngine({
  [START]: [{ cp: 30, pv: ['e2e4', 'e7e5'] }, { cp: 25, pv: ['d2d4'] }, { cp: 20, pv: ['g1f3'] }, { cp: 10, pv: ['c2c4'] }],
  [AFTER_E4]: [{ cp: -30, pv: ['e7e5'] }, { cp: -35, pv: ['c7c5'] }, { cp: -40, pv: ['e7e6'] }, { cp: -45, pv: ['c7c6'] }],
  [AFTER_E4_E5]: [{ cp: 30, pv: ['g1f3'] }, { cp: 25, pv: ['f1c4'] }, { cp: 20, pv: ['b1c3'] }],
});

describe('createCoachApi', () => {
  it.each([
    { asked: undefined, cap: 1500, sent: 1500 },
    { asked: 500, cap: 1500, sent: 500 },
    { asked: 9000, cap: 1000, sent: 1000 },
  ])('caps a search asked $asked ms at $cap ms -> $sent', async ({ asked, cap, sent }) => {
    const fake = recording(script);
    await cappedEngine(fake.port, cap).analyse(START, { depth: 15, ...(asked === undefined ? {} : { movetimeMs: asked }) });
    expect(fake.movetimes).toEqual([sent]);
  });

  it('analyses a position into the spec result, White-POV', async () => {
    const api = createCoachApi(script);
    const result = await api.analysePosition(1, { fen: AFTER_E4, depth: 15, movetimeCapMs: 1500, includeExplanation: false, difficulty: 'advanced', engine: 'test' });
    expect(result.stockfish).toMatchObject({ score: 30, mate: null, bestMove: 'e7e5', depth: 15 });
    expect(result).toMatchObject({ explanation: null, engine: 'test', difficulty: 'advanced', error: null });
  });

  it('marks a book move from the opening table looked up in the worker', async () => {
    const api = createCoachApi(script);
    const classification = await api.classifyMove(1, { fenBefore: START, move: 'e4', depth: 12 }, 1000);
    expect(classification.isBookMove).toBe(true);
    expect(classification.category).toBe('book');
  });

  it('gives a hint with the move and a nudge', async () => {
    const api = createCoachApi(script);
    const response = await api.getHint(1, { fen: START, depth: 12 }, 2000);
    expect(response.success).toBe(true);
    expect(response.hint?.suggestedMove).toMatchObject({ from: 'e2', to: 'e4' });
  });

  it('reviews a game with progress, and stops a cancelled review before its next search', async () => {
    const api = createCoachApi(script);
    const progress: number[] = [];
    const review = await api.reviewGame(1, { moves: ['e4', 'e5'], depth: 12 }, 300, (done) => progress.push(done));
    expect(review.moves.map((m) => m.san)).toEqual(['e4', 'e5']);
    expect(progress).toEqual([0, 1, 2, 3]);

    let release: () => void = () => {};
    const slow: EnginePort = {
      analyse: (fen, options) =>
        new Promise<AnalysisLike>((resolve) => {
          release = () => void script.analyse(fen, options).then(resolve);
        }),
    };
    const cancellable = createCoachApi(slow);
    const running = cancellable.reviewGame(2, { moves: ['e4', 'e5'], depth: 12 }, 300);
    await cancellable.cancelTask(2);
    release();
    await expect(running).rejects.toThrow(COACH_TASK_CANCELLED);
  });

  it('answers a review only after every progress report has reached the page', async () => {
    // Over Comlink each report is a message on the callback's own port, not ordered against the
    // review's answer: a report delivered late would put "5 of 5" back over the finished review.
    const api = createCoachApi(script);
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
    const running = api.reviewGame(1, { moves: ['e4', 'e5'], depth: 12 }, 300, report).then((review) => {
      answered = true;
      return review;
    });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(pending).toHaveLength(4); // the searches are done, the reports still on their way
    expect(answered).toBe(false);
    for (const deliver of pending.splice(0)) deliver();
    await running;
    expect(delivered).toEqual([0, 1, 2, 3]);

    const refused = api.reviewGame(2, { moves: ['e4'], depth: 12 }, 300, () => Promise.reject(new Error('page gone')));
    await expect(refused).resolves.toMatchObject({ moves: [{ san: 'e4' }] }); // a lost report does not fail the review
  });

  it("cancelling a task stops its running search and drops the search's shallow result", async () => {
    let stops = 0;
    let finish: () => void = () => {};
    const engine = {
      analyse: (fen: string, options: { depth: number; multiPv?: number }) =>
        new Promise<AnalysisLike>((resolve) => {
          finish = () => void script.analyse(fen, options).then(resolve);
        }),
      stopAnalysis: () => {
        stops++;
        finish(); // a stopped search answers with its best so far
      },
    };
    const api = createCoachApi(engine);
    const classification = api.classifyMove(5, { fenBefore: START, move: 'e4', depth: 15 }, 1500);
    await new Promise((resolve) => setTimeout(resolve, 0));
    await api.cancelTask(5);
    await expect(classification).rejects.toThrow(COACH_TASK_CANCELLED);
    expect(stops).toBe(1);
    await api.cancelTask(5); // already finished: nothing to stop
    expect(stops).toBe(1);
  });
});
