/**
 * `npm run bench`: numbers, not pass/fail.
 *  a) nodes per second through our engine (Comlink worker in headless Chromium) against a bare
 *     Stockfish worker, same page, same positions, same depth;
 *  b) time to a move at each level through our engine in Chromium;
 *  c) level-vs-level games in Node, two reference opponents (a random mover, Stockfish's own
 *     Skill Level 0), and self-play games whose moves an engine judges, per level.
 */
import { availableParallelism, loadavg } from 'node:os';
import { DIFFICULTIES, type Difficulty } from '../schema';
import { buildBenchPage, runBrowserBench, type BrowserPlan } from './browser';
import { judgeGames } from './judge';
import { levelPlayer, playMatch, randomPlayer, skillLevelPlayer, type MatchResult, type Player } from './match';

/** From Stockfish's own bench list (src/benchmark.cpp). */
const NPS_POSITIONS = [
  { name: 'start position', fen: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1' },
  { name: 'kiwipete', fen: 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 10' },
  { name: 'middlegame', fen: '4rrk1/pp1n3p/3q2pQ/2p1pb2/2PP4/2P3N1/P2B2PP/4RRK1 b - - 7 19' },
  { name: 'rook endgame', fen: '8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 11' },
];
const NPS_DEPTH = 18;
const NPS_ROUNDS = 2;

const MOVE_POSITIONS = [
  'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
  'rnbqkbnr/pppp1ppp/8/8/4p3/2N2N2/PPPPPPPP/R1BQKB1R w KQkq - 0 3',
  'r1bq1rk1/pppp1ppp/2n2n2/2b1p3/2B1P3/2NP1N2/PPP2PPP/R1BQ1RK1 w - - 4 6',
  'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 10',
  '4rrk1/pp1n3p/3q2pQ/2p1pb2/2PP4/2P3N1/P2B2PP/4RRK1 b - - 7 19',
  'r1bbk1nr/pp3p1p/2n5/1N4p1/2Np1B2/8/PPP2PPP/2KR1B1R w kq - 0 13',
  '6k1/6p1/6Pp/ppp5/3pn2P/1P3K2/1PP2P2/8 b - - 0 1',
  '8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 11',
];

const GAMES = 10;
/** Self-play games are long (even sides): fewer of them still give hundreds of judged moves. */
const SELF_PLAY_GAMES = 6;
const MAX_PLIES = 150;
const PARALLEL = 2;
const JUDGE_DEPTH = 10;

const log = (line: string) => console.log(line);
const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

function table(header: string[], rows: (string | number)[][]): string {
  const cells = [header, ...rows.map((r) => r.map(String))];
  const widths = header.map((_, i) => Math.max(...cells.map((r) => r[i]!.length)));
  return cells.map((r) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ')).join('\n');
}

const round = (x: number, digits = 0) => x.toFixed(digits);
const thousands = (x: number) => Math.round(x).toLocaleString('en-US');

async function browserPart(): Promise<void> {
  let started = Date.now();
  await buildBenchPage();
  log(`bench page built in ${seconds(started)}`);
  started = Date.now();
  const plan: BrowserPlan = {
    npsPositions: NPS_POSITIONS,
    npsDepth: NPS_DEPTH,
    npsRounds: NPS_ROUNDS,
    movePositions: MOVE_POSITIONS,
    levels: DIFFICULTIES,
  };
  const figures = await runBrowserBench(plan, log);
  log(`browser part done in ${seconds(started)}\n`);

  log(`a) Nodes per second in headless Chromium, depth ${NPS_DEPTH}, ${NPS_ROUNDS} page loads (fresh engines each)`);
  log('   raw = a bare Stockfish worker; ours = getEngine() (Comlink -> module worker -> EngineCore -> Stockfish worker)');
  log(
    table(
      ['position', 'raw nodes', 'ours nodes', 'raw nps', 'ours nps', 'ours/raw', 'raw wall ms', 'ours wall ms'],
      figures.nps.map((s) => [
        s.position,
        thousands(s.raw.nodes),
        thousands(s.api.nodes),
        thousands(s.raw.nps),
        thousands(s.api.nps),
        round(s.api.nps / s.raw.nps, 3),
        round(s.raw.wallMs),
        round(s.api.wallMs),
      ]),
    ),
  );
  const total = (key: 'raw' | 'api', field: 'nodes' | 'wallMs' | 'engineMs') =>
    figures.nps.reduce((sum, s) => sum + s[key][field], 0);
  log(
    `   all searches: raw ${thousands((total('raw', 'nodes') / total('raw', 'engineMs')) * 1000)} nps, ` +
      `ours ${thousands((total('api', 'nodes') / total('api', 'engineMs')) * 1000)} nps (engine-reported); ` +
      `wall-clock overhead of ours ${round(total('api', 'wallMs') - total('api', 'engineMs'))} ms over ${figures.nps.length} searches ` +
      `(raw ${round(total('raw', 'wallMs') - total('raw', 'engineMs'))} ms)`,
  );
  log(
    `   median ours/raw nps ratio over the ${figures.nps.length} pairs: ${round(median(figures.nps.map((s) => s.api.nps / s.raw.nps)), 3)} ` +
      `(single pairs swing when another process takes a core mid-search)`,
  );
  log(
    `   boot to readyok: ours ${figures.bootMs.api.map((x) => round(x)).join(', ')} ms; ` +
      `raw ${figures.bootMs.raw.map((x) => round(x)).join(', ')} ms`,
  );
  log(
    `   fresh page, getEngine() to the first beginner move (boot included): ` +
      `${figures.firstMoveMs.map((x) => round(x)).join(', ')} ms\n`,
  );

  log(`b) Time to a move through getEngine().bestMove in Chromium, ${MOVE_POSITIONS.length} positions per level`);
  log(
    table(
      ['level', 'median ms', 'min ms', 'max ms'],
      DIFFICULTIES.map((level) => {
        const times = figures.moveMs[level];
        return [level, round(median(times)), round(Math.min(...times)), round(Math.max(...times))];
      }),
    ),
  );
  log('');
}

async function nodePart(): Promise<void> {
  const moveTimes: Record<Difficulty, number[]> = { beginner: [], intermediate: [], advanced: [] };
  const level = (difficulty: Difficulty) => (seed: number) => levelPlayer(difficulty, seed, moveTimes[difficulty]);
  const matches: { label: string; games?: number; first: (seed: number) => Player; second: (seed: number) => Player }[] = [
    { label: 'beginner vs intermediate', first: level('beginner'), second: level('intermediate') },
    { label: 'intermediate vs advanced', first: level('intermediate'), second: level('advanced') },
    { label: 'beginner vs random mover', first: level('beginner'), second: randomPlayer },
    { label: 'beginner vs SF Skill Level 0', first: level('beginner'), second: () => skillLevelPlayer(0, 100) },
    // Even games, so that every move still matters: the ones whose moves are judged below.
    { label: 'beginner vs beginner', games: SELF_PLAY_GAMES, first: level('beginner'), second: level('beginner') },
    {
      label: 'intermediate vs intermediate',
      games: SELF_PLAY_GAMES,
      first: level('intermediate'),
      second: level('intermediate'),
    },
  ];

  log(`c) Games in Node (child-process Stockfish, same EngineCore), colours alternating,`);
  log(`   ${PARALLEL} at a time, drawn at ${MAX_PLIES} plies if not over; points are the first player's`);
  const results = new Map<string, MatchResult>();
  const rows: (string | number)[][] = [];
  for (const [i, match] of matches.entries()) {
    const started = Date.now();
    const result = await playMatch(match.first, match.second, {
      games: match.games ?? GAMES,
      parallel: PARALLEL,
      maxPlies: MAX_PLIES,
      seed: 1000 * (i + 1),
    });
    results.set(match.label, result);
    const s = result.score;
    rows.push([
      match.label,
      `${s.firstPoints}/${s.games}`,
      `+${s.firstWins} =${s.draws} -${s.secondWins}`,
      s.adjudicated,
      round(s.meanPlies),
      seconds(started),
    ]);
  }
  log(table(['pairing', 'points', 'W/D/L', 'drawn at limit', 'mean plies', 'time'], rows));
  log(
    `   median move time in these games: ${DIFFICULTIES.map((d) => `${d} ${round(median(moveTimes[d]))} ms (${moveTimes[d].length} moves)`).join(', ')}\n`,
  );

  const started = Date.now();
  const selfPlay = ['beginner vs beginner', 'intermediate vs intermediate'].flatMap((label) => results.get(label)!.games);
  const quality = await judgeGames(selfPlay, JUDGE_DEPTH, PARALLEL);
  log(`   Move quality in the self-play games, judged by Stockfish at depth ${JUDGE_DEPTH} (${seconds(started)}):`);
  log(
    table(
      ['level', 'moves', 'mean Win% lost', 'mean accuracy', '>=5 (inaccuracy)', '>=10 (mistake)', '>=15 (blunder)'],
      quality.map((q) => [
        q.player,
        q.moves,
        round(q.meanLoss, 1),
        round(q.meanAccuracy, 1),
        `${round(q.inaccuracyRate * 100)}%`,
        `${round(q.mistakeRate * 100)}%`,
        `${round(q.blunderRate * 100)}%`,
      ]),
    ),
  );
}

// Figures are only comparable on an otherwise idle machine: say how busy this one was.
const load = () => loadavg().map((x) => x.toFixed(2)).join(' ');
const started = Date.now();
log(`${availableParallelism()} cores, load average ${load()} (1, 5, 15 min)`);
await browserPart();
await nodePart();
log(`\nbench done in ${seconds(started)}; load average ${load()}`);
