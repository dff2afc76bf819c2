import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { isLightSquare, pieceOfCode, squareForKey, squareName } from './board-keys';
import { squareWords } from '../../i18n/square-words';

// No catalogue loaded: the English source texts.
const english = setupI18n({ locale: 'en', messages: { en: {} } });

describe('squareForKey: the keyboard model', () => {
  it.each([
    { from: 'e2', key: 'ArrowUp', side: 'w', to: 'e3' },
    { from: 'e2', key: 'ArrowUp', side: 'b', to: 'e1' },
    { from: 'e2', key: 'ArrowLeft', side: 'w', to: 'd2' },
    { from: 'e2', key: 'ArrowLeft', side: 'b', to: 'f2' },
    { from: 'e2', key: 'ArrowRight', side: 'w', to: 'f2' },
    { from: 'e2', key: 'ArrowDown', side: 'w', to: 'e1' },
    { from: 'a1', key: 'ArrowDown', side: 'w', to: null },
    { from: 'h8', key: 'ArrowRight', side: 'w', to: null },
    { from: 'e2', key: 'Home', side: 'w', to: 'a2' },
    { from: 'e2', key: 'End', side: 'w', to: 'h2' },
    { from: 'e7', key: 'Home', side: 'b', to: 'h7' },
    { from: 'e7', key: 'End', side: 'b', to: 'a7' },
    { from: 'e2', key: 'Tab', side: 'w', to: null },
  ] as const)('$key from $from with $side at the bottom: $to', ({ from, key, side, to }) => {
    expect(squareForKey(from, { key }, side)).toBe(to);
  });

  it.each([
    { key: 'Home', side: 'w', to: 'a8' },
    { key: 'End', side: 'w', to: 'h1' },
    { key: 'Home', side: 'b', to: 'h1' },
    { key: 'End', side: 'b', to: 'a8' },
  ] as const)('Ctrl+$key with $side at the bottom: the corner $to', ({ key, side, to }) => {
    expect(squareForKey('d4', { key, ctrlKey: true }, side)).toBe(to);
  });
});

describe("squareName: what each square's button is called", () => {
  const none = { inCheck: false, lastMove: false, selected: false, target: false };
  it.each([
    { state: { ...none, square: 'e2', piece: { color: 'w', type: 'p' } }, name: 'e2, white pawn' },
    { state: { ...none, square: 'e4', piece: null }, name: 'e4, empty' },
    { state: { ...none, square: 'e4', piece: { color: 'w', type: 'p' }, lastMove: true }, name: 'e4, white pawn, last move' },
    { state: { ...none, square: 'e8', piece: { color: 'b', type: 'k' }, inCheck: true }, name: 'e8, black king, in check' },
    { state: { ...none, square: 'e8', piece: { color: 'b', type: 'k' }, inCheck: true, selected: true }, name: 'e8, black king, in check, selected' },
    { state: { ...none, square: 'f3', piece: null, target: true }, name: 'f3, empty, possible move' },
    { state: { ...none, square: 'd5', piece: { color: 'b', type: 'n' }, target: true }, name: 'd5, black knight, possible move' },
  ] as const)('$name', ({ state, name }) => {
    expect(squareName(state, squareWords(english))).toBe(name);
  });
});

describe('helpers', () => {
  it('colours the squares as a board does', () => {
    expect(['a1', 'h1', 'a8', 'e4', 'd4'].map(isLightSquare)).toEqual([false, true, true, true, false]);
  });
  it("reads react-chessboard's piece codes", () => {
    expect(pieceOfCode('wN')).toEqual({ color: 'w', type: 'n' });
    expect(pieceOfCode('bK')).toEqual({ color: 'b', type: 'k' });
    expect(pieceOfCode('x')).toBeNull();
  });
});
