/**
 * Every shipped trainer puzzle (content/trainer/*.json, issue 21), without an engine: the schema,
 * unique ids, legal moves that end on the solver's move, the themes our detectors confirm, and
 * the rating spread. Issue 21 shipped 2,036; issue 30 dropped the 915 that fail lichess-puzzler's
 * acceptance rule at depth 14 (scripts/puzzles-check.ts), so the floor is now 1,100. The engine
 * checks are puzzles-content.engine.test.ts and scripts/puzzles-check.test.ts.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DETECTED_THEMES, difficultyFeatures, parseLichessCsv, predictDifficulty, replayPuzzle, tagThemes, type EngineStepFeatures } from '../../domain/puzzles';
import { DIFFICULTY_MODEL } from '../../domain/puzzles/difficulty-weights';
import { loadTrainerPuzzles } from '../../scripts/puzzle-content';

const SAMPLE_CSV = fileURLToPath(new URL('../../../shared/data/puzzles-sample.csv', import.meta.url));

const { lichess, generated } = loadTrainerPuzzles();
const all = [...lichess, ...generated];

// Each case walks every puzzle: over the default 5 s on a loaded 2-core machine.
describe('shipped trainer puzzles', { timeout: 60_000 }, () => {
  it('have unique ids and positions, each from the source its id names', () => {
    expect(new Set(all.map((p) => p.id)).size).toBe(all.length);
    expect(new Set(all.map((p) => p.fen.split(' ').slice(0, 4).join(' '))).size).toBe(all.length);
    for (const p of lichess) expect(p.id.startsWith('lichess:') && p.source === 'lichess').toBe(true);
    for (const p of generated) expect(p.id.startsWith('gen:') && p.source === 'generated').toBe(true);
  });

  it('are at least 1,100, spread from 400 to beyond 2,000', () => {
    expect(all.length).toBeGreaterThanOrEqual(1100);
    for (let band = 400; band < 2000; band += 400) {
      const inBand = all.filter((p) => p.rating >= band && p.rating < band + 400).length;
      expect(inBand, `${band}-${band + 399}`).toBeGreaterThanOrEqual(30);
    }
    expect(all.filter((p) => p.rating >= 2000).length, '2,000 and above').toBeGreaterThanOrEqual(10);
  });

  it('rate every generated puzzle by the difficulty model from its stored engine features', () => {
    const meta = JSON.parse(readFileSync(fileURLToPath(new URL('../../content/trainer/generated.meta.json', import.meta.url)), 'utf8')) as {
      features: Record<string, { steps: EngineStepFeatures[] }>;
    };
    for (const p of generated) {
      const steps = meta.features[p.id]?.steps;
      const features = steps && difficultyFeatures(p.fen, p.moves, steps);
      expect(features ? predictDifficulty(DIFFICULTY_MODEL, features) : 'no features', p.id).toBe(p.rating);
    }
  });

  it('play legally and end on the solver’s move', () => {
    for (const p of all) {
      const replay = replayPuzzle(p.fen, p.moves);
      expect(replay.ok ? 'legal' : `${p.id}: ply ${replay.ply} ${replay.reason}`).toBe('legal');
      expect(p.moves.length % 2, p.id).toBe(0);
    }
  });

  it('carry only themes our detectors find (where we have a detector)', () => {
    for (const p of all) {
      const found = new Set(tagThemes(p.fen, p.moves));
      const missing = p.themes.filter((t) => DETECTED_THEMES.includes(t) && !found.has(t));
      expect(missing, p.id).toEqual([]);
    }
  }, 120_000);

  it.skipIf(!existsSync(SAMPLE_CSV))('never ship a puzzle of the generator bench (../shared/data/puzzles-sample.csv)', () => {
    const sample = parseLichessCsv(readFileSync(SAMPLE_CSV, 'utf8'));
    if (!sample.ok) throw new Error(sample.error.message);
    const ids = new Set(all.map((p) => p.id));
    expect(sample.value.filter((s) => ids.has(`lichess:${s.id}`)).map((s) => s.id)).toEqual([]);
  });
});
