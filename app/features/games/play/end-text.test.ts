import { setupI18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { describe, expect, it } from 'vitest';
import type { GameEnd } from '../../../../domain';
import { endText, gameOverLine } from './end-text';

// No catalogue loaded: the English source texts, which must stay the spec's (e2e matches them).
const english = setupI18n({ locale: 'en', messages: { en: {} } });

describe('endText: the end banner in words', () => {
  it.each<[string, GameEnd, ReturnType<typeof endText>]>([
    ['White mates', { reason: 'checkmate', winner: 'w' }, { title: 'Checkmate!', detail: 'White wins!', reason: null }],
    ['Black mates', { reason: 'checkmate', winner: 'b' }, { title: 'Checkmate!', detail: 'Black wins!', reason: null }],
    ['stalemate', { reason: 'stalemate', winner: null }, { title: 'Draw!', detail: 'The game ended in a draw.', reason: 'Stalemate: the side to move has no legal move and is not in check.' }],
    ['too few pieces', { reason: 'insufficient_material', winner: null }, { title: 'Draw!', detail: 'The game ended in a draw.', reason: 'Neither side has enough pieces left to checkmate.' }],
    ['repetition', { reason: 'threefold_repetition', winner: null }, { title: 'Draw!', detail: 'The game ended in a draw.', reason: 'The same position appeared three times.' }],
    ['fifty moves', { reason: 'fifty_move_rule', winner: null }, { title: 'Draw!', detail: 'The game ended in a draw.', reason: 'Fifty moves by each side without a capture or a pawn move.' }],
  ])('%s', (_name, end, text) => {
    expect(endText(english, end)).toEqual(text);
  });
});

describe('gameOverLine: the analysis card of a finished game', () => {
  it.each<[GameEnd, string]>([
    [{ reason: 'checkmate', winner: 'w' }, 'Checkmate! White wins! The game is over.'],
    [{ reason: 'threefold_repetition', winner: null }, 'Draw! The same position appeared three times. The game is over.'],
  ])('%j', (end, line) => {
    expect(gameOverLine(english, end)).toBe(line);
  });

  it('takes its words from the catalogue of the language in effect', () => {
    const id = (descriptor: { id?: string }) => descriptor.id ?? '';
    const french = setupI18n({
      locale: 'fr',
      messages: { fr: { [id(msg`Checkmate!`)]: 'Échec et mat !', [id(msg`White wins!`)]: 'Les Blancs gagnent !', [id(msg`The game is over.`)]: 'La partie est finie.' } },
    });
    expect(gameOverLine(french, { reason: 'checkmate', winner: 'w' })).toBe('Échec et mat ! Les Blancs gagnent ! La partie est finie.');
  });
});
