/**
 * The difficulty model (domain/puzzles/difficulty-model.ts) fitted on the 699 rated Lichess
 * puzzles of puzzles-extra and validated on the 400 of puzzles-sample it never saw (both in
 * scripts/testdata/lichess-1099.csv; the engine's features in lichess-1099.features.jsonl, made by
 * scripts/puzzles-features.ts). The ridge is chosen by 5-fold cross-validation on the training
 * puzzles only. `--train sample` fits the other way round (held-out MAE 247 against 316 for
 * guessing the mean, on 699). Prints the mean absolute error on the held-out puzzles (overall, per rating band,
 * per line length) against always guessing the training mean.
 *
 *   npx tsx bench/puzzles-difficulty.ts            fit and print
 *   npx tsx bench/puzzles-difficulty.ts --write    also write domain/puzzles/difficulty-weights.ts
 *   npx tsx bench/puzzles-difficulty.ts --train sample
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { difficultyFeatures, fitDifficulty, meanAbsoluteError, parseLichessCsv, predictDifficulty, type EngineStepFeatures } from '../domain/puzzles';

const SAMPLE_ROWS = 400; // the first 400 rows are puzzles-sample.csv
const parsed = parseLichessCsv(readFileSync(new URL('../scripts/testdata/lichess-1099.csv', import.meta.url), 'utf8'));
if (!parsed.ok) throw new Error(parsed.error.message);
const engine = new Map(
  readFileSync(new URL('../scripts/testdata/lichess-1099.features.jsonl', import.meta.url), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { id: string; steps: EngineStepFeatures[] | null })
    .map((r) => [r.id, r.steps] as const),
);
type Sample = { id: string; features: number[]; rating: number; solverMoves: number };
const samples = parsed.value.map((row, index) => {
  const steps = engine.get(row.id);
  const features = steps ? difficultyFeatures(row.fen, row.moves, steps) : null;
  return { index, sample: features ? ({ id: row.id, features, rating: row.rating, solverMoves: Math.ceil((row.moves.length - 1) / 2) } as Sample) : null };
});
// --train sample: fit on puzzles-sample and hold out puzzles-extra instead.
const fitOnExtra = !(process.argv.includes('--train') && process.argv[process.argv.indexOf('--train') + 1] === 'sample');
const inSample = (s: { index: number }) => s.index < SAMPLE_ROWS;
const train = samples.filter((s) => inSample(s) !== fitOnExtra && s.sample).map((s) => s.sample!);
const test = samples.filter((s) => inSample(s) === fitOnExtra && s.sample).map((s) => s.sample!);
const [trainName, testName] = fitOnExtra ? ['puzzles-extra', 'puzzles-sample'] : ['puzzles-sample', 'puzzles-extra'];
console.log(`features for ${train.length} training puzzles (${trainName}) and ${test.length} held-out (${testName})`);

function crossValidated(ridge: number): number {
  let total = 0;
  for (let fold = 0; fold < 5; fold++) {
    const model = fitDifficulty(train.filter((_, i) => i % 5 !== fold), ridge);
    const held = train.filter((_, i) => i % 5 === fold);
    total += meanAbsoluteError(model, held) * held.length;
  }
  return total / train.length;
}
const ridges = [0.1, 1, 10, 30, 100, 300];
const scores = ridges.map((r) => [r, crossValidated(r)] as const);
for (const [r, mae] of scores) console.log(`ridge ${r}: cross-validated MAE ${mae.toFixed(0)}`);
const ridge = [...scores].sort((a, b) => a[1] - b[1])[0]![0];
const model = fitDifficulty(train, ridge);
const meanRating = train.reduce((s, x) => s + x.rating, 0) / train.length;
const baseline = test.reduce((s, x) => s + Math.abs(meanRating - x.rating), 0) / test.length;
console.log(`\nheld-out MAE (${test.length} puzzles): model ${meanAbsoluteError(model, test).toFixed(0)}, training-mean guess ${baseline.toFixed(0)}; training MAE ${meanAbsoluteError(model, train).toFixed(0)} (ridge ${ridge})`);
const row = (label: string, xs: Sample[]) => xs.length && console.log(`${label.padEnd(16)} ${String(xs.length).padStart(4)}  MAE ${meanAbsoluteError(model, xs).toFixed(0).padStart(4)}  mean predicted ${(xs.reduce((s, x) => s + predictDifficulty(model, x.features), 0) / xs.length).toFixed(0).padStart(5)}  mean Lichess ${(xs.reduce((s, x) => s + x.rating, 0) / xs.length).toFixed(0).padStart(5)}`);
console.log('held-out by Lichess rating band:');
for (let lo = 400; lo < 2800; lo += 400) row(`${lo}-${lo + 399}`, test.filter((x) => x.rating >= lo && x.rating < lo + 400));
console.log('held-out by solver moves:');
for (const n of [1, 2, 3]) row(n === 3 ? '3+ moves' : `${n} move${n > 1 ? 's' : ''}`, test.filter((x) => (n === 3 ? x.solverMoves >= 3 : x.solverMoves === n)));
const corr = (() => {
  const p = test.map((x) => predictDifficulty(model, x.features));
  const r = test.map((x) => x.rating);
  const m = (a: number[]) => a.reduce((s, v) => s + v, 0) / a.length;
  const mp = m(p), mr = m(r);
  const cov = p.reduce((s, v, i) => s + (v - mp) * (r[i]! - mr), 0);
  return cov / Math.sqrt(p.reduce((s, v) => s + (v - mp) ** 2, 0) * r.reduce((s, v) => s + (v - mr) ** 2, 0));
})();
console.log(`held-out correlation ${corr.toFixed(3)}`);

if (process.argv.includes('--write')) {
  const round = (xs: readonly number[]) => xs.map((x) => Math.round(x * 1e4) / 1e4);
  writeFileSync(
    new URL('../domain/puzzles/difficulty-weights.ts', import.meta.url),
    `/** Written by bench/puzzles-difficulty.ts --write: the difficulty model fitted on ${trainName} (ridge ${ridge}; held-out MAE ${meanAbsoluteError(model, test).toFixed(0)}). */\n` +
      `import type { DifficultyModel } from './difficulty-model';\n\n` +
      `export const DIFFICULTY_MODEL: DifficultyModel = {\n  means: [${round(model.means).join(', ')}],\n  sds: [${round(model.sds).join(', ')}],\n  weights: [${round(model.weights).join(', ')}],\n  intercept: ${Math.round(model.intercept * 10) / 10},\n};\n`,
  );
  console.log('wrote domain/puzzles/difficulty-weights.ts');
}
