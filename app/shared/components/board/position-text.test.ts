import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { parseFen } from '../../../../domain';
import { squareWords } from '../../i18n/square-words';
import { hintLine, lastMoveLine } from './PositionText';

// No catalogue loaded: the English source texts, as 'Board for screen readers' has always read them.
const english = setupI18n({ locale: 'en', messages: { en: {} } });

describe("the text view's last move", () => {
  const afterNf3 = parseFen('rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1');
  if (!afterNf3.ok) throw new Error('the position parses');
  it.each([
    ['no move yet', null, null],
    ['the piece that moved, from its new square', { from: 'g1', to: 'f3' }, 'Last move: white knight g1 to f3'],
    ['an empty square (a move that does not match the position)', { from: 'e2', to: 'e4' }, 'Last move: e2 to e4'],
  ])('%s', (_name, lastMove, line) => {
    expect(lastMoveLine(english, squareWords(english), afterNf3.value, lastMove)).toBe(line);
  });
});

describe("the text view's hint", () => {
  it.each([
    ['none', { squares: [], arrow: null }, null],
    ['the piece to move', { squares: ['g1'], arrow: null }, 'Hint: the piece on g1'],
    ['two squares', { squares: ['g1', 'f3'], arrow: null }, 'Hint: the piece on g1 and f3'],
    ['the move', { squares: ['g1', 'f3'], arrow: { from: 'g1', to: 'f3' } }, 'Hint: g1 to f3'],
  ])('%s', (_name, hint, line) => {
    expect(hintLine(english, hint)).toBe(line);
  });

  it('joins squares as the language does', () => {
    const spanish = setupI18n({ locale: 'es', messages: { es: {} } });
    expect(hintLine(spanish, { squares: ['g1', 'f3'], arrow: null })).toBe('Hint: the piece on g1 y f3');
  });
});

