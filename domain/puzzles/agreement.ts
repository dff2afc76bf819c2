/**
 * How far our tagger agrees with Lichess's on Lichess's own puzzles: per theme, precision (of our
 * tags, how many Lichess has) and recall (of Lichess's, how many we find); agreement is the lower
 * of the two. Only rows Lichess's tagger has read count: a row whose themes hold none of its
 * verdicts (mate, crushing, advantage, equality) carries only phase tags and says nothing. Pure.
 */
import type { PuzzleTheme } from '../../schema/puzzles';
import type { LichessPuzzleRow } from './lichess';
import { tagThemes } from './themes';

const VERDICTS = ['mate', 'crushing', 'advantage', 'equality'];

export const isTaggedByLichess = (row: Pick<LichessPuzzleRow, 'themes'>): boolean => row.themes.some((t) => VERDICTS.includes(t));

export interface ThemeAgreement {
  theme: PuzzleTheme;
  truePositives: number;
  falsePositives: number;
  falseNegatives: number;
  precision: number;
  recall: number;
  agreement: number;
  /** Ids of puzzles we tag and Lichess does not, then the reverse (for reading). */
  extra: string[];
  missed: string[];
}

export function themeAgreement(rows: readonly LichessPuzzleRow[], themes: readonly PuzzleTheme[]): ThemeAgreement[] {
  const tagged = rows.filter(isTaggedByLichess).map((row) => ({ row, ours: new Set(tagThemes(row.fen, row.moves)) }));
  return themes.map((theme) => {
    const extra: string[] = [];
    const missed: string[] = [];
    let truePositives = 0;
    for (const { row, ours } of tagged) {
      const theirs = row.themes.includes(theme);
      if (ours.has(theme) && theirs) truePositives++;
      else if (ours.has(theme)) extra.push(row.id);
      else if (theirs) missed.push(row.id);
    }
    const precision = truePositives + extra.length === 0 ? 1 : truePositives / (truePositives + extra.length);
    const recall = truePositives + missed.length === 0 ? 1 : truePositives / (truePositives + missed.length);
    return { theme, truePositives, falsePositives: extra.length, falseNegatives: missed.length, precision, recall, agreement: Math.min(precision, recall), extra, missed };
  });
}
