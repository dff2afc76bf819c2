/**
 * Issue 21's "next puzzle shown in under 100 ms offline": the trainer's choice of the next puzzle
 * (domain/puzzles/next.ts, what app/features/puzzles/puzzles.ts's choosePuzzle runs on the device's pack) over
 * a pack of the shipped puzzles (content/trainer: 2,036, more than a device ever holds), in Node.
 * - warm: the pack already read (choosePuzzle keeps it in memory until it changes): one choice,
 *   rated, theme, streak and daily requests in turn, a student who has tried 500 puzzles;
 * - cold: the first choice after the pack changed: every stored row validated again
 *   (trainerPuzzleSchema, as storedPuzzles does after the Dexie read), then the choice.
 * The Dexie read itself (IndexedDB) is not in Node; the app measures it in the browser.
 * Prints the median and the 95th percentile in milliseconds.
 *
 *   npx tsx bench/puzzles-next.ts [--runs 2000]
 */
import { parseArgs } from 'node:util';
import { nextPuzzle, type PackProfile, type PuzzleRequest } from '../domain/puzzles/next';
import { seededRandom } from '../domain/strength';
import { PUZZLE_THEMES, trainerPuzzleSchema, type TrainerPuzzle } from '../schema';
import { loadTrainerPuzzles } from '../scripts/puzzle-content';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '2000' } } });
const runs = Number(values.runs);
const BUDGET_MS = 100;

const { lichess, generated } = loadTrainerPuzzles();
const stored: unknown[] = [...lichess, ...generated].map(({ origin: _origin, ...puzzle }) => JSON.parse(JSON.stringify(puzzle)) as unknown);
const pack: TrainerPuzzle[] = stored.map((row) => trainerPuzzleSchema.parse(row));
const random = seededRandom(21);
const attempted = pack.filter(() => random() < 500 / pack.length).map((p) => p.id);
const profile: PackProfile = { rating: 1150, attempted, daily: null, day: '' };
const today = new Date().toISOString().slice(0, 10);

const requests: PuzzleRequest[] = [
  { mode: 'rated' },
  ...PUZZLE_THEMES.map((theme): PuzzleRequest => ({ mode: 'theme', theme })),
  { mode: 'streak', index: 12, used: attempted.slice(0, 12) },
  { mode: 'daily' },
];

function time(fn: () => unknown): number {
  const started = performance.now();
  fn();
  return performance.now() - started;
}

function summary(label: string, samples: number[]): boolean {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  const ok = at(0.95) < BUDGET_MS;
  console.log(`  ${label.padEnd(44)} median ${at(0.5).toFixed(3)} ms  p95 ${at(0.95).toFixed(3)} ms  max ${sorted.at(-1)!.toFixed(3)} ms  ${ok ? 'under' : 'OVER'} ${BUDGET_MS} ms`);
  return ok;
}

// Warm-up, so the first timed runs are not the JIT's.
for (let i = 0; i < 200; i++) nextPuzzle(pack, profile, requests[i % requests.length]!, { today, random });

const warm = Array.from({ length: runs }, (_, i) => time(() => nextPuzzle(pack, profile, requests[i % requests.length]!, { today, random })));
const coldRuns = Math.max(20, Math.round(runs / 20));
const cold = Array.from({ length: coldRuns }, (_, i) =>
  time(() => nextPuzzle(stored.map((row) => trainerPuzzleSchema.parse(row)), profile, requests[i % requests.length]!, { today, random })),
);

console.log(`Next puzzle from a pack of ${pack.length} puzzles (${attempted.length} tried), ${requests.length} kinds of request in turn:`);
const ok = [summary(`warm (pack in memory), ${runs} choices`, warm), summary(`cold (pack validated again), ${coldRuns} choices`, cold)];
process.exit(ok.every(Boolean) ? 0 : 1);
