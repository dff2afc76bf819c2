/**
 * The real Stockfish checks the shipped trainer puzzles (issue 21) as the generator's last gate
 * does (domain/puzzles/verify.ts at PUZZLE_CHECK_DEPTH, from a clean hash for every puzzle): the
 * first solver position is a puzzle start, and at each solver step the solution's move is the
 * engine's best and the only one (any mate where the solution mates at once).
 *
 * The whole set (about 2,000 puzzles, 2 to 3 solver steps each) takes several minutes, too long
 * for CI: by default a deterministic sample of SAMPLE_SIZE puzzles (about 25 s) is checked, every n-th
 * puzzle from an offset that rotates with the day (PUZZLES_OFFSET=k picks one), so successive
 * runs cover the whole set. PUZZLES=all checks every puzzle.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUZZLE_CHECK_DEPTH, verifyPuzzle } from '../../domain/puzzles';
import { startPuzzleEngine, type ScriptEngine } from '../../scripts/puzzle-engine';
import { loadTrainerPuzzles } from '../../scripts/puzzle-content';

export const SAMPLE_SIZE = 200;

const { lichess, generated } = loadTrainerPuzzles();
const all = [...lichess, ...generated];
const stride = Math.max(1, Math.ceil(all.length / SAMPLE_SIZE));
const offset = Number(process.env.PUZZLES_OFFSET ?? Math.floor(Date.now() / 86_400_000)) % stride;
const checked = process.env.PUZZLES === 'all' ? all : all.filter((_, i) => i % stride === offset);

let engine: ScriptEngine;
beforeAll(async () => {
  engine = await startPuzzleEngine();
}, 60_000);
afterAll(() => engine?.terminate());

describe(`Stockfish agrees with the shipped puzzles (${checked.length} of ${all.length}, offset ${offset} of ${stride})`, () => {
  it.each(checked.map((p) => [p.id, p] as const))('%s', async (_, puzzle) => {
    await engine.newGame();
    const verdict = await verifyPuzzle(engine, puzzle.fen, puzzle.moves, PUZZLE_CHECK_DEPTH);
    expect(verdict.ok ? 'ok' : `ply ${verdict.ply}: ${verdict.reason}`).toBe('ok');
  }, 30_000);
});
