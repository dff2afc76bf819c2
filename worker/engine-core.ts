/**
 * The engine controller, whatever carries its UCI lines (a browser Worker, a Node child
 * process): boots Stockfish, runs one search at a time under a watchdog, and turns a difficulty
 * into a move. Every failure of the engine itself ends in the `failed` state with its message;
 * `init()` then starts a fresh engine.
 */
import { chooseCandidate, parseFen, parseUci, STRENGTH_LEVELS, type Candidate, type Move, type RandomSource } from '../domain';
import type { Difficulty } from '../schema';
import type { AnalyseOptions, Analysis, EngineApi, EngineMove } from './engine-api';
import type { EngineStatus } from './protocol';
import { lineScore, parseUciLine, SearchCollector } from './uci';

/** What carries UCI to and from one Stockfish instance. */
export interface EngineTransport {
  post(command: string): void;
  onLine(listener: (line: string) => void): void;
  /** The engine could not load or died; the message says why. */
  onError(listener: (message: string) => void): void;
  terminate(): void;
}

export interface EngineCoreOptions {
  /** Called at every boot: a failed engine is thrown away and a new one started by init(). */
  createTransport: () => EngineTransport;
  /** Chooses among candidate moves below full strength; inject a seeded one for reproducible play. */
  random?: RandomSource;
  hashMb?: number;
  /** From the first command to `readyok`, the WASM download included. */
  bootTimeoutMs?: number;
  /** How long the engine may take to answer `isready`, or `stop` with a `bestmove`. */
  answerTimeoutMs?: number;
  /** Searches without a movetime are stopped after this long. */
  maxSearchMs?: number;
}

interface SearchRequest {
  /** The position as the engine receives it: normalised by chess.js. */
  fen: string;
  depth: number;
  multiPv: number;
  movetimeMs?: number;
  /** The transposition table is cleared whenever this changes (see runSearch). */
  context: string;
  onDepth?: (analysis: Analysis) => void;
}

interface RunningSearch {
  collector: SearchCollector;
  onDepth: ((analysis: Analysis) => void) | undefined;
  resolve(analysis: Analysis): void;
  reject(error: Error): void;
  stopping: boolean;
  timers: ReturnType<typeof setTimeout>[];
}

/**
 * The computer's move ('play') goes before analysis: it is queued ahead of every analysis job and
 * stops a running analysis search, which is then run again after it (its caller only waits).
 */
type JobPriority = 'play' | 'analyse';

interface Job {
  priority: JobPriority;
  /** Set when a play job stopped this job's search: its result is thrown away and it runs again. */
  preempted: boolean;
  /** Settles the job's own promise, or queues the job again when preempted; never rejects. */
  run(): Promise<void>;
  reject(error: Error): void;
}

interface Waiter {
  answer: 'uciok' | 'readyok';
  resolve(): void;
  reject(error: Error): void;
}

/** Beyond the engine's own movetime, before our watchdog sends `stop` itself. */
const STOP_MARGIN_MS = 500;
const MAX_DEPTH = 99;
const MAX_MULTI_PV = 256;
export const ENGINE_STOPPED = 'Engine stopped';

export class EngineCore implements EngineApi {
  private readonly createTransport: () => EngineTransport;
  private readonly random: RandomSource;
  private readonly hashMb: number;
  private readonly bootTimeoutMs: number;
  private readonly answerTimeoutMs: number;
  private readonly maxSearchMs: number;

  private current: EngineStatus = { state: 'loading', error: null };
  private readonly listeners = new Set<(status: EngineStatus) => void>();
  /** Bumped at every boot and failure, so lines from a discarded engine are ignored. */
  private generation = 0;
  private transport: EngineTransport | null = null;
  private booting: Promise<void> | null = null;
  private waiters: Waiter[] = [];
  private search: RunningSearch | null = null;
  private queue: Job[] = [];
  private running: Job | null = null;
  private busy = false;
  private stopRequested = false;
  private multiPv = 1;
  private context: string | null = null;

  constructor(options: EngineCoreOptions) {
    this.createTransport = options.createTransport;
    this.random = options.random ?? Math.random;
    this.hashMb = options.hashMb ?? 16;
    this.bootTimeoutMs = options.bootTimeoutMs ?? 30_000;
    this.answerTimeoutMs = options.answerTimeoutMs ?? 3_000;
    this.maxSearchMs = options.maxSearchMs ?? 30_000;
  }

  get status(): EngineStatus {
    return this.current;
  }

  subscribe(listener: (status: EngineStatus) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  init(): Promise<void> {
    this.booting ??= this.boot();
    return this.booting;
  }

  analyse(fen: string, options: AnalyseOptions): Promise<Analysis> {
    const parsed = parseFen(fen);
    if (!parsed.ok) return Promise.reject(new Error(parsed.error.message));
    const request: SearchRequest = {
      fen: parsed.value.fen(),
      depth: clampInteger(options.depth, 1, MAX_DEPTH),
      multiPv: clampInteger(options.multiPv ?? 1, 1, MAX_MULTI_PV),
      context: 'analyse',
    };
    if (options.movetimeMs !== undefined) request.movetimeMs = clampInteger(options.movetimeMs, 1, this.maxSearchMs);
    const onDepth = options.onDepth;
    if (onDepth) request.onDepth = (analysis) => onDepth({ ...analysis, fen });
    return this.enqueue('analyse', async () => ({ ...(await this.runSearch(request)), fen }));
  }

  bestMove(fen: string, level: Difficulty): Promise<EngineMove> {
    const parsed = parseFen(fen);
    if (!parsed.ok) return Promise.reject(new Error(parsed.error.message));
    const game = parsed.value;
    const legal = game.moves({ verbose: true });
    if (legal.length === 0) {
      const why = game.isCheckmate() ? 'checkmate' : 'stalemate';
      return Promise.reject(new Error(`No legal move: the game is over (${why})`));
    }
    // The level crosses Comlink, so it is checked here rather than trusted to the type.
    if (!Object.hasOwn(STRENGTH_LEVELS, level)) return Promise.reject(new Error(`Unknown level: ${String(level)}`));
    const strength = STRENGTH_LEVELS[level];
    return this.enqueue('play', async () => {
      const analysis = await this.runSearch({
        fen: game.fen(),
        depth: strength.depth,
        multiPv: strength.multiPv,
        movetimeMs: strength.movetimeMs,
        context: `play:${level}`,
      });
      const candidates: Candidate[] = analysis.lines.flatMap((line) =>
        line.pv[0] ? [{ move: line.pv[0], score: lineScore(line) }] : [],
      );
      const chosen = chooseCandidate(candidates, strength, this.random)?.move;
      const move = (chosen && legalMove(legal, chosen)) ?? legalMove(legal, analysis.bestMove);
      if (!move) throw new Error(`The engine proposed no legal move (${analysis.bestMove || 'none'}) in ${fen}`);
      return move;
    });
  }

  async stop(): Promise<void> {
    const stopped = new Error(ENGINE_STOPPED);
    for (const job of this.queue.splice(0)) job.reject(stopped);
    if (this.running) this.running.preempted = false; // stopped, not postponed: it answers with its best so far
    if (this.search) this.stopSearch(this.search);
    else if (this.busy) this.stopRequested = true;
  }

  /**
   * Stops the running search if it is an analysis (never the computer's move); it answers with
   * its best so far. Queued work is untouched. For coaching whose position is gone.
   */
  stopAnalysis(): void {
    const running = this.running;
    if (!running || running.priority !== 'analyse') return;
    running.preempted = false;
    if (this.search) this.stopSearch(this.search);
    else this.stopRequested = true;
  }

  /** Ends the engine for good (Node: kills the process). Pending work is rejected. */
  terminate(): void {
    this.fail('Engine terminated');
  }

  private async boot(): Promise<void> {
    const generation = ++this.generation;
    this.setStatus({ state: 'loading', error: null });
    try {
      const transport = this.createTransport();
      this.transport = transport;
      transport.onLine((line) => {
        if (generation === this.generation) this.handleLine(line);
      });
      transport.onError((message) => {
        if (generation === this.generation) this.fail(message);
      });
      this.post('uci');
      await this.answer('uciok', this.bootTimeoutMs);
      this.post(`setoption name Hash value ${this.hashMb}`);
      this.post('setoption name MultiPV value 1');
      this.multiPv = 1;
      this.context = null;
      this.post('isready');
      await this.answer('readyok', this.bootTimeoutMs);
      this.setStatus({ state: 'idle', error: null });
    } catch (e) {
      const error = e instanceof Error ? e : new Error(String(e));
      this.fail(error.message);
      throw error;
    }
  }

  private enqueue<T>(priority: JobPriority, work: () => Promise<T>): Promise<T> {
    if (this.current.state === 'failed') {
      return Promise.reject(new Error(`Engine failed: ${this.current.error ?? 'unknown error'}`));
    }
    return new Promise<T>((resolve, reject) => {
      const job: Job = {
        priority,
        preempted: false,
        run: () =>
          this.init()
            .then(work)
            .then(
              (value) => {
                if (job.preempted) {
                  job.preempted = false;
                  this.schedule(job);
                  this.settle();
                  return;
                }
                this.settle();
                resolve(value);
              },
              (e: unknown) => {
                this.settle();
                reject(e instanceof Error ? e : new Error(String(e)));
              },
            ),
        reject,
      };
      this.schedule(job);
      if (priority === 'play') this.preemptAnalysis();
      this.pump();
    });
  }

  /**
   * Queues a job: play jobs after the other play jobs but before any analysis; a preempted
   * analysis (still the running job here) keeps its place at the head of the analyses.
   */
  private schedule(job: Job): void {
    const firstAnalysis = this.queue.findIndex((queued) => queued.priority === 'analyse');
    const ahead = job.priority === 'play' || job === this.running;
    if (ahead && firstAnalysis >= 0) this.queue.splice(firstAnalysis, 0, job);
    else this.queue.push(job);
  }

  /** A play job arrived: the running analysis search stops now and runs again after it. */
  private preemptAnalysis(): void {
    const running = this.running;
    if (!running || running.priority !== 'analyse') return;
    running.preempted = true;
    if (this.search) this.stopSearch(this.search);
    else this.stopRequested = true;
  }

  private pump(): void {
    if (this.busy) return;
    const job = this.queue.shift();
    if (!job) return;
    this.busy = true;
    this.running = job;
    void job.run();
  }

  /** The running job is done: the next one starts, or the engine is idle before its caller hears. */
  private settle(): void {
    this.busy = false;
    this.running = null;
    this.stopRequested = false;
    if (this.queue.length === 0 && this.current.state === 'computing') this.setStatus({ state: 'idle', error: null });
    this.pump();
  }

  /**
   * One search. The transposition table is cleared (`ucinewgame`) whenever the purpose of the
   * search changes, so a shallow beginner search never reads the deep entries an analysis left
   * behind (which would make it play far above its level), and analysis starts clean.
   */
  private async runSearch(request: SearchRequest): Promise<Analysis> {
    let changed = false;
    if (request.context !== this.context) {
      this.post('ucinewgame');
      this.context = request.context;
      changed = true;
    }
    if (request.multiPv !== this.multiPv) {
      this.post(`setoption name MultiPV value ${request.multiPv}`);
      this.multiPv = request.multiPv;
      changed = true;
    }
    if (changed) {
      this.post('isready');
      await this.answer('readyok', this.answerTimeoutMs);
    }
    this.setStatus({ state: 'computing', error: null });
    const movetime = request.movetimeMs === undefined ? '' : ` movetime ${request.movetimeMs}`;
    this.post(`position fen ${request.fen}`);
    this.post(`go depth ${request.depth}${movetime}`);
    return new Promise<Analysis>((resolve, reject) => {
      const collector = new SearchCollector(request.fen);
      const search: RunningSearch = { collector, onDepth: request.onDepth, resolve, reject, stopping: false, timers: [] };
      this.search = search;
      const limit = request.movetimeMs === undefined ? this.maxSearchMs : request.movetimeMs + STOP_MARGIN_MS;
      search.timers.push(setTimeout(() => this.stopSearch(search), limit));
      if (this.stopRequested) this.stopSearch(search);
    });
  }

  private stopSearch(search: RunningSearch): void {
    if (search !== this.search || search.stopping) return;
    search.stopping = true;
    this.post('stop');
    search.timers.push(
      setTimeout(() => this.fail(`Stockfish did not answer 'stop' within ${this.answerTimeoutMs} ms`), this.answerTimeoutMs),
    );
  }

  private handleLine(line: string): void {
    const message = parseUciLine(line);
    switch (message.type) {
      case 'uciok':
      case 'readyok': {
        const index = this.waiters.findIndex((w) => w.answer === message.type);
        if (index >= 0) this.waiters.splice(index, 1)[0]!.resolve();
        break;
      }
      case 'info': {
        const search = this.search;
        if (search?.collector.push(message.info) && search.onDepth && !search.stopping) {
          try {
            search.onDepth(search.collector.snapshot());
          } catch {
            // A listener's failure is its own; the search goes on.
          }
        }
        break;
      }
      case 'bestmove': {
        const search = this.search;
        if (!search) break;
        this.search = null;
        search.timers.forEach(clearTimeout);
        search.resolve(search.collector.finish(message.move));
        break;
      }
      default:
        break;
    }
  }

  private answer(answer: Waiter['answer'], timeoutMs: number): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => this.fail(`Stockfish did not answer '${answer}' within ${timeoutMs} ms`), timeoutMs);
      this.waiters.push({
        answer,
        resolve: () => {
          clearTimeout(timer);
          resolve();
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      });
    });
  }

  private post(command: string): void {
    if (!this.transport) throw new Error(this.current.error ?? 'Engine not started');
    this.transport.post(command);
  }

  /** Throws the engine away: everything waiting on it is rejected with the message. */
  private fail(message: string): void {
    if (this.current.state === 'failed') return;
    this.generation++;
    const transport = this.transport;
    this.transport = null;
    this.booting = null;
    try {
      transport?.terminate();
    } catch {
      // Already dead: nothing left to end.
    }
    const error = new Error(message);
    const search = this.search;
    this.search = null;
    search?.timers.forEach(clearTimeout);
    this.setStatus({ state: 'failed', error: message });
    search?.reject(error);
    for (const waiter of this.waiters.splice(0)) waiter.reject(error);
    for (const job of this.queue.splice(0)) job.reject(error);
  }

  private setStatus(status: EngineStatus): void {
    if (status.state === this.current.state && status.error === this.current.error) return;
    this.current = status;
    for (const listener of this.listeners) listener(status);
  }
}

/** The move if it is among the legal ones, else null: an engine answer is never trusted blindly. */
function legalMove(legal: readonly Move[], uci: string): EngineMove | null {
  const input = parseUci(uci);
  if (!input) return null;
  const found = legal.some((m) => m.from === input.from && m.to === input.to && m.promotion === input.promotion);
  return found ? { ...input, uci } : null;
}

function clampInteger(value: number, min: number, max: number): number {
  if (!Number.isFinite(value)) return min;
  return Math.min(max, Math.max(min, Math.round(value)));
}
