/**
 * Generator quality on the 400 Lichess puzzles of ../shared/data/puzzles-sample.csv (held out:
 * no shipped puzzle comes from it). For each puzzle, given the position after the opponent's
 * first move:
 * - accepted: the generator takes the position as a puzzle start (isPuzzleStart at the puzzle
 *   depth) and its cooked line, following Lichess's replies, is the Lichess solution (the same
 *   solver moves and the same length; at a mating step any mate counts);
 * - own line: the same, with the engine's own replies (a stricter figure);
 * - themes: precision and recall of our tagger against Lichess's tags on the Lichess solution,
 *   for fork, pin, skewer, hangingPiece and mateIn1/2/3 (and a few more, for information), on the
 *   puzzles Lichess's tagger tagged (and on all rows, in brackets); agreement is the lower of the two;
 * - ratings: the rating rule's mean absolute error against the Lichess ratings.
 *
 *   npx tsx bench/puzzles-generator.ts [--file ../shared/data/puzzles-sample.csv] [--limit N] [--stride N] [--themes-only]
 *   SHOW_MISSES=1 prints every disagreement and every puzzle not found (FEN, ours, Lichess's, why).
 */
import { existsSync, readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { parseFen, parseUci, playMove } from '../domain/chess';
import {
  cookPuzzle,
  parseLichessCsv,
  PUZZLE_CHECK_DEPTH,
  PUZZLE_DOUBT_DEPTH,
  ratePuzzle,
  ratingFeatures,
  solverStep,
  tagThemes,
  type LichessPuzzleRow,
} from '../domain/puzzles';
import type { PvLineLike } from '../domain/coach/engine-port';
import { startPuzzleEngine } from '../scripts/puzzle-engine';

const { values } = parseArgs({
  options: {
    file: { type: 'string', default: '../shared/data/puzzles-sample.csv' },
    limit: { type: 'string' },
    /** Every n-th puzzle only (the files are sorted by rating). */
    stride: { type: 'string', default: '1' },
    'themes-only': { type: 'boolean', default: false },
    /** Only these puzzle ids (comma-separated): to look again at a few misses. */
    ids: { type: 'string' },
    /** Skip the second cook with the engine's own replies (about half the time). */
    'follow-only': { type: 'boolean', default: false },
    /** The start's second, deeper search (cook.ts's PUZZLE_DOUBT_DEPTH; 0: none, as before it existed). */
    'doubt-depth': { type: 'string', default: String(PUZZLE_DOUBT_DEPTH) },
  },
});

export const BENCH_THEMES = ['fork', 'pin', 'skewer', 'hangingPiece', 'mateIn1', 'mateIn2', 'mateIn3'] as const;
const EXTRA_THEMES = ['discoveredAttack', 'backRankMate', 'smotheredMate', 'promotion', 'endgame', 'doubleCheck'] as const;

if (!existsSync(values.file)) {
  console.log(`skipped: ${values.file} not found (the bench needs ../shared/data)`);
  process.exit(0);
}
const parsed = parseLichessCsv(readFileSync(values.file, 'utf8'));
if (!parsed.ok) throw new Error(`${values.file}:${parsed.error.line}: ${parsed.error.message}`);
const onlyIds = values.ids ? new Set(values.ids.split(',')) : null;
const rows = parsed.value
  .filter((row, i) => i % Number(values.stride) === 0 && (!onlyIds || onlyIds.has(row.id)))
  .slice(0, values.limit ? Number(values.limit) : undefined);

function fenAfter(fen: string, moves: readonly string[]): string {
  const game = parseFen(fen);
  if (!game.ok) throw new Error(game.error.message);
  for (const move of moves) playMove(game.value, parseUci(move)!);
  return game.value.fen();
}
const afterFirst = (row: LichessPuzzleRow): string => fenAfter(row.fen, row.moves.slice(0, 1));

/** "d5c7 +6.00, g1f1 +0.00 (depth 10)": the engine's lines at a solver step, side to move's view. */
function describeLines(lines: readonly PvLineLike[]): string {
  const score = (l: PvLineLike) => (l.mate !== null ? `#${l.mate}` : `${(l.scoreCp ?? 0) >= 0 ? '+' : ''}${((l.scoreCp ?? 0) / 100).toFixed(2)}`);
  return `${lines.map((l) => `${l.pv[0]} ${score(l)}`).join(', ')} (depth ${lines[0]?.depth ?? '?'})`;
}

/** The cooked line is the Lichess solution: same length, same moves, a different mate allowed on a mating step. */
function sameSolution(startFen: string, cooked: readonly string[], lichess: readonly string[]): boolean {
  if (cooked.length !== lichess.length) return false;
  const game = parseFen(startFen);
  if (!game.ok) return false;
  for (const [i, move] of lichess.entries()) {
    if (cooked[i] !== move) {
      const board = game.value;
      const alt = playMove(board, parseUci(cooked[i]!)!);
      const altMates = alt.ok && board.isCheckmate();
      if (alt.ok) board.undo();
      if (!(i % 2 === 0 && i === lichess.length - 1 && altMates)) return false;
    }
    playMove(game.value, parseUci(move)!);
  }
  return true;
}

/**
 * cook.py always adds a length tag (oneMove, short, long, veryLong); a row without one carries
 * only the phase tags of another tool (middlegame, endgame, master), never the tagger's verdict,
 * so it says nothing about fork or mate in 2 and is left out of the agreement (and counted).
 */
const LENGTH_TAGS = ['oneMove', 'short', 'long', 'veryLong'];
const taggedByLichess = (row: LichessPuzzleRow) => row.themes.some((t) => LENGTH_TAGS.includes(t));

type Confusion = { tp: number; fp: number; fn: number };
const counts: Record<string, { tagged: Confusion; all: Confusion }> = {};
for (const theme of [...BENCH_THEMES, ...EXTRA_THEMES]) counts[theme] = { tagged: { tp: 0, fp: 0, fn: 0 }, all: { tp: 0, fp: 0, fn: 0 } };
const themeMisses: string[] = [];
for (const row of rows) {
  const ours = new Set<string>(tagThemes(row.fen, row.moves));
  const tagged = taggedByLichess(row);
  for (const theme of Object.keys(counts)) {
    const theirs = row.themes.includes(theme);
    const mine = ours.has(theme);
    for (const c of tagged ? [counts[theme]!.tagged, counts[theme]!.all] : [counts[theme]!.all]) {
      if (theirs && mine) c.tp++;
      else if (mine) c.fp++;
      else if (theirs) c.fn++;
    }
    if (theirs !== mine) themeMisses.push(`  ${theme} ${mine ? 'ours only' : 'Lichess only'}${tagged ? '' : ' (untagged row)'}: ${row.id} ${row.fen} ${row.moves.join(' ')}`);
  }
}
const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
const precision = (c: Confusion) => c.tp / Math.max(1, c.tp + c.fp);
const recall = (c: Confusion) => c.tp / Math.max(1, c.tp + c.fn);
const agreement = (c: Confusion) => Math.min(precision(c), recall(c));
const nTagged = rows.filter(taggedByLichess).length;
console.log(`Themes on the ${nTagged} of ${rows.length} Lichess puzzles (${values.file}) that Lichess's tagger tagged (${rows.length - nTagged} carry only phase tags):`);
console.log(`precision = of the puzzles we tag with the theme, the share Lichess tags too; recall = of those Lichess tags, the share we tag;`);
console.log(`agreement = the lower of the two (in brackets: on all ${rows.length} rows, untagged ones included)`);
for (const [theme, { tagged: c, all }] of Object.entries(counts)) {
  const mark = (BENCH_THEMES as readonly string[]).includes(theme) ? '' : ' (information)';
  console.log(
    `  ${theme.padEnd(17)} Lichess ${String(c.tp + c.fn).padStart(3)} ours ${String(c.tp + c.fp).padStart(3)}  precision ${pct(precision(c)).padStart(6)}  recall ${pct(recall(c)).padStart(6)}  agreement ${pct(agreement(c)).padStart(6)} (${pct(agreement(all))})${mark}`,
  );
}
if (process.env.SHOW_MISSES) console.log(themeMisses.join('\n'));

if (!values['themes-only']) {
  const engine = await startPuzzleEngine();
  const started = Date.now();
  let found = 0;
  let own = 0;
  let ratingError = 0;
  let rated = 0;
  const reasons: Record<string, number> = {};
  const misses: string[] = [];
  for (const row of rows) {
    const start = afterFirst(row);
    const solution = row.moves.slice(1);
    await engine.newGame();
    const followed = await cookPuzzle(engine, start, { depth: PUZZLE_CHECK_DEPTH, follow: solution, doubtDepth: Number(values['doubt-depth']) });
    const ok = followed.ok && sameSolution(start, followed.puzzle.line, solution);
    if (ok) found++;
    else {
      const key = followed.ok ? (followed.puzzle.line.length < solution.length ? 'shorter line' : followed.puzzle.line.length > solution.length ? 'longer line' : 'other moves') : followed.reason;
      reasons[key] = (reasons[key] ?? 0) + 1;
      let where = '';
      if (!followed.ok && followed.at) where = ` at ply ${followed.at.ply}: ${describeLines(followed.at.step.lines)}`;
      else if (followed.ok) {
        // Where the lines part (where one stopped and the other went on, or the first other
        // move): the engine's view of that solver step, searched again for the printout.
        const ours = followed.puzzle.line;
        const differ = ours.findIndex((m, i) => i < solution.length && m !== solution[i]);
        const at = differ === -1 ? Math.min(ours.length, solution.length) + 1 : differ - (differ % 2);
        const fen = fenAfter(start, [...solution, ...ours.slice(solution.length)].slice(0, at));
        where = ` at ply ${at}: ${describeLines((await solverStep(engine, fen, PUZZLE_CHECK_DEPTH)).lines)}`;
      }
      const ours = followed.ok ? followed.puzzle.line.join(' ') : '-';
      misses.push(`  ${row.id} ${row.rating} ${key}${where}\n    ${start}\n    ours ${ours} / Lichess ${solution.join(' ')} [${row.themes.join(' ')}]`);
    }
    if (followed.ok) {
      const features = ratingFeatures(row.fen, row.moves, followed.puzzle.steps[0]!.findDepth);
      if (features) {
        ratingError += Math.abs(ratePuzzle(features) - row.rating);
        rated++;
      }
    }
    if (values['follow-only']) continue;
    await engine.newGame();
    const mine = await cookPuzzle(engine, start, { depth: PUZZLE_CHECK_DEPTH, doubtDepth: Number(values['doubt-depth']) });
    if (mine.ok && sameSolution(start, mine.puzzle.line, solution)) own++;
  }
  engine.terminate();
  const seconds = (Date.now() - started) / 1000;
  console.log(`\nGenerator at depth ${PUZZLE_CHECK_DEPTH} (a refused start searched again at ${values['doubt-depth']}) on ${rows.length} puzzles (${seconds.toFixed(0)} s, ${(seconds / rows.length).toFixed(2)} s a puzzle):`);
  console.log(`  accepted and found the Lichess solution (Lichess replies): ${found}/${rows.length} = ${pct(found / rows.length)}`);
  if (!values['follow-only']) console.log(`  the same with the engine's own replies:                     ${own}/${rows.length} = ${pct(own / rows.length)}`);
  console.log(`  misses by reason: ${JSON.stringify(reasons)}`);
  console.log(`  rating rule: mean absolute error ${(ratingError / Math.max(1, rated)).toFixed(0)} on ${rated} puzzles`);
  if (process.env.SHOW_MISSES) console.log(misses.join('\n'));
}
