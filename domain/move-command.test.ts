import { describe, expect, it } from 'vitest';
import { answerCommand, COMMAND_HELP, ENGLISH_COMMAND_WORDS, parseBoardCommand, READING_HELP, type CommandWords } from './move-command';

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
// White can castle on both sides (pieces between cleared).
const CASTLES = 'r3k2r/pppq1ppp/2npbn2/2b1p3/2B1P3/2NPBN2/PPPQ1PPP/R3K2R w KQkq - 0 1';
// White's e-pawn can promote on e8 or take on d8; b-pawn on b2 and bishop on d2 can both reach c3.
const PROMOTE = '3r3k/4P3/8/8/8/8/1P1B4/4K3 w - - 0 1';
const TAKE_C3 = '7k/8/8/8/8/2n5/1P1B4/4K3 w - - 0 1';
// Knights on b1 and f3 can both go to d2.
const TWO_KNIGHTS = '4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1';

describe('parseBoardCommand: typed moves', () => {
  it.each([
    { typed: 'Nf3', fen: START, uci: 'g1f3', san: 'Nf3' },
    { typed: 'nf3', fen: START, uci: 'g1f3', san: 'Nf3' },
    { typed: 'g1f3', fen: START, uci: 'g1f3', san: 'Nf3' },
    { typed: 'G1F3', fen: START, uci: 'g1f3', san: 'Nf3' },
    { typed: 'e4', fen: START, uci: 'e2e4', san: 'e4' },
    { typed: 'e2-e4', fen: START, uci: 'e2e4', san: 'e4' },
    { typed: '  e4  ', fen: START, uci: 'e2e4', san: 'e4' },
    { typed: 'O-O', fen: CASTLES, uci: 'e1g1', san: 'O-O' },
    { typed: '0-0', fen: CASTLES, uci: 'e1g1', san: 'O-O' },
    { typed: 'o-o', fen: CASTLES, uci: 'e1g1', san: 'O-O' },
    { typed: 'O-O-O', fen: CASTLES, uci: 'e1c1', san: 'O-O-O' },
    { typed: '0-0-0', fen: CASTLES, uci: 'e1c1', san: 'O-O-O' },
    { typed: 'e1g1', fen: CASTLES, uci: 'e1g1', san: 'O-O' },
    { typed: 'e8=Q', fen: PROMOTE, uci: 'e7e8q', san: 'e8=Q+' },
    { typed: 'e8q', fen: PROMOTE, uci: 'e7e8q', san: 'e8=Q+' },
    { typed: 'e8=N', fen: PROMOTE, uci: 'e7e8n', san: 'e8=N' },
    { typed: 'e7e8q', fen: PROMOTE, uci: 'e7e8q', san: 'e8=Q+' },
    { typed: 'exd8=Q+', fen: PROMOTE, uci: 'e7d8q', san: 'exd8=Q+' },
    { typed: 'bxc3', fen: TAKE_C3, uci: 'b2c3', san: 'bxc3' },
    { typed: 'Bxc3', fen: TAKE_C3, uci: 'd2c3', san: 'Bxc3+' },
    { typed: 'Nbd2', fen: TWO_KNIGHTS, uci: 'b1d2', san: 'Nbd2' },
    { typed: 'Nb1c3', fen: TWO_KNIGHTS, uci: 'b1c3', san: 'Nc3' },
    // Figurines (issue 28), either colour's glyph.
    { typed: '♘f3', fen: START, uci: 'g1f3', san: 'Nf3' },
    { typed: '♞f3', fen: START, uci: 'g1f3', san: 'Nf3' },
    { typed: '♙e4', fen: START, uci: 'e2e4', san: 'e4' },
    { typed: 'e8=♕', fen: PROMOTE, uci: 'e7e8q', san: 'e8=Q+' },
    { typed: '♗xc3', fen: TAKE_C3, uci: 'd2c3', san: 'Bxc3+' },
  ])('$typed is $san', ({ typed, fen, uci, san }) => {
    const parsed = parseBoardCommand(typed, fen);
    expect(parsed.ok && parsed.value).toMatchObject({ kind: 'move', san });
    if (parsed.ok && parsed.value.kind === 'move') {
      const { from, to, promotion } = parsed.value.move;
      expect(`${from}${to}${promotion ?? ''}`).toBe(uci);
    }
  });

  it.each([
    { typed: 'Nf6', fen: START, code: 'ERR_ILLEGAL_MOVE', message: 'Nf6 is not a legal move here' },
    { typed: 'e5', fen: START, code: 'ERR_ILLEGAL_MOVE', message: 'e5 is not a legal move here' },
    { typed: 'O-O', fen: START, code: 'ERR_ILLEGAL_MOVE', message: 'O-O is not a legal move here' },
    { typed: 'e2e5', fen: START, code: 'ERR_ILLEGAL_MOVE', message: 'e2e5 is not a legal move here' },
    { typed: 'Nd2', fen: TWO_KNIGHTS, code: 'ERR_AMBIGUOUS_MOVE', message: 'Nd2 could be Nbd2 or Nfd2' },
    { typed: 'e8', fen: PROMOTE, code: 'ERR_PROMOTION_PIECE', message: 'e8: say which piece the pawn becomes, such as e8=Q' },
    { typed: 'e7e8', fen: PROMOTE, code: 'ERR_PROMOTION_PIECE', message: 'e7e8: say which piece the pawn becomes, such as e8=Q' },
    { typed: 'hello', fen: START, code: 'ERR_UNKNOWN_COMMAND', message: 'hello is not a move or a command. Type help for the list.' },
    { typed: '   ', fen: START, code: 'ERR_EMPTY', message: 'Type a move or a command. Type help for the list.' },
  ])('$typed is refused: $message', ({ typed, fen, code, message }) => {
    expect(parseBoardCommand(typed, fen)).toEqual({ ok: false, error: { code, message } });
  });
});

describe('parseBoardCommand: commands', () => {
  it.each([
    { typed: 'board', command: { kind: 'board' } },
    { typed: 'p', command: { kind: 'board' } },
    { typed: 'B', command: { kind: 'board' } },
    { typed: 'p N', command: { kind: 'pieces', color: 'w', piece: 'n' } },
    { typed: 'p k', command: { kind: 'pieces', color: 'b', piece: 'k' } },
    { typed: 's e', command: { kind: 'line', line: 'e' } },
    { typed: 's 4', command: { kind: 'line', line: '4' } },
    { typed: 'turn', command: { kind: 'turn' } },
    { typed: 'Last', command: { kind: 'last' } },
    { typed: 'help', command: { kind: 'help' } },
  ])('$typed', ({ typed, command }) => {
    expect(parseBoardCommand(typed, START)).toEqual({ ok: true, value: command });
  });

  it('has help naming every command', () => {
    for (const word of ['board', 'p N', 's e', 'turn', 'last']) expect(COMMAND_HELP).toContain(word);
  });

  it('has a reading-only help (replay) naming the same commands and no move', () => {
    for (const word of ['board', 'p N', 's e', 'turn', 'last']) expect(READING_HELP).toContain(word);
    expect(READING_HELP).not.toMatch(/Type a move|Nf3/);
    expect(COMMAND_HELP).toContain(READING_HELP);
  });
});

describe('answerCommand: what the commands say', () => {
  const lone = '4k3/8/8/8/8/8/R6R/4K3 w - - 0 1';
  it.each([
    { command: { kind: 'board' }, last: null, answer: 'White: king e1, rooks a2 and h2. Black: king e8. White to move' },
    { command: { kind: 'pieces', color: 'w', piece: 'r' }, last: null, answer: 'White rooks: a2, h2' },
    { command: { kind: 'line', line: '2' }, last: null, answer: 'Rank 2: a2 white rook, b2 empty, c2 empty, d2 empty, e2 empty, f2 empty, g2 empty, h2 white rook' },
    { command: { kind: 'turn' }, last: null, answer: 'White to move' },
    { command: { kind: 'last' }, last: null, answer: 'No move yet' },
    { command: { kind: 'last' }, last: 'Black king to e8', answer: 'Last move: Black king to e8' },
    { command: { kind: 'help' }, last: null, answer: COMMAND_HELP },
  ] as const)('$command.kind', ({ command, last, answer }) => {
    expect(answerCommand(command, lone, last)).toBe(answer);
  });
});

describe('another language: the answers come from the words handed in', () => {
  const words: CommandWords = {
    ...ENGLISH_COMMAND_WORDS,
    help: () => '«help»',
    readingHelp: () => '«reading»',
    lastMove: (move) => `«last:${move ?? '∅'}»`,
    unreadable: () => '«unreadable»',
    ambiguous: (typed, moves) => `«${typed}?${moves.join('|')}»`,
    refusal: (code, typed, example) => `«${code}:${typed}:${example}»`,
    turn: (color) => `«${color}»`,
  };

  it.each([
    { typed: 'Nf6', fen: START, message: '«ERR_ILLEGAL_MOVE:Nf6:»' },
    { typed: 'O-O', fen: START, message: '«ERR_ILLEGAL_MOVE:O-O:»' },
    { typed: 'Nd2', fen: TWO_KNIGHTS, message: '«Nd2?Nbd2|Nfd2»' },
    { typed: 'e8', fen: PROMOTE, message: '«ERR_PROMOTION_PIECE:e8:e8=Q»' },
    { typed: 'hello', fen: START, message: '«ERR_UNKNOWN_COMMAND:hello:»' },
    { typed: '', fen: START, message: '«ERR_EMPTY::»' },
  ])('refuses $typed', ({ typed, fen, message }) => {
    const parsed = parseBoardCommand(typed, fen, words);
    expect(!parsed.ok && parsed.error.message).toBe(message);
  });

  it.each([
    { command: { kind: 'help' }, last: null, fen: START, answer: '«help»' },
    { command: { kind: 'last' }, last: null, fen: START, answer: '«last:∅»' },
    { command: { kind: 'last' }, last: 'x', fen: START, answer: '«last:x»' },
    { command: { kind: 'turn' }, last: null, fen: START, answer: '«w»' },
    { command: { kind: 'turn' }, last: null, fen: 'nonsense', answer: '«unreadable»' },
  ] as const)('answers $command.kind', ({ command, last, fen, answer }) => {
    expect(answerCommand(command, fen, last, words)).toBe(answer);
  });
});
