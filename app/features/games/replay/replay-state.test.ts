import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { ENGLISH_MOVE_WORDS, START_FEN } from '../../../../domain';
import { indexForKey, movePairs, positionText, replayNarration, replayPlies, snapInterval, speedLabel } from './replay-state';

const FOOLS_MATE = ['f3', 'e5', 'g4', 'Qh4#'];
// No catalogue loaded: the English source texts.
const i18n = setupI18n({ locale: 'en', messages: { en: {} } });

describe('replayPlies', () => {
  it("replays fool's mate: the start plus one position per move", () => {
    const plies = replayPlies(START_FEN, FOOLS_MATE, ENGLISH_MOVE_WORDS);
    expect(plies.ok).toBe(true);
    if (!plies.ok) return;
    expect(plies.value).toHaveLength(5);
    expect(plies.value[0]).toEqual({ fen: START_FEN, san: null, from: null, to: null, words: null });
    expect(plies.value[4]).toMatchObject({ san: 'Qh4#', from: 'd8', to: 'h4', words: 'Black queen to h4, checkmate' });
    expect(plies.value[4]!.fen).toBe('rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3');
  });

  it.each([
    ['an illegal move', START_FEN, ['e4', 'e4'], 'Invalid move'],
    ['a broken starting position', 'not a fen', ['e4'], 'Invalid FEN'],
  ])('refuses %s', (_name, fen, moves, message) => {
    const plies = replayPlies(fen, moves, ENGLISH_MOVE_WORDS);
    expect(plies.ok).toBe(false);
    if (!plies.ok) expect(plies.error.message).toContain(message);
  });
});

describe('speed', () => {
  it.each([
    [250, '4x'],
    [500, '2x'],
    [750, '1.33x'],
    [1000, '1x'],
    [1250, '0.8x'],
    [1500, '0.67x'],
    [2000, '0.5x'],
  ])('interval %i ms shows %s', (interval, label) => {
    expect(speedLabel(interval)).toBe(label);
  });

  it.each([
    [100, 250],
    [260, 250],
    [1100, 1000],
    [1150, 1250],
    [5000, 2000],
    [Number.NaN, 1000],
  ])('snapInterval(%d) = %i', (input, snapped) => {
    expect(snapInterval(input)).toBe(snapped);
  });
});

describe('indexForKey', () => {
  it.each([
    ['ArrowRight', 0, 4, 1],
    ['ArrowRight', 4, 4, 4],
    ['ArrowLeft', 2, 4, 1],
    ['ArrowLeft', 0, 4, 0],
    ['Home', 3, 4, 0],
    ['End', 1, 4, 4],
    ['a', 1, 4, null],
  ])('%s from %i (last %i) goes to %s', (key, index, last, expected) => {
    expect(indexForKey(key, index, last)).toBe(expected);
  });
});

describe('movePairs', () => {
  it('pairs white and black plies with move numbers', () => {
    const plies = replayPlies(START_FEN, ['e4', 'e5', 'Nf3'], ENGLISH_MOVE_WORDS);
    if (!plies.ok) throw new Error('unreachable');
    expect(movePairs(plies.value, START_FEN)).toEqual([
      { number: 1, white: 1, black: 2 },
      { number: 2, white: 3, black: null },
    ]);
  });

  it('starts with a black move when black is to move first', () => {
    const fen = 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1';
    const plies = replayPlies(fen, ['e5', 'Nf3'], ENGLISH_MOVE_WORDS);
    if (!plies.ok) throw new Error('unreachable');
    expect(movePairs(plies.value, fen)).toEqual([
      { number: 1, white: null, black: 1 },
      { number: 2, white: 2, black: null },
    ]);
  });
});

describe('positionText: moves counted as the header counts them (issue 20)', () => {
  it.each([
    [0, 26, null, 'Starting position'],
    [1, 26, 'e4', 'Move 1 of 26: 1. e4'],
    [2, 26, 'e5', 'Move 1 of 26: 1... e5'],
    [51, 26, 'Qh4#', 'Move 26 of 26: 26. Qh4#'],
  ] as const)('ply %i of a %i-move game', (ply, total, san, text) => {
    expect(positionText(i18n, ply, total, san)).toBe(text);
  });
});

describe('replayNarration: what the move log says on each step (issue 31)', () => {
  const plies = replayPlies(START_FEN, FOOLS_MATE, ENGLISH_MOVE_WORDS);
  if (!plies.ok) throw new Error('fool\'s mate replays');
  // Fool's mate: 1. f3 e5 2. g4 Qh4#, two moves.
  it.each([
    ['Next from the start says the move', 1, 0, 'White pawn to f3'],
    ['Next again', 2, 1, 'Black pawn to e5'],
    ['Next onto the mate', 4, 3, 'Black queen to h4, checkmate'],
    ['Previous says where the board is now', 3, 4, 'Move 2 of 2, white pawn to g4'],
    ['Previous back to the start', 0, 1, 'Starting position'],
    ['First (Home)', 0, 4, 'Starting position'],
    ['Last (End) from the start', 4, 0, 'Move 2 of 2, black queen to h4, checkmate'],
    ['A jump from the move list', 2, 4, 'Move 1 of 2, black pawn to e5'],
  ])('%s', (_name, index, previous, words) => {
    expect(replayNarration(i18n, plies.value, index, previous, 2)).toBe(words);
  });
});
