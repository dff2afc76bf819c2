/**
 * The Lichess puzzle database's CSV (CC0): one puzzle a line, columns PuzzleId, FEN, Moves,
 * Rating, RatingDeviation, Popularity, NbPlays, Themes, GameUrl, OpeningTags, DailyDate. Its
 * theme keys are ours where we have them (schema/puzzles.ts spells them as Lichess does); the
 * others are dropped. Pure.
 */
import { PUZZLE_THEMES, type PuzzleTheme } from '../../schema/puzzles';

export interface LichessPuzzleRow {
  id: string;
  fen: string;
  moves: string[];
  rating: number;
  ratingDeviation: number;
  themes: string[];
  gameUrl: string;
}

export type LichessParseError = { code: 'ERR_PUZZLE_CSV_LINE'; line: number; message: string };

const HEADER = 'PuzzleId,FEN,Moves,Rating,RatingDeviation,Popularity,NbPlays,Themes,GameUrl';

/** Every puzzle of the file; the first error stops the parse. No field of this CSV is quoted. */
export function parseLichessCsv(text: string): { ok: true; value: LichessPuzzleRow[] } | { ok: false; error: LichessParseError } {
  const lines = text.split(/\r?\n/).filter((l) => l.trim() !== '');
  if (!lines[0]?.startsWith(HEADER)) return { ok: false, error: { code: 'ERR_PUZZLE_CSV_LINE', line: 1, message: `expected the header ${HEADER}` } };
  const rows: LichessPuzzleRow[] = [];
  for (const [i, line] of lines.slice(1).entries()) {
    const [id, fen, moves, rating, deviation, , , themes, gameUrl] = line.split(',');
    const ratingValue = Number(rating);
    const deviationValue = Number(deviation);
    if (!id || !fen || !moves || !Number.isInteger(ratingValue) || !Number.isInteger(deviationValue)) {
      return { ok: false, error: { code: 'ERR_PUZZLE_CSV_LINE', line: i + 2, message: 'missing id, FEN, moves or rating' } };
    }
    rows.push({
      id,
      fen,
      moves: moves.split(' '),
      rating: ratingValue,
      ratingDeviation: deviationValue,
      themes: (themes ?? '').split(' ').filter(Boolean),
      gameUrl: gameUrl ?? '',
    });
  }
  return { ok: true, value: rows };
}

const OURS = new Set<string>(PUZZLE_THEMES);

/** Lichess theme keys we also have, in our order; mateIn4 and mateIn5 count as 'mate' (Lichess tags that too). */
export function mapLichessThemes(themes: readonly string[]): PuzzleTheme[] {
  const given = new Set(themes);
  return PUZZLE_THEMES.filter((t) => given.has(t) && OURS.has(t));
}
