import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import {
  answerCommand,
  ENGLISH_COMMAND_WORDS,
  ENGLISH_MOVE_WORDS,
  parseBoardCommand,
  parseFen,
  readBoard,
  readLine,
  readPieces,
  readState,
  speakMove,
  type CommandWords,
  type MoveWords,
} from '../../../domain';
import { squareName } from '../components/board/board-keys';
import { chessWords } from './chess-words';
import { squareWords } from './square-words';
import { translatedI18n } from './test-catalogue';

const game = (fen: string) => {
  const parsed = parseFen(fen);
  if (!parsed.ok) throw new Error(fen);
  return parsed.value;
};
const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const TWO_ROOKS = '4k3/8/8/8/8/8/R6R/4K3 w - - 0 1';
const TWO_KNIGHTS = '4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1';
const PROMOTE = '3r3k/4P3/8/8/8/8/1P1B4/4K3 w - - 0 1';

/** What the move log, the typed box and the text view say, in the words given. */
function sayings(words: MoveWords & CommandWords): string[] {
  const moves = [
    { color: 'w', san: 'e4' },
    { color: 'b', san: 'Nxe5+' },
    { color: 'w', san: 'exd6', flags: 'e' },
    { color: 'w', san: 'exd8=N#' },
    { color: 'b', san: 'Qh4#' },
    { color: 'w', san: 'O-O' },
    { color: 'b', san: 'O-O-O+' },
  ] as const;
  const refusals = [['Nf6', START], ['Nd2', TWO_KNIGHTS], ['e8', PROMOTE], ['hello', START], ['', START]] as const;
  return [
    ...moves.map((move) => speakMove(move, words)),
    readBoard(game(START), words),
    readBoard(game(TWO_ROOKS), words),
    readPieces(game(START), 'w', 'n', words),
    readPieces(game(TWO_ROOKS), 'b', 'q', words),
    readLine(game('4k3/8/8/8/4P3/8/8/4K3 w - - 0 1'), 'e', words),
    readLine(game(TWO_ROOKS), '2', words),
    readState(game('rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3'), words),
    readState(game('7k/5Q2/6K1/8/8/8/8/8 b - - 0 1'), words),
    readState(game('7k/8/6K1/8/8/8/8/8 b - - 0 1'), words),
    readState(game('4k3/8/8/8/8/8/8/4R1K1 b - - 0 1'), words),
    ...refusals.map(([typed, fen]) => {
      const parsed = parseBoardCommand(typed, fen, words);
      return parsed.ok ? 'parsed' : parsed.error.message;
    }),
    answerCommand({ kind: 'help' }, START, null, words),
    answerCommand({ kind: 'last' }, START, null, words),
    answerCommand({ kind: 'last' }, START, 'x', words),
    answerCommand({ kind: 'turn' }, 'nonsense', null, words),
    words.readingHelp(),
  ];
}

const SQUARES = [
  { square: 'e4', piece: { color: 'w', type: 'p' }, inCheck: false, lastMove: true, selected: false, target: false },
  { square: 'e8', piece: { color: 'b', type: 'k' }, inCheck: true, lastMove: false, selected: true, target: false },
  { square: 'f3', piece: null, inCheck: false, lastMove: false, selected: false, target: true },
] as const;

// The typed commands and moves stay in English letters in every language ('board', 'help', 'Nf3').
const TYPED = new Set(['board', 'turn', 'last', 'help', 'hello']);

/** The words of Latin letters alone: 'e4', 'Nbd2' and 'e8=Q' are squares and moves, not words. */
const latinWords = (text: string) => text.split(/[^A-Za-z0-9=-]+/).filter((word) => /^[A-Za-z]+$/.test(word));

/** The English words of `english`, not squares, moves or commands: none may be left in a translation. */
function englishWords(english: readonly string[]): Set<string> {
  const words = english.flatMap(latinWords).filter((word) => word.length > 1 && !TYPED.has(word.toLowerCase()));
  return new Set(words.map((word) => word.toLowerCase()));
}

describe('the chess words in the app', () => {
  const english = setupI18n({ locale: 'en', messages: { en: {} } });

  it("say in English exactly what domain's English says (the e2e tests and screen readers heard)", () => {
    expect(sayings(chessWords(english))).toEqual(sayings({ ...ENGLISH_MOVE_WORDS, ...ENGLISH_COMMAND_WORDS }));
  });

  it("name the board's squares in English as before", () => {
    expect(SQUARES.map((state) => squareName(state, squareWords(english)))).toEqual(['e4, white pawn, last move', 'e8, black king, in check, selected', 'f3, empty, possible move']);
  });

  const forbidden = englishWords([...sayings(chessWords(english)), ...SQUARES.map((state) => squareName(state, squareWords(english)))]);

  it.each(['hi', 'ar'])('leave no English word in %s', (locale) => {
    const i18n = translatedI18n(locale);
    const said = [...sayings(chessWords(i18n)), ...SQUARES.map((state) => squareName(state, squareWords(i18n)))];
    const left = said.flatMap(latinWords).filter((word) => forbidden.has(word.toLowerCase()));
    expect(left).toEqual([]);
    // Squares and moves stay as written.
    expect(said.join(' ')).toContain('e4');
    expect(said.join(' ')).toContain('Nbd2');
  });
});
