/**
 * The tagger against Lichess's on the 1,099 Lichess puzzles of scripts/testdata (no
 * engine): per theme, precision, recall and agreement (the lower), and the ids that disagree.
 *
 *   npx tsx bench/puzzles-themes.ts
 */
import { readFileSync } from 'node:fs';
import { DETECTED_THEMES, parseLichessCsv } from '../domain/puzzles';
import { isTaggedByLichess, themeAgreement } from '../domain/puzzles/agreement';

const parsed = parseLichessCsv(readFileSync(new URL('../scripts/testdata/lichess-1099.csv', import.meta.url), 'utf8'));
if (!parsed.ok) throw new Error(parsed.error.message);
const rows = parsed.value;
const started = performance.now();
const results = themeAgreement(rows, DETECTED_THEMES);
const ms = performance.now() - started;
console.log(`${rows.length} Lichess puzzles, ${rows.filter(isTaggedByLichess).length} read by Lichess's tagger; tagged in ${(ms / 1000).toFixed(1)} s`);
console.log('theme              Lichess  ours  both  precision  recall  agreement');
const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
for (const r of results) {
  console.log(
    `${r.theme.padEnd(18)} ${String(r.truePositives + r.falseNegatives).padStart(7)} ${String(r.truePositives + r.falsePositives).padStart(5)} ${String(r.truePositives).padStart(5)} ${pct(r.precision).padStart(10)} ${pct(r.recall).padStart(7)} ${pct(r.agreement).padStart(10)}`,
  );
}
for (const r of results) {
  if (r.extra.length) console.log(`${r.theme} tagged by us only: ${r.extra.slice(0, 12).join(' ')}`);
  if (r.missed.length) console.log(`${r.theme} missed: ${r.missed.slice(0, 12).join(' ')}`);
}
