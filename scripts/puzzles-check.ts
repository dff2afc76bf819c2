/**
 * The independent check of the shipped trainer pack under lichess-puzzler's acceptance rule
 * (domain/puzzles/puzzler-rule.ts), with the real Stockfish at CHECK_DEPTH, deeper than the
 * generator's own PUZZLE_CHECK_DEPTH, from a clean hash for every puzzle.
 *
 *   npx tsx scripts/puzzles-check.ts                 a small sample that rotates with the date
 *   npx tsx scripts/puzzles-check.ts --all           the whole pack
 *   npx tsx scripts/puzzles-check.ts --all --failures out.json   also write the failing ids
 *   npx tsx scripts/puzzles-check.ts --drop out.json drop those ids from content/trainer (no engine)
 *   npx tsx scripts/puzzles-check.ts --recut out.json  re-cut generated puzzles that fail after their
 *     first step: the line ends on the last solver move that passed, kept if it passes again
 *     (then run npm run puzzles:generate -- --retag)
 *
 * Prints the failures per source and rating band (target 0) and the puzzles per band.
 */
import { readFileSync, writeFileSync, appendFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { parseFen, parseUci, playMove } from '../domain/chess';
import type { PvLineLike } from '../domain/coach/engine-port';
import { judgePuzzle, needsMoreLines, PUZZLE_CHECK_DEPTH, verifyPuzzle, type PuzzlerStep, type PuzzlerVerdict, type PuzzleEngine } from '../domain/puzzles';
import type { TrainerPuzzleContent } from '../schema/puzzles';
import { generatedId, loadTrainerPuzzles, TRAINER_DIR } from './puzzle-content';

/** The check's search: four plies deeper than the generator's. */
export const CHECK_DEPTH = PUZZLE_CHECK_DEPTH + 4;
/** The rotating CI sample. */
export const SAMPLE_SIZE = 8;

export const BANDS = [0, 800, 1200, 1600, 2000, 2400] as const;
export function bandOf(rating: number): string {
  const low = [...BANDS].reverse().find((b) => rating >= b) ?? 0;
  const high = BANDS[BANDS.indexOf(low) + 1];
  return high ? `${low}-${high - 1}` : `${low}+`;
}

/** The engine's lines at every solver step of a puzzle, then lichess-puzzler's verdict. */
export async function checkPuzzle(engine: PuzzleEngine, puzzle: TrainerPuzzleContent, depth: number): Promise<PuzzlerVerdict> {
  const parsed = parseFen(puzzle.fen);
  if (!parsed.ok) return { ok: false, step: -1, reason: parsed.error.message };
  const board = parsed.value;
  const steps: PuzzlerStep[] = [];
  for (const [ply, uci] of puzzle.moves.entries()) {
    const input = parseUci(uci);
    if (ply % 2 === 1) {
      const fen = board.fen();
      let lines: PvLineLike[] = (await engine.analyse(fen, { depth, multiPv: 2 })).lines;
      if (needsMoreLines(lines)) {
        // Several mates in one: one line more than there are mates, to see the best non-mating move.
        const mates = board.moves({ verbose: true }).filter((m) => {
          board.move(m.san);
          const mate = board.isCheckmate();
          board.undo();
          return mate;
        }).length;
        lines = (await engine.analyse(fen, { depth, multiPv: Math.min(mates + 1, 5) })).lines;
      }
      const played = input && playMove(board, input);
      if (!played?.ok) return { ok: false, step: steps.length, reason: `illegal move ${uci}` };
      steps.push({ lines, solution: uci, solutionMates: board.isCheckmate() });
      continue;
    }
    const played = input && playMove(board, input);
    if (!played?.ok) return { ok: false, step: steps.length, reason: `illegal move ${uci}` };
  }
  return judgePuzzle(steps, { decisive: puzzle.source === 'generated' });
}

/** Every n-th puzzle from an offset that rotates with the UTC day (PUZZLES_OFFSET=k replays one). */
export function rotatingSample<T>(all: readonly T[], size: number, day = Math.floor(Date.now() / 86_400_000)): T[] {
  const stride = Math.max(1, Math.ceil(all.length / size));
  const offset = Number(process.env.PUZZLES_OFFSET ?? day) % stride;
  return all.filter((_, i) => i % stride === offset);
}

export function bandTable(puzzles: readonly TrainerPuzzleContent[], failed: ReadonlySet<string>): string {
  const rows: string[] = ['source     band        puzzles  2+ moves  failures'];
  for (const source of ['lichess', 'generated'] as const) {
    for (const band of BANDS.map((b) => bandOf(b))) {
      const here = puzzles.filter((p) => p.source === source && bandOf(p.rating) === band);
      if (here.length === 0) continue;
      const long = here.filter((p) => p.moves.length >= 4).length;
      const bad = here.filter((p) => failed.has(p.id)).length;
      rows.push(`${source.padEnd(10)} ${band.padEnd(11)} ${String(here.length).padStart(7)} ${String(long).padStart(9)} ${String(bad).padStart(9)}`);
    }
  }
  return rows.join('\n');
}

function dropIds(ids: ReadonlySet<string>): void {
  for (const name of ['lichess.json', 'generated.json']) {
    const path = `${TRAINER_DIR}${name}`;
    const puzzles = JSON.parse(readFileSync(path, 'utf8')) as TrainerPuzzleContent[];
    const kept = puzzles.filter((p) => !ids.has(p.id));
    writeFileSync(path, `${JSON.stringify(kept, null, 1)}\n`);
    console.log(`${name}: dropped ${puzzles.length - kept.length}, kept ${kept.length}`);
  }
  const metaPath = `${TRAINER_DIR}generated.meta.json`;
  const meta = JSON.parse(readFileSync(metaPath, 'utf8')) as { features: Record<string, unknown> };
  for (const id of ids) delete meta.features[id];
  writeFileSync(metaPath, `${JSON.stringify(meta, null, 1)}\n`);
}

/** Re-cuts the generated puzzles among `failures` that failed after their first step; drops the rest of them. */
async function recut(failures: readonly { id: string; step: number }[], depth: number): Promise<void> {
  const path = `${TRAINER_DIR}generated.json`;
  const puzzles = JSON.parse(readFileSync(path, 'utf8')) as TrainerPuzzleContent[];
  const failed = new Map(failures.map((f) => [f.id, f.step]));
  const { startPuzzleEngine } = await import('./puzzle-engine');
  const engine = await startPuzzleEngine();
  const kept: TrainerPuzzleContent[] = [];
  try {
    for (const puzzle of puzzles) {
      const step = failed.get(puzzle.id);
      if (step === undefined) {
        kept.push(puzzle);
        continue;
      }
      if (step < 1) continue;
      const moves = puzzle.moves.slice(0, 2 * step);
      const last = parseFen(puzzle.fen);
      if (!last.ok) continue;
      for (const uci of moves.slice(0, -1)) playMove(last.value, parseUci(uci)!);
      if (last.value.moves().length < 2) continue; // the cut line would end on a forced move
      const cut = { ...puzzle, id: generatedId(puzzle.fen, moves), moves };
      await engine.newGame();
      const verdict = await checkPuzzle(engine, cut, depth);
      // The content test's depth-10 check (verify.ts) must pass too.
      await engine.newGame();
      const verified = verdict.ok ? await verifyPuzzle(engine, cut.fen, cut.moves, PUZZLE_CHECK_DEPTH) : verdict;
      const why = verified.ok ? 'passes' : 'reason' in verified ? verified.reason : 'fails';
      console.log(`${puzzle.id} cut to ${moves.length} moves as ${cut.id}: ${why}`);
      if (verified.ok) kept.push(cut);
    }
  } finally {
    engine.terminate();
  }
  writeFileSync(path, `${JSON.stringify(kept, null, 1)}\n`);
  console.log(`generated.json: ${puzzles.length} before, ${kept.length} kept`);
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      all: { type: 'boolean', default: false },
      depth: { type: 'string' },
      failures: { type: 'string' },
      drop: { type: 'string' },
      recut: { type: 'string' },
      from: { type: 'string' },
      progress: { type: 'string' },
    },
  });
  if (values.drop) {
    const ids = new Set((JSON.parse(readFileSync(values.drop, 'utf8')) as { id: string }[]).map((f) => f.id));
    dropIds(ids);
    return;
  }
  if (values.recut) {
    await recut(JSON.parse(readFileSync(values.recut, 'utf8')) as { id: string; step: number }[], Number(values.depth ?? CHECK_DEPTH));
    return;
  }
  const { lichess, generated } = loadTrainerPuzzles();
  const all = [...lichess, ...generated];
  const depth = Number(values.depth ?? CHECK_DEPTH);
  let checked = values.all ? all : rotatingSample(all, SAMPLE_SIZE);
  // --from k: resume a whole-pack run at the k-th puzzle (the --progress log keeps earlier verdicts).
  if (values.from) checked = checked.slice(Number(values.from));
  const { startPuzzleEngine } = await import('./puzzle-engine');
  const engine = await startPuzzleEngine();
  const failures: { id: string; source: string; rating: number; step: number; reason: string }[] = [];
  const started = Date.now();
  try {
    for (const [i, puzzle] of checked.entries()) {
      await engine.newGame();
      const verdict = await checkPuzzle(engine, puzzle, depth);
      if (values.progress) appendFileSync(values.progress, `${JSON.stringify({ id: puzzle.id, ...verdict })}\n`);
      if (!verdict.ok) {
        failures.push({ id: puzzle.id, source: puzzle.source, rating: puzzle.rating, step: verdict.step, reason: verdict.reason });
        console.log(`FAIL ${puzzle.id} (${puzzle.source}, ${puzzle.rating}) step ${verdict.step}: ${verdict.reason}`);
      }
      if ((i + 1) % 50 === 0) console.log(`${i + 1}/${checked.length} checked, ${failures.length} failed, ${((Date.now() - started) / 1000).toFixed(0)} s`);
    }
  } finally {
    engine.terminate();
  }
  const failed = new Set(failures.map((f) => f.id));
  console.log(`\nlichess-puzzler's rule at depth ${depth}: ${checked.length} puzzles checked in ${((Date.now() - started) / 1000).toFixed(1)} s, ${failures.length} failed`);
  console.log(bandTable(checked, failed));
  if (values.failures) writeFileSync(values.failures, `${JSON.stringify(failures, null, 1)}\n`);
  process.exitCode = failures.length > 0 ? 1 : 0;
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
