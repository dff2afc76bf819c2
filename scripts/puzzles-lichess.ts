/**
 * Copies the CC0 Lichess puzzles of ../shared/data/puzzles-extra.csv into
 * content/trainer/lichess.json (never puzzles-sample.csv: that is the generator's held-out
 * bench). Each puzzle keeps its Lichess id, rating, deviation and game URL; it is shipped only
 * when it passes the engine check of the content test (domain/puzzles/verify.ts at
 * PUZZLE_CHECK_DEPTH from a clean hash). Its themes: Lichess's, mapped to ours, where our
 * detectors confirm them (or we have no detector for them), plus the ones our detectors find
 * for certain (mate in N, promotion, endgame, double check). Then it fits the rating rule of
 * generated puzzles (domain/puzzles/difficulty.ts) to these Lichess ratings and prints the weights.
 *
 *   npx tsx scripts/puzzles-lichess.ts [--file ../shared/data/puzzles-extra.csv] [--limit N] [--retag]
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import {
  DETECTED_THEMES,
  fitRating,
  matchSpread,
  mapLichessThemes,
  parseLichessCsv,
  PUZZLE_CHECK_DEPTH,
  ratePuzzle,
  RATING_FEATURE_NAMES,
  RATING_WEIGHTS,
  ratingFeatures,
  tagThemes,
  verifyPuzzle,
  type RatingFeatures,
} from '../domain/puzzles';
import { PUZZLE_THEMES, trainerPuzzleContentSchema, trainerPuzzleFileSchema, type PuzzleTheme, type TrainerPuzzleContent } from '../schema/puzzles';
import { startPuzzleEngine } from './puzzle-engine';

export const LICHESS_PATH = 'content/trainer/lichess.json';
/** Themes our detectors establish beyond doubt: added even where Lichess's tags leave them out. */
const CERTAIN_THEMES: readonly PuzzleTheme[] = ['mate', 'mateIn1', 'mateIn2', 'mateIn3', 'promotion', 'endgame', 'doubleCheck'];

export function lichessThemes(lichess: readonly string[], ours: readonly PuzzleTheme[]): PuzzleTheme[] {
  const mapped = new Set(mapLichessThemes(lichess));
  const found = new Set(ours);
  return PUZZLE_THEMES.filter(
    (t) => (mapped.has(t) && (found.has(t) || !DETECTED_THEMES.includes(t))) || (found.has(t) && CERTAIN_THEMES.includes(t)),
  );
}

const { values } = parseArgs({
  options: {
    file: { type: 'string', default: '../shared/data/puzzles-extra.csv' },
    limit: { type: 'string' },
    /** Recompute the themes of lichess.json (after a change of the tagger), no engine. */
    retag: { type: 'boolean', default: false },
  },
});
if (!existsSync(values.file)) throw new Error(`${values.file} not found: this script copies from ../shared/data`);
if (values.file.includes('puzzles-sample')) throw new Error('puzzles-sample.csv is the generator bench: never shipped');
const parsed = parseLichessCsv(readFileSync(values.file, 'utf8'));
if (!parsed.ok) throw new Error(`${values.file}:${parsed.error.line}: ${parsed.error.message}`);
const rows = parsed.value.slice(0, values.limit ? Number(values.limit) : undefined);

if (values.retag) {
  const byId = new Map(rows.map((r) => [`lichess:${r.id}`, r]));
  const current = trainerPuzzleFileSchema.parse(JSON.parse(readFileSync(LICHESS_PATH, 'utf8')));
  for (const p of current) p.themes = lichessThemes(byId.get(p.id)!.themes, tagThemes(p.fen, p.moves));
  writeFileSync(LICHESS_PATH, `${JSON.stringify(current, null, 1)}\n`);
  console.log(`retagged ${current.length} puzzles`);
  process.exit(0);
}

const engine = await startPuzzleEngine();
const shipped: TrainerPuzzleContent[] = [];
const samples: { features: RatingFeatures; rating: number }[] = [];
const rejected: string[] = [];
const started = Date.now();
try {
  for (const [i, row] of rows.entries()) {
    // A few early Lichess ids are shorter than the five characters our id format asks.
    if (!trainerPuzzleContentSchema.shape.id.safeParse(`lichess:${row.id}`).success) {
      rejected.push(`${row.id} (${row.rating}): the id does not fit our format`);
      continue;
    }
    await engine.newGame();
    const verdict = await verifyPuzzle(engine, row.fen, row.moves, PUZZLE_CHECK_DEPTH);
    if (!verdict.ok) {
      rejected.push(`${row.id} (${row.rating}) ply ${verdict.ply}: ${verdict.reason}`);
      continue;
    }
    const features = ratingFeatures(row.fen, row.moves, verdict.findDepth);
    if (features) samples.push({ features, rating: row.rating });
    shipped.push({
      id: `lichess:${row.id}`,
      source: 'lichess',
      fen: row.fen,
      moves: row.moves,
      rating: row.rating,
      ratingDeviation: row.ratingDeviation,
      themes: lichessThemes(row.themes, tagThemes(row.fen, row.moves)),
      origin: row.gameUrl,
    });
    if ((i + 1) % 50 === 0) console.log(`${i + 1}/${rows.length}: ${shipped.length} pass (${((Date.now() - started) / 1000).toFixed(0)} s)`);
  }
} finally {
  engine.terminate();
}
writeFileSync(LICHESS_PATH, `${JSON.stringify(trainerPuzzleFileSchema.parse(shipped), null, 1)}\n`);
console.log(`${shipped.length}/${rows.length} Lichess puzzles pass the engine check at depth ${PUZZLE_CHECK_DEPTH} (${((Date.now() - started) / 1000).toFixed(0)} s); rejected:`);
for (const r of rejected) console.log(`  ${r}`);
writeFileSync('/tmp/puzzles-lichess-features.json', JSON.stringify(samples));

const weights = matchSpread(fitRating(samples), samples);
const mae = (w: readonly number[]) => samples.reduce((s, x) => s + Math.abs(ratePuzzle(x.features, w) - x.rating), 0) / Math.max(1, samples.length);
console.log(`rating rule fitted (least squares, spread matched) on ${samples.length} puzzles: ${RATING_FEATURE_NAMES.map((n, i) => `${n} ${weights[i]!.toFixed(1)}`).join(', ')}`);
console.log(`mean absolute error: fitted ${mae(weights).toFixed(0)}, current RATING_WEIGHTS ${mae(RATING_WEIGHTS).toFixed(0)}`);
