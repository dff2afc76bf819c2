/**
 * The puzzle trainer's rating model (issue 21): simulated solvers of true rating R from 600 to
 * 2,200 (each puzzle solved with the chance the model expects), 200 puzzles each from a start of
 * 1,200, served as the trainer serves them. Prints, per R, the final rating's error (mean,
 * largest and standard deviation over 50 runs), the final deviation, and the success rate over
 * all puzzles and over the second hundred against the aim; then a new student's first puzzles
 * (issue 30): the mean swing at each of the first ten puzzles and the largest, per true rating the
 * mean swing at puzzles 1, 5, 10 and 20, the puzzles until the rating stops being provisional,
 * and the error after 5, 10 and 20 puzzles, under Glicko-2 alone, the first cap (the rating's
 * change only) and the trainer's rule (what each changed).
 * `npx tsx bench/puzzles-rating.ts`
 */
import { PUZZLE_MAX_CHANGE, PUZZLE_START_RD, ratePuzzleAttempt, SUCCESS_AIM } from '../domain/puzzles/rating';
import { glickoAlone, ratingChangeCapOnly, simulateSolver, syntheticPool, type RatingRule } from '../domain/puzzles/simulate';

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

const NEW_STUDENT_RULES: readonly { name: string; startRd: number; rate: RatingRule }[] = [
  { name: 'Glicko-2 alone (issue 21)', startRd: 300, rate: glickoAlone },
  { name: `the rating's change capped at ${PUZZLE_MAX_CHANGE}, the deviation as Glicko-2's (issue 30, first cut)`, startRd: 300, rate: ratingChangeCapOnly },
  { name: `the trainer: Glicko-2's step taken in part beyond ${PUZZLE_MAX_CHANGE}, deviation and all`, startRd: PUZZLE_START_RD, rate: ratePuzzleAttempt },
];
const NEW_STUDENT_RATINGS = [600, 800, 1000, 1200, 1400, 1600, 1800, 2000];
for (const rule of NEW_STUDENT_RULES) {
  const byRating = NEW_STUDENT_RATINGS.map((trueRating) => ({
    trueRating,
    results: Array.from({ length: RUNS }, (_, seed) => simulateSolver(trueRating, pool, { seed: seed + 1, puzzles: 30, startRd: rule.startRd, rate: rule.rate })),
  }));
  const everyRun = byRating.flatMap((r) => r.results);
  const meanSwing = (i: number) => everyRun.reduce((a, r) => a + Math.abs(r.changes[i] ?? 0), 0) / everyRun.length;
  const largest = Math.max(...everyRun.map((r) => Math.max(...r.changes.slice(0, 10).map(Math.abs))));
  console.log(`\nA new student (start 1200, deviation ${rule.startRd}), ${rule.name}:`);
  console.log(`mean swing at puzzles 1-10 (all true ratings): ${Array.from({ length: 10 }, (_, i) => meanSwing(i).toFixed(0)).join(' ')}; largest ${largest.toFixed(0)}`);
  console.log('true R | largest swing 1-10 | mean swing #1 | #5 | #10 | #20 | provisional for | |error| after 5 | after 10 | after 20');
  for (const { trueRating, results } of byRating) {
    const avg = (f: (r: (typeof results)[number]) => number) => results.reduce((a, r) => a + f(r), 0) / RUNS;
    const largestHere = Math.max(...results.map((r) => Math.max(...r.changes.slice(0, 10).map(Math.abs))));
    const swing = (i: number) => avg((r) => Math.abs(r.changes[i] ?? 0)).toFixed(0);
    const error = (i: number) => avg((r) => Math.abs(r.ratings[i]! - trueRating)).toFixed(0);
    console.log(
      `${String(trueRating).padStart(6)} | ${largestHere.toFixed(0).padStart(18)} | ${swing(0).padStart(13)} | ${swing(4).padStart(3)} | ${swing(9).padStart(3)} | ${swing(19).padStart(3)} | ${avg((r) => r.provisionalGames).toFixed(1).padStart(15)} | ${error(4).padStart(15)} | ${error(9).padStart(8)} | ${error(19).padStart(8)}`,
    );
  }
  const overall = (i: number) => (everyRun.reduce((a, r) => a + Math.abs(r.ratings[i]! - r.trueRating), 0) / everyRun.length).toFixed(0);
  console.log(`all true ratings: |error| after 5 ${overall(4)}, after 10 ${overall(9)}, after 20 ${overall(19)}`);
}
