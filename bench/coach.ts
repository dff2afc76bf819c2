/**
 * `npx tsx bench/coach.ts [--limit N] [--depth D] [--review-depth D] [--review-movetime MS]`:
 * the coaching rules on the real Stockfish (Node child process). Numbers, not pass/fail.
 *
 *  a) Hints on ../shared/data/puzzles-sample.csv (Lichess puzzles: the first move is the
 *     opponent's, the second the solution): the share of hints whose move is the solution
 *     (strict), and the share whose move is the solution or also wins (a forced mate for the
 *     solver, or Win% >= 90 after it, by the hint's own search).
 *  b) Wrong first moves: for each puzzle the most plausible wrong move, defined as the
 *     highest-ranked move of a MultiPV 8 search (depth 10) other than the solution that scores
 *     at least 10 Win% below the best line. The share of those classified inaccuracy or worse
 *     (inaccuracy, mistake, miss, blunder) by classifyMove at the hint depth.
 *  d) Whether the hint names the idea: per Lichess theme (fork, pin, skewer, hanging piece,
 *     discovered attack, mates and their patterns; deflection, attraction and promotion shown
 *     apart), the share of tagged puzzles whose hint text or tips name it, and how often a hint
 *     names a theme the puzzle is not tagged with (bench/motif-naming.ts).
 *  c) The time of a full reviewGame of an 80-ply game (beginner-level self-play, seeded): the
 *     recommended REVIEW_SEARCH, then depth-only searches at that depth and 2 below. Wall time
 *     and the CPU time of this process plus the engine's (from /proc), which is what an idle
 *     machine would take when the shared machine is busy.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { parseFen, playMove, seededRandom, START_FEN, winPercent } from '../domain';
import type { MoveCategory } from '../schema';
import {
  applyMove,
  classifyMove,
  getHint,
  lineScore,
  REVIEW_SEARCH,
  reviewGame,
  type AnalysisLike,
  type EnginePort,
} from '../domain/coach';
import { createNodeEngine } from '../worker/node-engine.node.js';
import { motifNaming, printNaming, type NamingRecord } from './motif-naming';

const PUZZLES = new URL('../../shared/data/puzzles-sample.csv', import.meta.url).pathname;
const WRONG_MULTIPV = 8;
const WRONG_DEPTH = 10;
const WRONG_MIN_LOSS = 10;
const ALSO_WINNING = 90;
const BAD: ReadonlySet<MoveCategory> = new Set(['inaccuracy', 'mistake', 'miss', 'blunder']);

function option(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  if (i < 0) return fallback;
  const value = Number(process.argv[i + 1]);
  if (!Number.isFinite(value)) throw new Error(`--${name} needs a number`);
  return value;
}

interface Puzzle {
  id: string;
  fen: string;
  moves: string[];
  rating: number;
  themes: string;
}

function readPuzzles(limit: number): Puzzle[] {
  const [, ...rows] = readFileSync(PUZZLES, 'utf8').trim().split('\n');
  return rows.slice(0, limit).map((row) => {
    const [id, fen, moves, rating, , , , themes] = row.split(',');
    return { id: id!, fen: fen!, moves: moves!.split(' '), rating: Number(rating), themes: themes ?? '' };
  });
}

/** Keeps the last analysis the coach asked for, so the bench can read the hint's own score. */
function recording(engine: EnginePort): EnginePort & { last: AnalysisLike | null } {
  const port = {
    last: null as AnalysisLike | null,
    async analyse(fen: string, options: { depth: number; multiPv?: number; movetimeMs?: number }) {
      port.last = await engine.analyse(fen, options);
      return port.last;
    },
  };
  return port;
}

const pct = (n: number, d: number) => (d === 0 ? 'n/a' : `${((100 * n) / d).toFixed(1)}%`);
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? 0 : s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

async function puzzlePart(engine: EnginePort, limit: number, depth: number): Promise<void> {
  if (!existsSync(PUZZLES)) {
    console.log(`a), b) skipped: ${PUZZLES} is missing (../shared is test data only)`);
    return;
  }
  const puzzles = readPuzzles(limit);
  const port = recording(engine);
  let strict = 0;
  let winning = 0;
  let wrongTotal = 0;
  let wrongBad = 0;
  let noWrong = 0;
  const hintMs: number[] = [];
  const categories: Partial<Record<MoveCategory, number>> = {};
  const misses: string[] = [];
  const lenient: string[] = [];
  const naming: NamingRecord[] = [];
  for (const [n, puzzle] of puzzles.entries()) {
    const start = applyMove(puzzle.fen, puzzle.moves[0]!);
    if (!start) throw new Error(`puzzle ${puzzle.id}: the opponent's move is illegal`);
    const fen = start.chess.fen();
    const solution = puzzle.moves[1]!;

    const t0 = Date.now();
    const hint = await getHint(port, { fen, depth });
    hintMs.push(Date.now() - t0);
    naming.push({ id: puzzle.id, themes: puzzle.themes.split(' '), hint });
    const move = hint.hint ? `${hint.hint.suggestedMove.from}${hint.hint.suggestedMove.to}${hint.hint.suggestedMove.promotion ?? ''}` : '';
    const score = lineScore(port.last?.lines[0]);
    const alsoWins = (score.kind === 'mate' && score.value > 0) || winPercent(score) >= ALSO_WINNING;
    if (move === solution) strict++;
    else misses.push(`${puzzle.id} (${puzzle.rating}, ${puzzle.themes.split(' ').slice(0, 3).join(' ')}): hint ${move}, solution ${solution}${alsoWins ? ', also wins' : ''}`);
    if (move === solution || alsoWins) winning++;
    else lenient.push(puzzle.id);

    // The most plausible wrong move: the best-ranked line, other than the solution, 10+ Win% below the best.
    const wide = await engine.analyse(fen, { depth: WRONG_DEPTH, multiPv: WRONG_MULTIPV });
    const best = winPercent(lineScore(wide.lines[0]));
    const wrong = wide.lines.find((l) => l.pv[0] !== solution && best - winPercent(lineScore(l)) >= WRONG_MIN_LOSS);
    if (!wrong) noWrong++;
    else {
      const classification = await classifyMove(engine, { fenBefore: fen, move: wrong.pv[0]!, depth });
      wrongTotal++;
      categories[classification.category] = (categories[classification.category] ?? 0) + 1;
      if (BAD.has(classification.category)) wrongBad++;
    }
    if ((n + 1) % 50 === 0) console.log(`  ... ${n + 1} puzzles`);
  }
  console.log(`a) Hints on ${puzzles.length} puzzles (ratings ${puzzles[0]?.rating}-${puzzles.at(-1)?.rating}), depth ${depth}, MultiPV 2`);
  console.log(`   hint move = solution (strict):              ${strict}/${puzzles.length} = ${pct(strict, puzzles.length)}`);
  console.log(`   solution or also winning (mate / Win% >= ${ALSO_WINNING}): ${winning}/${puzzles.length} = ${pct(winning, puzzles.length)}`);
  console.log(`   hint time: median ${median(hintMs)} ms, max ${Math.max(...hintMs)} ms`);
  for (const line of misses.slice(0, 15)) console.log(`   differs: ${line}`);
  console.log(`b) Wrong first moves (best-ranked MultiPV ${WRONG_MULTIPV} line at depth ${WRONG_DEPTH} losing >= ${WRONG_MIN_LOSS} Win%, not the solution)`);
  console.log(`   classified inaccuracy or worse: ${wrongBad}/${wrongTotal} = ${pct(wrongBad, wrongTotal)}  (${noWrong} puzzles had no such move among ${WRONG_MULTIPV} lines)`);
  console.log(`   categories: ${JSON.stringify(categories)}`);
  console.log(`d) Hints that name the puzzle's idea (Lichess themes; a hint names it in its text or its tips)`);
  printNaming(motifNaming(naming));
}

/** A seeded 80-ply game between two beginner-level players (the kind of game a child reviews). */
async function eightyPlyGame(): Promise<string[]> {
  for (let seed = 1; seed < 30; seed++) {
    const engine = createNodeEngine({ random: seededRandom(seed) });
    await engine.init();
    try {
      const parsed = parseFen(START_FEN);
      if (!parsed.ok) throw new Error(parsed.error.message);
      const game = parsed.value;
      const sans: string[] = [];
      while (sans.length < 80 && !game.isGameOver()) {
        const move = await engine.bestMove(game.fen(), 'beginner');
        const played = playMove(game, { from: move.from, to: move.to, ...(move.promotion ? { promotion: move.promotion } : {}) });
        if (!played.ok) throw new Error(played.error.message);
        sans.push(played.value.san);
      }
      if (sans.length === 80) return sans;
    } finally {
      engine.terminate();
    }
  }
  throw new Error('no 80-ply game in 30 seeds');
}

/**
 * CPU time (ms) of this process and of its live child processes (the engine), read from /proc:
 * on a busy machine the wall time says little, while the CPU time is about what an idle
 * machine would take (the searches and our code run one after the other).
 */
function cpuMs(): number {
  const own = process.cpuUsage();
  let children = 0;
  if (existsSync('/proc')) {
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        if (Number(fields[1]) !== process.pid) continue;
        children += ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime + stime, 100 Hz ticks
      } catch {
        // The process ended while we read it.
      }
    }
  }
  return (own.user + own.system) / 1000 + children;
}

async function reviewPart(engine: EnginePort, depth: number, movetimeMs: number): Promise<void> {
  const moves = await eightyPlyGame();
  const settings: { depth: number; movetimeMs: number }[] = [
    { depth, movetimeMs },
    { depth, movetimeMs: 0 },
    { depth: depth - 2, movetimeMs: 0 },
  ];
  console.log(`c) reviewGame of an 80-ply beginner game (81 searches, MultiPV 3); wall time, and CPU time of this process + the engine`);
  for (const setting of settings) {
    const c0 = cpuMs();
    const t0 = Date.now();
    const review = await reviewGame(engine, {
      moves,
      depth: setting.depth,
      ...(setting.movetimeMs > 0 ? { movetimeMs: setting.movetimeMs } : {}),
    });
    const wall = Date.now() - t0;
    const cpu = cpuMs() - c0;
    const label = `depth ${setting.depth}${setting.movetimeMs > 0 ? `, at most ${setting.movetimeMs} ms a search` : ', no time cap'}`;
    console.log(`   ${label}: wall ${(wall / 1000).toFixed(2)} s, CPU ${(cpu / 1000).toFixed(2)} s`);
    console.log(`     accuracy White ${review.accuracy.w?.toFixed(1)}, Black ${review.accuracy.b?.toFixed(1)}; key moments at plies ${review.keyMoments.join(', ')}`);
    console.log(`     White: ${JSON.stringify(review.counts.w)}`);
    console.log(`     Black: ${JSON.stringify(review.counts.b)}`);
  }
}

async function main(): Promise<void> {
  const limit = option('limit', 400);
  const depth = option('depth', 12);
  const reviewDepth = option('review-depth', REVIEW_SEARCH.depth);
  const reviewMovetime = option('review-movetime', REVIEW_SEARCH.movetimeMs);
  console.log(`coach bench: ${availableParallelism()} cores, load average ${loadavg()[0]!.toFixed(1)}, Stockfish 19 lite single-threaded in Node`);
  const engine = createNodeEngine();
  await engine.init();
  try {
    const t0 = Date.now();
    if (limit > 0) await puzzlePart(engine, limit, depth);
    console.log(`   (puzzle part ${((Date.now() - t0) / 1000).toFixed(0)} s)`);
    await reviewPart(engine, reviewDepth, reviewMovetime);
  } finally {
    engine.terminate();
  }
}

await main();
