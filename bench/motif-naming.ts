/**
 * How often a hint names the idea a Lichess puzzle is tagged with (bench/coach.ts, part d).
 * Lichess's themes describe the whole solution line; a hint "names" a theme when its text or its
 * learning tips use the word a child would hear for it. Also counted: hints that name a theme
 * the puzzle is not tagged with (a false naming, an upper bound: Lichess tags are not complete).
 */
import type { HintResponse } from '../schema';

/** The measured themes, the words that name each, and whether it counts toward the overall figure. */
export const NAMED_THEMES: readonly { theme: string; label: string; words: RegExp; overall: boolean }[] = [
  { theme: 'fork', label: 'fork', words: /\bfork/i, overall: true },
  { theme: 'pin', label: 'pin', words: /\bpin(s|ned|ning)?\b/i, overall: true },
  { theme: 'skewer', label: 'skewer', words: /\bskewer/i, overall: true },
  { theme: 'hangingPiece', label: 'hanging piece', words: /unprotected|undefended|\bfree\b|hanging/i, overall: true },
  { theme: 'discoveredAttack', label: 'discovered attack', words: /discovered/i, overall: true },
  { theme: 'mate', label: 'mate (any)', words: /checkmate/i, overall: true },
  { theme: 'backRankMate', label: 'back-rank mate', words: /back.rank/i, overall: true },
  { theme: 'smotheredMate', label: 'smothered mate', words: /smothered/i, overall: true },
  { theme: 'deflection', label: 'deflection', words: /deflect|lures? .* away|pulls? .* away/i, overall: false },
  { theme: 'attraction', label: 'attraction (decoy)', words: /decoy|lures?|draws? the/i, overall: false },
  { theme: 'promotion', label: 'promotion', words: /promot|new queen|becom\w* a queen/i, overall: false },
];

export interface NamingRecord {
  id: string;
  themes: readonly string[];
  hint: HintResponse;
}

export interface ThemeFigure {
  label: string;
  overall: boolean;
  tagged: number;
  named: number;
  /** Puzzles not tagged with the theme whose hint names it anyway. */
  untagged: number;
  falselyNamed: number;
  misses: string[];
}

export function hintWords(hint: HintResponse): string {
  return [hint.hint?.text ?? '', ...hint.learningTips].join(' ');
}

export function motifNaming(records: readonly NamingRecord[]): { figures: ThemeFigure[]; overall: { tagged: number; named: number } } {
  const figures = NAMED_THEMES.map(({ theme, label, words, overall }) => {
    const figure: ThemeFigure = { label, overall, tagged: 0, named: 0, untagged: 0, falselyNamed: 0, misses: [] };
    for (const record of records) {
      const named = words.test(hintWords(record.hint));
      if (record.themes.includes(theme)) {
        figure.tagged++;
        if (named) figure.named++;
        else figure.misses.push(`${record.id}: ${record.hint.hint?.text ?? record.hint.error}`);
      } else {
        figure.untagged++;
        if (named) figure.falselyNamed++;
      }
    }
    return figure;
  });
  const counted = figures.filter((f) => f.overall);
  return {
    figures,
    overall: { tagged: counted.reduce((s, f) => s + f.tagged, 0), named: counted.reduce((s, f) => s + f.named, 0) },
  };
}

export function printNaming(result: ReturnType<typeof motifNaming>, misses = 3): void {
  const pct = (n: number, d: number) => (d === 0 ? 'n/a' : `${((100 * n) / d).toFixed(1)}%`);
  for (const f of result.figures) {
    console.log(
      `   ${f.label.padEnd(20)} named ${String(f.named).padStart(3)}/${String(f.tagged).padEnd(3)} = ${pct(f.named, f.tagged).padStart(6)}` +
        `   named without the tag ${f.falselyNamed}/${f.untagged} = ${pct(f.falselyNamed, f.untagged)}${f.overall ? '' : '  (not in the overall figure)'}`,
    );
    for (const miss of f.misses.slice(0, misses)) console.log(`      missed ${miss}`);
  }
  console.log(`   overall (fork, pin, skewer, hanging, discovered, mates): ${result.overall.named}/${result.overall.tagged} = ${pct(result.overall.named, result.overall.tagged)}`);
}
