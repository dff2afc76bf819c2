/**
 * The engine's part of the difficulty model's features (domain/puzzles/difficulty.ts): at every
 * solver step of a puzzle, the depth from which Stockfish's best move stayed the solution
 * (findDepth; any mate in one where the solution mates at once) and the best two lines' scores,
 * searched to FEATURE_DEPTH from a clean hash. Written one JSON line a puzzle, so a run can stop
 * and resume (--resume skips ids already in the output).
 *
 *   npx tsx scripts/puzzles-features.ts --csv scripts/testdata/lichess-1099.csv --out scripts/testdata/lichess-1099.features.jsonl
 *   npx tsx scripts/puzzles-features.ts --pack generated --out /tmp/generated.features.jsonl
 *     (for the generated pack the steps are then stored in content/trainer/generated.meta.json,
 *     from which `npm run puzzles:generate -- --retag` rates every generated puzzle)
 */
import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { parseFen, parseUci, playMove } from '../domain/chess';
import { parseLichessCsv, type EngineStepFeatures, type PuzzleEngine } from '../domain/puzzles';
import { loadTrainerPuzzles, TRAINER_DIR } from './puzzle-content';

/** As deep as the acceptance check (scripts/puzzles-check.ts). */
export const FEATURE_DEPTH = 14;

export async function engineSteps(engine: PuzzleEngine, fen: string, moves: readonly string[], depth = FEATURE_DEPTH): Promise<EngineStepFeatures[] | null> {
  const parsed = parseFen(fen);
  if (!parsed.ok) return null;
  const board = parsed.value;
  const steps: EngineStepFeatures[] = [];
  for (const [ply, uci] of moves.entries()) {
    const input = parseUci(uci);
    if (!input) return null;
    if (ply % 2 === 1) {
      const mating = (() => {
        const played = playMove(board, input);
        if (!played.ok) return null;
        const mate = board.isCheckmate();
        board.undo();
        return mate;
      })();
      if (mating === null) return null;
      const found: boolean[] = [];
      const analysis = await engine.analyse(board.fen(), {
        depth,
        multiPv: 2,
        onDepth: (a) => {
          const best = a.lines[0];
          found[a.depth] = best?.pv[0] === uci || (mating && best?.mate === 1);
        },
      });
      const top = analysis.lines[0];
      found[analysis.depth] = top?.pv[0] === uci || (mating && top?.mate === 1);
      let findDepth = analysis.depth + 1; // not found at all: one beyond the search
      for (let d = analysis.depth; d >= 1 && found[d] !== false; d--) if (found[d]) findDepth = d;
      const [best, second] = analysis.lines;
      steps.push({
        findDepth,
        bestCp: best?.scoreCp ?? null,
        bestMate: best?.mate ?? null,
        secondCp: second ? (second.scoreCp ?? null) : null,
        secondMate: second ? (second.mate ?? null) : null,
        legalMoves: board.moves().length,
      });
    }
    if (!playMove(board, input).ok) return null;
  }
  return steps;
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { csv: { type: 'string' }, pack: { type: 'string' }, out: { type: 'string' }, depth: { type: 'string' } } });
  if (!values.out) throw new Error('--out is required');
  const puzzles: { id: string; fen: string; moves: string[] }[] = values.csv
    ? (() => {
        const parsed = parseLichessCsv(readFileSync(values.csv, 'utf8'));
        if (!parsed.ok) throw new Error(parsed.error.message);
        return parsed.value;
      })()
    : values.pack === 'generated'
      ? loadTrainerPuzzles().generated
      : loadTrainerPuzzles().lichess;
  // Puzzles in a fixed spread order (every 7th, from each offset), so a run stopped part-way has
  // features for a fair share of every rating, not only the lowest (the CSVs are sorted by rating).
  const order = puzzles.map((p, i) => ({ p, i })).sort((a, b) => (a.i % 7) - (b.i % 7) || a.i - b.i).map((x) => x.p);
  const done = new Set(existsSync(values.out) ? readFileSync(values.out, 'utf8').split('\n').filter(Boolean).map((l) => (JSON.parse(l) as { id: string }).id) : []);
  const { startPuzzleEngine } = await import('./puzzle-engine');
  const engine = await startPuzzleEngine();
  const started = Date.now();
  let n = 0;
  try {
    for (const puzzle of order) {
      if (done.has(puzzle.id)) continue;
      await engine.newGame();
      const steps = await engineSteps(engine, puzzle.fen, puzzle.moves, Number(values.depth ?? FEATURE_DEPTH));
      appendFileSync(values.out, `${JSON.stringify({ id: puzzle.id, steps })}\n`);
      n++;
      if (n % 50 === 0) console.log(`${n} puzzles, ${((Date.now() - started) / 1000).toFixed(0)} s`);
    }
  } finally {
    engine.terminate();
  }
  console.log(`done: ${n} puzzles in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  if (values.pack === 'generated') {
    const metaPath = `${TRAINER_DIR}generated.meta.json`;
    const meta = JSON.parse(readFileSync(metaPath, 'utf8')) as { games: Record<string, number>; features: Record<string, unknown> };
    const steps = new Map(readFileSync(values.out, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as { id: string; steps: EngineStepFeatures[] | null }).map((r) => [r.id, r.steps]));
    meta.features = Object.fromEntries(puzzles.flatMap((p) => (steps.get(p.id) ? [[p.id, { steps: steps.get(p.id) }]] : [])));
    writeFileSync(metaPath, `${JSON.stringify(meta, null, 1)}\n`);
    console.log(`stored the steps of ${Object.keys(meta.features).length} puzzles in ${metaPath}`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
