/**
 * The parser on real output of Stockfish 19 lite single (node_modules/stockfish/bin/
 * stockfish-19-lite-single.js run with node, UCI on stdin). Each fixture is the engine's lines,
 * verbatim, after the commands in its comment; long ones are cut where marked.
 */
import { describe, expect, it } from 'vitest';
import { parseUciLine, SearchCollector, type UciMessage } from './uci';

const lines = (text: string) => text.trim().split('\n');

/** `uci`, `setoption name Hash value 16`, `isready` */
const BOOT = `Stockfish 19 Lite WASM by the Stockfish developers (see AUTHORS file)
id name Stockfish 19 Lite WASM
id author the Stockfish developers (see AUTHORS file)

option name Threads type spin default 1 min 1 max 1
option name Hash type spin default 16 min 1 max 33554432
option name Clear Hash type button
option name Ponder type check default false
option name MultiPV type spin default 1 min 1 max 256
option name Skill Level type spin default 20 min 0 max 20
option name Move Overhead type spin default 10 min 0 max 5000
option name nodestime type spin default 0 min 0 max 10000
option name UCI_Chess960 type check default false
option name UCI_LimitStrength type check default false
option name UCI_Elo type spin default 1320 min 1320 max 3190
option name UCI_ShowWDL type check default false
option name EvalFile type string default nn-61e7af4bb97d.nnue
uciok
readyok`;

/** `position fen <start position>`, `go depth 6` */
const START_DEPTH_6 = `info string NNUE evaluation using nn-61e7af4bb97d.nnue (1MiB, (768, 1024, 32, 32, 1))
info string Network replica 1: Local memory. Shared memory not supported by the OS. Local allocation fallback.
info depth 1 seldepth 2 multipv 1 score cp 29 nodes 20 nps 2222 hashfull 0 time 9 pv e2e4
info depth 2 seldepth 3 multipv 1 score cp 40 nodes 47 nps 3357 hashfull 0 time 14 pv e2e4
info depth 3 seldepth 4 multipv 1 score cp 15 nodes 1180 nps 69411 hashfull 0 time 17 pv e2e4 e7e5 g1f3
info depth 4 seldepth 10 multipv 1 score cp 18 nodes 1844 nps 61466 hashfull 0 time 30 pv e2e3 e7e5 d2d4 b8c6 d4e5 c6e5
info depth 5 seldepth 7 multipv 1 score cp 17 nodes 1948 nps 64933 hashfull 0 time 30 pv e2e3 e7e5 d2d4 b8c6 d4e5 c6e5
info depth 6 seldepth 11 multipv 1 score cp 17 nodes 2545 nps 79531 hashfull 0 time 32 pv e2e4 e7e5 g1f3 b8c6 d2d4 e5d4
bestmove e2e4 ponder e7e5`;

/** `position fen 6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1`, `go depth 5`: mate in one. */
const MATE_IN_ONE = `info depth 1 seldepth 2 multipv 1 score mate 1 nodes 20 nps 3333 hashfull 0 time 6 pv d1d8
info depth 2 seldepth 2 multipv 1 score mate 1 nodes 40 nps 5714 hashfull 0 time 7 pv d1d8
info depth 3 seldepth 2 multipv 1 score mate 1 nodes 60 nps 8571 hashfull 0 time 7 pv d1d8
info depth 4 seldepth 2 multipv 1 score mate 1 nodes 80 nps 5000 hashfull 0 time 16 pv d1d8
info depth 5 seldepth 2 multipv 1 score mate 1 nodes 100 nps 6250 hashfull 0 time 16 pv d1d8
bestmove d1d8`;

/** `position fen k7/8/1K6/8/8/8/8/7R b - - 0 1`, `go depth 4`: mated in one. */
const MATED_IN_ONE = `info depth 1 seldepth 2 multipv 1 score cp -510 nodes 1 nps 1000 hashfull 0 time 1 pv a8b8
info depth 2 seldepth 3 multipv 1 score mate -1 nodes 5 nps 5000 hashfull 0 time 1 pv a8b8 h1h8
info depth 3 seldepth 3 multipv 1 score mate -1 nodes 7 nps 7000 hashfull 0 time 1 pv a8b8 h1h8
info depth 4 seldepth 3 multipv 1 score mate -1 nodes 9 nps 9000 hashfull 0 time 1 pv a8b8 h1h8
bestmove a8b8 ponder h1h8`;

/** `position fen 3R2k1/5ppp/8/8/8/8/5PPP/6K1 b - - 1 1`, `go depth 5`: checkmated. */
const CHECKMATED = `info depth 0 score mate 0
bestmove (none)`;

/** `position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1`, `go depth 5`: stalemate. */
const STALEMATE = `info depth 0 score cp 0
bestmove (none)`;

/**
 * `setoption name MultiPV value 3`, `position fen r1bq1rk1/pp2ppbp/2np1np1/8/3NP3/2N1BP2/PPPQ2PP/R3KB1R w KQ - 3 9`,
 * `go depth 30`, `stop` after 700 ms; from depth 13 on. The first line after `stop` is a bound.
 */
const MULTIPV_STOPPED = `info depth 13 seldepth 21 multipv 1 score cp 99 nodes 249520 nps 366402 hashfull 78 time 681 pv e1c1 h7h5 h2h3 d6d5 e4d5 f6d5 d4c6 b7c6 c3d5 c6d5 d2d5 a8b8 b2b3 d8c7
info depth 13 seldepth 23 multipv 2 score cp 95 nodes 249520 nps 366402 hashfull 78 time 681 pv g2g4 c8e6 d4e6 f7e6 e1c1 c6e5 f1e2 d8a5 c1b1 f8c8 h2h4 e5c4 e2c4 c8c4
info depth 13 seldepth 19 multipv 3 score cp 61 nodes 249520 nps 366402 hashfull 78 time 681 pv f1c4 c8d7 h2h4 a8b8 c4b3 c6a5
info depth 14 seldepth 18 multipv 1 score cp 99 upperbound nodes 271685 nps 376295 hashfull 85 time 722 pv e1c1 c8d7
info depth 13 seldepth 23 multipv 2 score cp 95 nodes 271685 nps 376295 hashfull 85 time 722 pv g2g4 c8e6 d4e6 f7e6 e1c1 c6e5 f1e2 d8a5 c1b1 f8c8 h2h4 e5c4 e2c4 c8c4
info depth 13 seldepth 19 multipv 3 score cp 61 nodes 271685 nps 376295 hashfull 85 time 722 pv f1c4 c8d7 h2h4 a8b8 c4b3 c6a5
bestmove e1c1 ponder c8d7`;

/** Same position, MultiPV 1, `go nodes 14000000`: the end, with currmove and lowerbound lines. */
const LONG_SEARCH_END = `info depth 26 currmove f1e2 currmovenumber 45
info depth 29 seldepth 55 multipv 1 score cp 49 nodes 13460290 nps 510846 hashfull 1000 time 26349 pv e1c1 d6d5 d4c6 b7c6 f1c4 a8b8 h1e1 d8c7 e4d5 f6d5 c4d5 c6d5 e3d4 g7d4 d2d4 e7e6 h2h4 c7b6 b2b3 h7h5 c3a4 b6d4 d1d4 b8b7
info depth 30 currmove e1c1 currmovenumber 1
info depth 30 seldepth 35 multipv 1 score cp 50 lowerbound nodes 13797740 nps 509743 hashfull 1000 time 27068 pv e1c1
info depth 29 currmove e1c1 currmovenumber 1
info depth 30 seldepth 35 multipv 1 score cp 50 lowerbound nodes 14000442 nps 509144 hashfull 1000 time 27498 pv e1c1 d6d5
bestmove e1c1 ponder d6d5`;

describe('parseUciLine', () => {
  const rows: [string, UciMessage][] = [
    ['uciok', { type: 'uciok' }],
    ['readyok', { type: 'readyok' }],
    ['id name Stockfish 19 Lite WASM', { type: 'id', key: 'name', value: 'Stockfish 19 Lite WASM' }],
    ['bestmove e2e4 ponder e7e5', { type: 'bestmove', move: 'e2e4', ponder: 'e7e5' }],
    ['bestmove d1d8', { type: 'bestmove', move: 'd1d8', ponder: null }],
    ['bestmove (none)', { type: 'bestmove', move: null, ponder: null }],
    ['info depth 0 score mate 0', { type: 'info', info: { depth: 0, multipv: 1, score: { kind: 'mate', value: 0 } } }],
    ['info depth 26 currmove f1e2 currmovenumber 45', { type: 'info', info: { depth: 26, multipv: 1, currmove: 'f1e2' } }],
    [
      'info depth 4 seldepth 3 multipv 1 score mate -1 nodes 9 nps 9000 hashfull 0 time 1 pv a8b8 h1h8',
      {
        type: 'info',
        info: {
          depth: 4,
          seldepth: 3,
          multipv: 1,
          score: { kind: 'mate', value: -1 },
          nodes: 9,
          nps: 9000,
          hashfull: 0,
          timeMs: 1,
          pv: ['a8b8', 'h1h8'],
        },
      },
    ],
    [
      'info depth 14 seldepth 18 multipv 1 score cp 99 upperbound nodes 271685 nps 376295 hashfull 85 time 722 pv e1c1 c8d7',
      {
        type: 'info',
        info: {
          depth: 14,
          seldepth: 18,
          multipv: 1,
          score: { kind: 'cp', value: 99 },
          bound: 'upper',
          nodes: 271685,
          nps: 376295,
          hashfull: 85,
          timeMs: 722,
          pv: ['e1c1', 'c8d7'],
        },
      },
    ],
    [
      'info string NNUE evaluation using nn-61e7af4bb97d.nnue (1MiB, (768, 1024, 32, 32, 1))',
      { type: 'info-string', text: 'NNUE evaluation using nn-61e7af4bb97d.nnue (1MiB, (768, 1024, 32, 32, 1))' },
    ],
    ['', { type: 'other', line: '' }],
  ];
  it.each(rows)('%s', (line, expected) => {
    expect(parseUciLine(line)).toEqual(expected);
  });

  it('reads a lowerbound as a bound of its score', () => {
    const message = parseUciLine(lines(LONG_SEARCH_END)[3]!);
    expect(message).toMatchObject({ type: 'info', info: { score: { kind: 'cp', value: 50 }, bound: 'lower' } });
  });

  it('sorts the recorded boot into its answers', () => {
    const types = lines(BOOT).map((line) => parseUciLine(line).type);
    expect(types).toEqual(['other', 'id', 'id', 'other', ...Array<string>(13).fill('option'), 'uciok', 'readyok']);
  });
});

/** Feeds a recorded search to a collector, as the engine controller does. */
function collect(fen: string, transcript: string) {
  const collector = new SearchCollector(fen);
  for (const line of lines(transcript)) {
    const message = parseUciLine(line);
    if (message.type === 'info') collector.push(message.info);
    if (message.type === 'bestmove') return collector.finish(message.move);
  }
  throw new Error('no bestmove in the transcript');
}

describe('SearchCollector', () => {
  it('keeps the last line of a search and its totals', () => {
    const analysis = collect('start', START_DEPTH_6);
    expect(analysis).toEqual({
      fen: 'start',
      depth: 6,
      lines: [{ multipv: 1, depth: 6, scoreCp: 17, mate: null, pv: ['e2e4', 'e7e5', 'g1f3', 'b8c6', 'd2d4', 'e5d4'] }],
      bestMove: 'e2e4',
      nodes: 2545,
      nps: 79531,
      timeMs: 32,
    });
  });

  const rows: [string, string, { depth: number; scoreCp: number | null; mate: number | null; bestMove: string }][] = [
    ['mate in one', MATE_IN_ONE, { depth: 5, scoreCp: null, mate: 1, bestMove: 'd1d8' }],
    ['mated in one', MATED_IN_ONE, { depth: 4, scoreCp: null, mate: -1, bestMove: 'a8b8' }],
    ['checkmated: no move', CHECKMATED, { depth: 0, scoreCp: null, mate: 0, bestMove: '' }],
    ['stalemate: no move', STALEMATE, { depth: 0, scoreCp: 0, mate: null, bestMove: '' }],
    ['a bound never replaces an exact score', LONG_SEARCH_END, { depth: 29, scoreCp: 49, mate: null, bestMove: 'e1c1' }],
  ];
  it.each(rows)('%s', (_name, transcript, expected) => {
    const analysis = collect('fen', transcript);
    expect(analysis.bestMove).toBe(expected.bestMove);
    expect(analysis.lines[0]).toMatchObject({ depth: expected.depth, scoreCp: expected.scoreCp, mate: expected.mate });
  });

  it('keeps every MultiPV line of a stopped search, best first', () => {
    const analysis = collect('fen', MULTIPV_STOPPED);
    expect(analysis.lines.map((l) => [l.multipv, l.depth, l.scoreCp, l.pv[0]])).toEqual([
      [1, 13, 99, 'e1c1'],
      [2, 13, 95, 'g2g4'],
      [3, 13, 61, 'f1c4'],
    ]);
    expect(analysis.nodes).toBe(271685);
  });

  it('takes a bound when its line has nothing better', () => {
    const collector = new SearchCollector('fen');
    const message = parseUciLine(lines(MULTIPV_STOPPED)[3]!);
    if (message.type !== 'info') throw new Error('fixture is an info line');
    collector.push(message.info);
    expect(collector.finish('e1c1').lines).toEqual([{ multipv: 1, depth: 14, scoreCp: 99, mate: null, pv: ['e1c1', 'c8d7'] }]);
  });

  it('drops a line whose first move a better-ranked line already has', () => {
    const collector = new SearchCollector('fen');
    for (const line of [
      'info depth 9 seldepth 14 multipv 1 score cp 92 nodes 28617 nps 121774 hashfull 7 time 235 pv g2g4 h7h5',
      'info depth 9 seldepth 14 multipv 2 score cp 91 nodes 28617 nps 121258 hashfull 7 time 236 pv e1c1 d6d5',
      'info depth 10 seldepth 19 multipv 1 score cp 106 nodes 63050 nps 218166 hashfull 15 time 289 pv e1c1 a7a6 g2g4',
    ]) {
      const message = parseUciLine(line);
      if (message.type === 'info') collector.push(message.info);
    }
    expect(collector.finish('e1c1').lines.map((l) => l.pv[0])).toEqual(['e1c1']);
  });
});
