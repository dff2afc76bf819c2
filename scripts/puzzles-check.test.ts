/**
 * lichess-puzzler's acceptance rule (domain/puzzles/puzzler-rule.ts) on the shipped pack with the
 * real Stockfish at CHECK_DEPTH (deeper than the generator's): a small sample that rotates with
 * the UTC day (a few seconds); PUZZLES_OFFSET=k replays one day's. The whole pack on demand:
 * npx tsx scripts/puzzles-check.ts --all (about 4 minutes).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadTrainerPuzzles } from './puzzle-content';
import { startPuzzleEngine, type ScriptEngine } from './puzzle-engine';
import { CHECK_DEPTH, checkPuzzle, rotatingSample, SAMPLE_SIZE } from './puzzles-check';

const { lichess, generated } = loadTrainerPuzzles();
const sample = rotatingSample([...lichess, ...generated], SAMPLE_SIZE);

let engine: ScriptEngine;
beforeAll(async () => {
  engine = await startPuzzleEngine();
}, 60_000);
afterAll(() => engine?.terminate());

describe(`lichess-puzzler's rule at depth ${CHECK_DEPTH} on ${sample.length} shipped puzzles`, () => {
  it.each(sample.map((p) => [p.id, p] as const))('%s', async (_, puzzle) => {
    await engine.newGame();
    const verdict = await checkPuzzle(engine, puzzle, CHECK_DEPTH);
    expect(verdict.ok ? 'ok' : `step ${verdict.step}: ${verdict.reason}`).toBe('ok');
  }, 60_000);
});
