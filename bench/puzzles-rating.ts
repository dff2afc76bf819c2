/**
 * The puzzle trainer's rating model (issue 21): simulated solvers of true rating R from 600 to
 * 2,200 (each puzzle solved with the chance the model expects), 200 puzzles each from a start of
 * 1,200, served as the trainer serves them. Prints, per R, the final rating's error (mean,
 * largest and standard deviation over 50 runs), the final deviation, and the success rate over
 * all puzzles and over the second hundred against the aim; then a new student's first puzzles
 * (issue 30): the largest swing in the first ten, the mean swing at puzzles 1, 5, 10 and 20, the
 * puzzles until the rating stops being provisional, and the error after 10 and 20 puzzles, with
 * the trainer's cap and with Glicko-2 alone (what the cap changed).
 * `npx tsx bench/puzzles-rating.ts`
 */
import { PUZZLE_MAX_CHANGE, PUZZLE_START_RD, SUCCESS_AIM } from '../domain/puzzles/rating';
import { simulateSolver, syntheticPool } from '../domain/puzzles/simulate';

const RUNS = 50;
const pool = syntheticPool();
console.log(`Pool: ${pool.length} puzzles, 300 to 2800; aim ${SUCCESS_AIM}; ${RUNS} runs per rating, 200 puzzles each, start 1200`);
console.log('true R | mean error | worst error | sd error | within 100 | final RD | success all | success 101-200');
for (let trueRating = 600; trueRating <= 2200; trueRating += 200) {
  const results = Array.from({ length: RUNS }, (_, seed) => simulateSolver(trueRating, pool, { seed: seed + 1 }));
  const errors = results.map((r) => r.finalRating - trueRating);
  const mean = errors.reduce((a, e) => a + e, 0) / RUNS;
  const sd = Math.sqrt(errors.reduce((a, e) => a + (e - mean) ** 2, 0) / RUNS);
  const worst = Math.max(...errors.map(Math.abs));
  const within = errors.filter((e) => Math.abs(e) < 100).length;
  const rd = results.reduce((a, r) => a + r.finalRd, 0) / RUNS;
  const all = results.reduce((a, r) => a + r.solved / r.served, 0) / RUNS;
  const late = results.reduce((a, r) => a + r.solvedSecondHalf / 100, 0) / RUNS;
  console.log(
    `${String(trueRating).padStart(6)} | ${mean.toFixed(1).padStart(10)} | ${worst.toFixed(1).padStart(11)} | ${sd.toFixed(1).padStart(8)} | ${`${within}/${RUNS}`.padStart(10)} | ${rd.toFixed(1).padStart(8)} | ${all.toFixed(3).padStart(11)} | ${late.toFixed(3).padStart(15)}`,
  );
}

const NEW_STUDENT_RULES = [
  ['the trainer (each attempt capped at PUZZLE_MAX_CHANGE)', PUZZLE_MAX_CHANGE],
  ['Glicko-2 alone (before issue 30)', Infinity],
] as const;
for (const [rule, maxChange] of NEW_STUDENT_RULES) {
  console.log(`\nA new student (start 1200, deviation ${PUZZLE_START_RD}), ${rule}:`);
  console.log('true R | largest swing 1-10 | mean swing #1 | #5 | #10 | #20 | provisional for | |error| after 10 | after 20');
  for (let trueRating = 600; trueRating <= 2000; trueRating += 200) {
    const results = Array.from({ length: RUNS }, (_, seed) => simulateSolver(trueRating, pool, { seed: seed + 1, puzzles: 30, maxChange }));
    const avg = (f: (r: (typeof results)[number]) => number) => results.reduce((a, r) => a + f(r), 0) / RUNS;
    const largest = Math.max(...results.map((r) => Math.max(...r.changes.slice(0, 10).map(Math.abs))));
    const swing = (i: number) => avg((r) => Math.abs(r.changes[i] ?? 0)).toFixed(0);
    console.log(
      `${String(trueRating).padStart(6)} | ${largest.toFixed(0).padStart(18)} | ${swing(0).padStart(13)} | ${swing(4).padStart(3)} | ${swing(9).padStart(3)} | ${swing(19).padStart(3)} | ${avg((r) => r.provisionalGames).toFixed(1).padStart(15)} | ${avg((r) => Math.abs(r.ratings[9]! - trueRating)).toFixed(0).padStart(16)} | ${avg((r) => Math.abs(r.ratings[19]! - trueRating)).toFixed(0).padStart(8)}`,
    );
  }
}
