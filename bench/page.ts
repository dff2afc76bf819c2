/**
 * The bench page: the same search through our engine (getEngine(): Comlink, module worker,
 * EngineCore, nested Stockfish worker) and through a bare Stockfish worker spoken to in UCI.
 * bench/engine.ts calls window.bench from Playwright.
 */
import type { Difficulty } from '../schema';
import { getEngine } from '../worker/client';
import { STOCKFISH_URL } from '../worker/stockfish-files';
import { parseUciLine, type UciInfo } from '../worker/uci';

export interface SearchFigures {
  depth: number;
  nodes: number;
  nps: number;
  /** As the engine reports it. */
  engineMs: number;
  /** From the call to its answer, as the page sees it. */
  wallMs: number;
  bestMove: string;
}

export interface BenchPage {
  bootApi(): Promise<number>;
  bootRaw(): Promise<number>;
  searchApi(fen: string, depth: number): Promise<SearchFigures>;
  searchRaw(fen: string, depth: number): Promise<SearchFigures>;
  moveApi(fen: string, level: Difficulty): Promise<{ uci: string; wallMs: number }>;
}

declare global {
  interface Window {
    bench: BenchPage;
  }
}

/** Stockfish with nothing of ours between it and the page but postMessage. */
class RawEngine {
  private readonly worker = new Worker(STOCKFISH_URL);
  private listener: (line: string) => void = () => {};

  constructor() {
    this.worker.addEventListener('message', (event: MessageEvent<unknown>) => {
      if (typeof event.data === 'string') this.listener(event.data);
    });
  }

  /** Posts the commands and resolves with the line `done` accepts, collecting info lines. */
  run(commands: string[], done: (line: string) => boolean, onInfo: (info: UciInfo) => void = () => {}): Promise<string> {
    return new Promise((resolve) => {
      this.listener = (line) => {
        const message = parseUciLine(line);
        if (message.type === 'info') onInfo(message.info);
        if (done(line)) resolve(line);
      };
      for (const command of commands) this.worker.postMessage(command);
    });
  }
}

let raw: RawEngine | null = null;

window.bench = {
  async bootApi() {
    const started = performance.now();
    await getEngine().init();
    return performance.now() - started;
  },

  async bootRaw() {
    const started = performance.now();
    raw = new RawEngine();
    await raw.run(['uci'], (line) => line === 'uciok');
    // The same settings and first clear as EngineCore, so both search the same tree.
    await raw.run(
      ['setoption name Hash value 16', 'setoption name MultiPV value 1', 'isready'],
      (line) => line === 'readyok',
    );
    await raw.run(['ucinewgame', 'isready'], (line) => line === 'readyok');
    return performance.now() - started;
  },

  async searchApi(fen, depth) {
    const started = performance.now();
    const analysis = await getEngine().run({ kind: 'search', fen, depth });
    return {
      depth: analysis.depth,
      nodes: analysis.nodes,
      nps: analysis.nps,
      engineMs: analysis.timeMs,
      wallMs: performance.now() - started,
      bestMove: analysis.bestMove,
    };
  },

  async searchRaw(fen, depth) {
    if (!raw) throw new Error('bootRaw first');
    const started = performance.now();
    let last: UciInfo = { multipv: 1 };
    let reached = 0;
    const line = await raw.run(
      [`position fen ${fen}`, `go depth ${depth}`],
      (l) => l.startsWith('bestmove'),
      (info) => {
        if (info.nodes !== undefined) last = info;
        if (info.depth !== undefined && info.score) reached = info.depth;
      },
    );
    const message = parseUciLine(line);
    return {
      depth: reached,
      nodes: last.nodes ?? 0,
      nps: last.nps ?? 0,
      engineMs: last.timeMs ?? 0,
      wallMs: performance.now() - started,
      bestMove: message.type === 'bestmove' ? (message.move ?? '') : '',
    };
  },

  async moveApi(fen, level) {
    const started = performance.now();
    const move = await getEngine().run({ kind: 'move', fen, level });
    return { uci: move.uci, wallMs: performance.now() - started };
  },
};
