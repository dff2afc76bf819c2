/**
 * The UCI protocol as Stockfish speaks it, turned into typed values. Pure: no I/O, no timers,
 * so it is tested on recorded engine output (uci.test.ts) and shared by every transport.
 */
import type { EngineScore } from '../domain';
import type { Analysis, PvLine } from './engine-api';

/** One `info` line. Fields the engine did not send are absent. */
export interface UciInfo {
  depth?: number;
  seldepth?: number;
  /** 1 when the engine sent none (MultiPV 1 output always carries it, but be lenient). */
  multipv: number;
  score?: EngineScore;
  /** Set when the score is only a bound: the search of this line was cut mid-iteration. */
  bound?: 'lower' | 'upper';
  nodes?: number;
  nps?: number;
  timeMs?: number;
  hashfull?: number;
  currmove?: string;
  pv?: string[];
}

export type UciMessage =
  | { type: 'uciok' }
  | { type: 'readyok' }
  | { type: 'id'; key: string; value: string }
  | { type: 'option'; line: string }
  | { type: 'info'; info: UciInfo }
  | { type: 'info-string'; text: string }
  /** `move` is null for `bestmove (none)`: the side to move has no legal move. */
  | { type: 'bestmove'; move: string | null; ponder: string | null }
  | { type: 'other'; line: string };

const INTEGER_FIELDS = {
  depth: 'depth',
  seldepth: 'seldepth',
  multipv: 'multipv',
  nodes: 'nodes',
  nps: 'nps',
  time: 'timeMs',
  hashfull: 'hashfull',
} as const satisfies Record<string, keyof UciInfo>;

/** Fields Stockfish may send that we read past (each with one value). */
const SKIPPED_FIELDS = new Set(['currmovenumber', 'tbhits', 'cpuload', 'refutation', 'currline']);

export function parseUciLine(raw: string): UciMessage {
  const line = raw.trim();
  const tokens = line.split(/\s+/);
  switch (tokens[0]) {
    case 'uciok':
      return { type: 'uciok' };
    case 'readyok':
      return { type: 'readyok' };
    case 'id':
      return { type: 'id', key: tokens[1] ?? '', value: tokens.slice(2).join(' ') };
    case 'option':
      return { type: 'option', line };
    case 'bestmove': {
      const move = tokens[1] && tokens[1] !== '(none)' ? tokens[1] : null;
      const ponder = tokens[2] === 'ponder' && tokens[3] ? tokens[3] : null;
      return { type: 'bestmove', move, ponder };
    }
    case 'info':
      if (tokens[1] === 'string') return { type: 'info-string', text: tokens.slice(2).join(' ') };
      return { type: 'info', info: parseInfo(tokens) };
    default:
      return { type: 'other', line };
  }
}

function parseInfo(tokens: string[]): UciInfo {
  const info: UciInfo = { multipv: 1 };
  for (let i = 1; i < tokens.length; i++) {
    const key = tokens[i]!;
    if (key in INTEGER_FIELDS) {
      const value = Number.parseInt(tokens[++i] ?? '', 10);
      if (Number.isFinite(value)) info[INTEGER_FIELDS[key as keyof typeof INTEGER_FIELDS]] = value;
    } else if (key === 'score') {
      const kind = tokens[++i];
      const value = Number.parseInt(tokens[++i] ?? '', 10);
      if ((kind === 'cp' || kind === 'mate') && Number.isFinite(value)) info.score = { kind, value };
    } else if (key === 'lowerbound' || key === 'upperbound') {
      info.bound = key === 'lowerbound' ? 'lower' : 'upper';
    } else if (key === 'currmove') {
      const move = tokens[++i];
      if (move) info.currmove = move;
    } else if (key === 'pv') {
      // The principal variation is always last: it runs to the end of the line.
      info.pv = tokens.slice(i + 1);
      break;
    } else if (key === 'wdl') {
      i += 3;
    } else if (SKIPPED_FIELDS.has(key)) {
      i += 1;
    }
  }
  return info;
}

/**
 * Collects the `info` lines of one search into the Analysis of engine-api.ts. An exact score
 * always wins over a bound; a bound is kept only while its line has nothing better, because a
 * search stopped mid-iteration reports its first line as a bound with a truncated pv.
 */
export class SearchCollector {
  private readonly lines = new Map<number, { line: PvLine; bound: boolean }>();
  private nodes = 0;
  private nps = 0;
  private timeMs = 0;

  constructor(private readonly fen: string) {}

  /**
   * Takes one `info` line; true when it completed a depth of the best line (an exact score for
   * MultiPV 1 at a new depth), the moment to show the analysis so far.
   */
  push(info: UciInfo): boolean {
    if (info.nodes !== undefined) this.nodes = info.nodes;
    if (info.nps !== undefined) this.nps = info.nps;
    if (info.timeMs !== undefined) this.timeMs = info.timeMs;
    if (!info.score || info.depth === undefined) return false;
    const bound = info.bound !== undefined;
    const previous = this.lines.get(info.multipv);
    if (bound && previous && !previous.bound) return false;
    this.lines.set(info.multipv, {
      bound,
      line: {
        multipv: info.multipv,
        depth: info.depth,
        scoreCp: info.score.kind === 'cp' ? info.score.value : null,
        mate: info.score.kind === 'mate' ? info.score.value : null,
        pv: info.pv ?? [],
      },
    });
    return info.multipv === 1 && !bound && (previous === undefined || previous.line.depth < info.depth);
  }

  /** The analysis so far, while the search goes on: its best move is the best line's first. */
  snapshot(): Analysis {
    const best = this.lines.get(1)?.line.pv[0];
    return this.finish(best ?? null);
  }

  /**
   * The analysis once `bestmove` arrived; `bestMove` null means no legal move. Lines kept from
   * different iterations may start with the same move: only the better-ranked one stays.
   */
  finish(bestMove: string | null): Analysis {
    const seen = new Set<string>();
    const lines = [...this.lines.values()]
      .map((l) => l.line)
      .sort((a, b) => a.multipv - b.multipv)
      .filter((line) => {
        const first = line.pv[0];
        if (first === undefined) return true;
        if (seen.has(first)) return false;
        seen.add(first);
        return true;
      });
    return {
      fen: this.fen,
      depth: lines[0]?.depth ?? 0,
      lines,
      bestMove: bestMove ?? '',
      nodes: this.nodes,
      nps: this.nps,
      timeMs: this.timeMs,
    };
  }
}

/** A line's score as the domain's win-chance maths takes it. */
export function lineScore(line: PvLine): EngineScore {
  return line.mate !== null ? { kind: 'mate', value: line.mate } : { kind: 'cp', value: line.scoreCp ?? 0 };
}
