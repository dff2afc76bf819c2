/**
 * The puzzle themes' names in the app's language (issue 28): schema's PUZZLE_THEME_LABELS are the
 * English source, kept there for the server and the content scripts.
 */
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { PuzzleTheme } from '../../../schema';

export const PUZZLE_THEME_NAMES: Readonly<Record<PuzzleTheme, MessageDescriptor>> = {
  fork: msg`Fork`,
  pin: msg`Pin`,
  skewer: msg`Skewer`,
  hangingPiece: msg`Hanging piece`,
  discoveredAttack: msg`Discovered attack`,
  mateIn1: msg`Mate in 1`,
  mateIn2: msg`Mate in 2`,
  mateIn3: msg`Mate in 3`,
  backRankMate: msg`Back-rank mate`,
  smotheredMate: msg`Smothered mate`,
  promotion: msg`Promotion`,
  endgame: msg`Endgame`,
  pawnEndgame: msg`Pawn endgame`,
  rookEndgame: msg`Rook endgame`,
  bishopEndgame: msg`Bishop endgame`,
  knightEndgame: msg`Knight endgame`,
  queenEndgame: msg`Queen endgame`,
  queenRookEndgame: msg`Queen and rook endgame`,
  mate: msg`Checkmate`,
  deflection: msg`Deflection`,
  attraction: msg`Attraction`,
  sacrifice: msg`Sacrifice`,
  doubleCheck: msg`Double check`,
  trappedPiece: msg`Trapped piece`,
  advancedPawn: msg`Advanced pawn`,
  quietMove: msg`Quiet move`,
  defensiveMove: msg`Defensive move`,
};

/** A theme's name; a tag that is no known theme keeps `fallback` (schema's puzzleTagLabel). */
export function puzzleThemeName(i18n: I18n, tag: string, fallback: string = tag): string {
  const descriptor = (PUZZLE_THEME_NAMES as Readonly<Record<string, MessageDescriptor | undefined>>)[tag];
  return descriptor ? i18n._(descriptor) : fallback;
}
