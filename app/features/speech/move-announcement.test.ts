import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { chessWords } from '../../shared/i18n/chess-words';
import { announceMove as announceIn, moverOf } from './move-announcement';

// No catalogue loaded: the app's English source texts, which say a move as domain's English does.
const english = chessWords(setupI18n({ locale: 'en', messages: { en: {} } }));
const announceMove = (san: string, color: 'w' | 'b') => announceIn(san, color, english);

describe('announceMove', () => {
  it('names the side, the piece and the square', () => {
    expect(announceMove('e4', 'w')).toBe('White pawn to e4.');
    expect(announceMove('Nf6', 'b')).toBe('Black knight to f6.');
    expect(announceMove('Qxh5', 'w')).toBe('White queen takes h5.');
    expect(announceMove('exd5', 'b')).toBe('Black pawn takes d5.');
  });

  it('says check, checkmate, castling and promotion', () => {
    expect(announceMove('Bb5+', 'w')).toBe('White bishop to b5, check.');
    expect(announceMove('Qh4#', 'b')).toBe('Black queen to h4, checkmate.');
    expect(announceMove('O-O', 'w')).toBe('White castles kingside.');
    expect(announceMove('O-O-O+', 'b')).toBe('Black castles queenside, check.');
    expect(announceMove('exd8=Q#', 'w')).toBe('White pawn takes d8, promotes to queen, checkmate.');
    expect(announceMove('Rfe1', 'w')).toBe('White rook to e1.');
  });

  it('counts the mover from White', () => {
    expect([0, 1, 2].map(moverOf)).toEqual(['w', 'b', 'w']);
  });
});
