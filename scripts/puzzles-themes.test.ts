/**
 * The tagger agrees with Lichess's on Lichess's own puzzles (the 1,099 of testdata/, CC0): each
 * theme we detect, at least 90% as the lower of precision and recall (issue 30). The figures
 * themselves: npx tsx bench/puzzles-themes.ts.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { themeAgreement } from '../domain/puzzles/agreement';
import { parseLichessCsv } from '../domain/puzzles/lichess';
import { DETECTED_THEMES } from '../domain/puzzles/themes';

const parsed = parseLichessCsv(readFileSync(new URL('./testdata/lichess-1099.csv', import.meta.url), 'utf8'));
if (!parsed.ok) throw new Error(parsed.error.message);
const rows = parsed.value;

describe('the tagger on 1,099 Lichess puzzles', () => {
  it('reads every row', () => expect(rows).toHaveLength(1099));
  const results = themeAgreement(rows, DETECTED_THEMES);
  it.each(results.map((r) => [r.theme, r] as const))('%s: agreement at least 90%', (_, r) => {
    expect(r.truePositives + r.falseNegatives, 'Lichess tags it somewhere').toBeGreaterThan(0);
    const percent = Math.round(r.agreement * 1000) / 10;
    expect(percent, `${r.theme}: ours only ${r.extra.join(' ')}; missed ${r.missed.join(' ')}`).toBeGreaterThanOrEqual(90);
  });
});
