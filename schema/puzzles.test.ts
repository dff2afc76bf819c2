import { describe, expect, it } from 'vitest';
import { puzzleTagLabel } from './puzzles';

describe('puzzleTagLabel: tags as a child reads them (issue 20)', () => {
  it.each([
    ['mateIn1', 'Mate in 1'],
    ['mate', 'Checkmate'],
    ['backRankMate', 'Back-rank mate'],
    ['kingsideAttack', 'Kingside attack'],
    ['rookEndgame', 'Rook endgame'],
    ['advancedPawn', 'Advanced pawn'],
    ['middlegame', 'Middlegame'],
    ['mateIn10', 'Mate in 10'],
  ])('%s -> %s', (tag, label) => {
    expect(puzzleTagLabel(tag)).toBe(label);
  });
});
