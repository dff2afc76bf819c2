import { z } from 'zod';

/**
 * The puzzle trainer's shipped puzzles (issue 21): the CC0 Lichess puzzles copied into
 * content/trainer/lichess.json and the ones `npm run puzzles:generate` makes
 * (content/trainer/generated.json). Written the way the Lichess puzzle database writes them:
 * `fen` is the position BEFORE the opponent's first move, `moves[0]` is that move (played on the
 * board for the student), and from there the moves alternate: the solver's at odd indices, the
 * opponent's replies at even ones. The solver's moves are the only winning ones at each step
 * (a mate in one counts wherever the position has several).
 */

/** Theme keys as the Lichess puzzle database spells them; the app shows `PUZZLE_THEME_LABELS`. */
export const PUZZLE_THEMES = [
  'fork',
  'pin',
  'skewer',
  'hangingPiece',
  'discoveredAttack',
  'mateIn1',
  'mateIn2',
  'mateIn3',
  'backRankMate',
  'smotheredMate',
  'promotion',
  'endgame',
  'pawnEndgame',
  'rookEndgame',
  'bishopEndgame',
  'knightEndgame',
  'queenEndgame',
  'queenRookEndgame',
  'mate',
  'deflection',
  'attraction',
  'sacrifice',
  'doubleCheck',
  'trappedPiece',
  'advancedPawn',
  'quietMove',
  'defensiveMove',
] as const;
export type PuzzleTheme = (typeof PUZZLE_THEMES)[number];

export const PUZZLE_THEME_LABELS: Readonly<Record<PuzzleTheme, string>> = {
  fork: 'Fork',
  pin: 'Pin',
  skewer: 'Skewer',
  hangingPiece: 'Hanging piece',
  discoveredAttack: 'Discovered attack',
  mateIn1: 'Mate in 1',
  mateIn2: 'Mate in 2',
  mateIn3: 'Mate in 3',
  backRankMate: 'Back-rank mate',
  smotheredMate: 'Smothered mate',
  promotion: 'Promotion',
  endgame: 'Endgame',
  pawnEndgame: 'Pawn endgame',
  rookEndgame: 'Rook endgame',
  bishopEndgame: 'Bishop endgame',
  knightEndgame: 'Knight endgame',
  queenEndgame: 'Queen endgame',
  queenRookEndgame: 'Queen and rook endgame',
  mate: 'Checkmate',
  deflection: 'Deflection',
  attraction: 'Attraction',
  sacrifice: 'Sacrifice',
  doubleCheck: 'Double check',
  trappedPiece: 'Trapped piece',
  advancedPawn: 'Advanced pawn',
  quietMove: 'Quiet move',
  defensiveMove: 'Defensive move',
};

/**
 * A puzzle tag as the app shows it: the label of a known theme, else the Lichess key split at its
 * capitals and digits ('kingsideAttack' -> 'Kingside attack', 'rookEndgame' -> 'Rook endgame').
 */
export function puzzleTagLabel(tag: string): string {
  const known = (PUZZLE_THEME_LABELS as Readonly<Record<string, string>>)[tag];
  if (known !== undefined) return known;
  const words = tag.replace(/([a-z])([A-Z0-9])/g, '$1 $2').replace(/([0-9])([A-Za-z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export const PUZZLE_SOURCES = ['lichess', 'generated'] as const;
export type PuzzleSource = (typeof PUZZLE_SOURCES)[number];

const uciSchema = z.string().regex(/^[a-h][1-8][a-h][1-8][qrbn]?$/);

/** One shipped trainer puzzle. `id` is 'lichess:<LichessId>' or 'gen:<hash of fen and moves>'. */
export const trainerPuzzleContentSchema = z.strictObject({
  id: z.string().regex(/^(lichess:[A-Za-z0-9]{5,8}|gen:[a-z0-9]{8,40})$/),
  source: z.enum(PUZZLE_SOURCES),
  fen: z.string().min(15).max(100),
  /** moves[0] is the opponent's move; the solver's moves are at odd indices (at least one). */
  moves: z.array(uciSchema).min(2).max(16),
  rating: z.number().int().min(300).max(3200),
  ratingDeviation: z.number().int().min(0).max(500),
  themes: z.array(z.enum(PUZZLE_THEMES)).max(8),
  /** Where it came from: the Lichess game URL, or what the generator read or played. */
  origin: z.string().max(200).optional(),
});
export type TrainerPuzzleContent = z.infer<typeof trainerPuzzleContentSchema>;

export const trainerPuzzleFileSchema = z.array(trainerPuzzleContentSchema);
