import { describe, expect, it } from 'vitest';
import { parseFen } from './chess';
import { moveBetween, readBoard, readLine, readPieces, readSide, readState, readTurn, speakMove, type MoveWords, type PositionWords } from './speak-move';

describe('speakMove: a move in words', () => {
  it.each([
    { why: 'a quiet pawn move', color: 'w', san: 'e4', words: 'White pawn to e4' },
    { why: 'a piece move', color: 'b', san: 'Nf6', words: 'Black knight to f6' },
    { why: 'a capture', color: 'w', san: 'Qxh5', words: 'White queen takes h5' },
    { why: 'a pawn capture', color: 'b', san: 'exd5', words: 'Black pawn takes d5' },
    { why: 'a capture with check', color: 'b', san: 'Nxe5+', words: 'Black knight takes e5, check' },
    { why: 'checkmate', color: 'b', san: 'Qh4#', words: 'Black queen to h4, checkmate' },
    { why: 'castling kingside', color: 'w', san: 'O-O', words: 'White castles kingside' },
    { why: 'castling queenside with check', color: 'b', san: 'O-O-O+', words: 'Black castles queenside, check' },
    { why: 'a promotion', color: 'w', san: 'e8=Q', words: 'White pawn to e8, promotes to queen' },
    { why: 'a capturing under-promotion with mate', color: 'w', san: 'exd8=N#', words: 'White pawn takes d8, promotes to knight, checkmate' },
    { why: 'a disambiguated move', color: 'w', san: 'Rfe1', words: 'White rook to e1' },
    { why: 'annotations ignored', color: 'w', san: 'g4??', words: 'White pawn to g4' },
  ] as const)('$why: $san', ({ color, san, words }) => {
    expect(speakMove({ color, san })).toBe(words);
  });

  it('says en passant, which the SAN does not show', () => {
    expect(speakMove({ color: 'w', san: 'exd6', flags: 'e' })).toBe('White pawn takes d6 en passant');
  });
});

describe('moveBetween: the move that made a position', () => {
  const start = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
  const afterE4 = 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1';
  // 1. e4 a6 2. e5 d5: White may take en passant on d6.
  const beforeEp = 'rnbqkbnr/1pp1pppp/p7/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3';
  const afterEp = 'rnbqkbnr/1pp1pppp/p2P4/8/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 3';
  const promote = '8/4P1k1/8/8/8/8/8/4K3 w - - 0 1';

  it.each([
    { why: 'a pawn push', before: start, after: afterE4, from: 'e2', to: 'e4', san: 'e4' },
    { why: 'en passant', before: beforeEp, after: afterEp, from: 'e5', to: 'd6', san: 'exd6' },
    { why: 'the promotion shown, not another', before: promote, after: '4N3/6k1/8/8/8/8/8/4K3 b - - 0 1', from: 'e7', to: 'e8', san: 'e8=N+' },
  ])('$why', ({ before, after, from, to, san }) => {
    expect(moveBetween(before, after, from, to)?.san).toBe(san);
  });

  it.each([
    { why: 'a reset (no move leads there)', before: afterE4, after: start, from: 'e2', to: 'e4' },
    { why: 'two moves at once', before: start, after: 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2', from: 'e7', to: 'e5' },
    { why: 'an unreadable position', before: 'nonsense', after: start, from: 'e2', to: 'e4' },
  ])('none for $why', ({ before, after, from, to }) => {
    expect(moveBetween(before, after, from, to)).toBeNull();
  });
});

describe('reading the position', () => {
  const game = (fen: string) => {
    const parsed = parseFen(fen);
    if (!parsed.ok) throw new Error(fen);
    return parsed.value;
  };
  // After 1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7#: Black is mated.
  const mated = game('r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4');

  it('reads the pieces of one kind', () => {
    expect(readPieces(game('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'), 'w', 'n')).toBe('White knights: b1, g1');
    expect(readPieces(mated, 'w', 'q')).toBe('White queen: f7');
    expect(readPieces(game('4k3/8/8/8/8/8/8/4K3 w - - 0 1'), 'b', 'q')).toBe('No black queen');
  });

  it('reads the whole board, king first, and whose move it is', () => {
    expect(readBoard(game('4k3/8/8/8/8/8/R6R/4K3 w - - 0 1'))).toBe('White: king e1, rooks a2 and h2. Black: king e8. White to move');
  });

  it('reads one side for the text view of the board', () => {
    expect(readSide(game('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'), 'w')).toBe(
      'White: king e1, queen d1, rooks a1 and h1, bishops c1 and f1, knights b1 and g1, pawns a2, b2, c2, d2, e2, f2, g2 and h2',
    );
  });

  it.each([
    { why: 'a game going on', fen: '4k3/8/8/8/8/8/R6R/4K3 b - - 0 1', words: 'Black to move' },
    { why: 'check', fen: '4k3/8/8/8/8/8/8/4R1K1 b - - 0 1', words: 'Black to move, in check' },
    { why: "Fool's mate", fen: 'rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3', words: 'Checkmate, Black wins' },
    { why: 'the scholar\'s mate', fen: 'r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4', words: 'Checkmate, White wins' },
    { why: 'a stalemate', fen: '7k/5Q2/6K1/8/8/8/8/8 b - - 0 1', words: 'Stalemate, a draw' },
    { why: 'two bare kings', fen: '7k/8/6K1/8/8/8/8/8 b - - 0 1', words: 'Draw: neither side can checkmate' },
  ])('reads where the game stands: $why', ({ fen, words }) => {
    expect(readState(game(fen))).toBe(words);
  });

  it('says the side to move is in check', () => {
    expect(readTurn(mated)).toBe('Black to move, in check');
  });

  it('reads a rank or a file square by square', () => {
    expect(readLine(game('4k3/8/8/8/4P3/8/8/4K3 w - - 0 1'), '4')).toBe(
      'Rank 4: a4 empty, b4 empty, c4 empty, d4 empty, e4 white pawn, f4 empty, g4 empty, h4 empty',
    );
    expect(readLine(game('4k3/8/8/8/4P3/8/8/4K3 w - - 0 1'), 'e')).toMatch(/^File e: e1 white king, e2 empty, e3 empty, e4 white pawn, .* e8 black king$/);
  });
});

describe('another language: every word comes from the words handed in', () => {
  // Marks instead of a real language, so a word the functions still make in English shows.
  const marked: MoveWords & PositionWords = {
    piece: (color, type) => `«${color}${type}»`,
    pieces: (color, type, count) => `«${color}${type}×${count}»`,
    pieceKind: (type, count) => `«${type}×${count}»`,
    move: (piece, square, kind) => `${piece}→${kind}→${square}`,
    promotion: (move, piece) => `${move}=${piece}`,
    check: (move, mate) => `${move}${mate ? '#' : '+'}`,
    castles: (color, wing) => `«${color}:${wing}»`,
    plays: (color, san) => `«${color}?${san}»`,
    noPiece: (piece) => `∅${piece}`,
    and: (items) => items.join('&'),
    side: (color) => `«${color}»`,
    turn: (color, inCheck) => `«${color}${inCheck ? '+' : ''}»`,
    checkmate: (winner) => `«#${winner}»`,
    draw: (reason) => `«=${reason}»`,
    empty: () => '∅',
    line: (kind, name) => `«${kind}${name}»`,
  };
  const game = (fen: string) => {
    const parsed = parseFen(fen);
    if (!parsed.ok) throw new Error(fen);
    return parsed.value;
  };

  it.each([
    { move: { color: 'w', san: 'Nf3' }, words: '«wn»→move→f3' },
    { move: { color: 'b', san: 'Nxe5+' }, words: '«bn»→capture→e5+' },
    { move: { color: 'w', san: 'exd6', flags: 'e' }, words: '«wp»→en-passant→d6' },
    { move: { color: 'w', san: 'exd8=N#' }, words: '«wp»→capture→d8=«n×1»#' },
    { move: { color: 'b', san: 'O-O-O+' }, words: '«b:queenside»+' },
    { move: { color: 'w', san: '--' }, words: '«w?--»' },
  ] as const)('says $move.san', ({ move, words }) => {
    expect(speakMove(move, marked)).toBe(words);
  });

  it.each([
    { read: 'board', text: () => readBoard(game('4k3/8/8/8/8/8/R6R/4K3 w - - 0 1'), marked), words: '«w»: «k×1» e1, «r×2» a2&h2. «b»: «k×1» e8. «w»' },
    { read: 'pieces', text: () => readPieces(game('4k3/8/8/8/8/8/R6R/4K3 w - - 0 1'), 'w', 'r', marked), words: '«wr×2»: a2, h2' },
    { read: 'no piece', text: () => readPieces(game('4k3/8/8/8/8/8/R6R/4K3 w - - 0 1'), 'b', 'q', marked), words: '∅«bq»' },
    { read: 'a line', text: () => readLine(game('4k3/8/8/8/8/8/R6R/4K3 w - - 0 1'), 'e', marked), words: '«filee»: e1 «wk», e2 ∅, e3 ∅, e4 ∅, e5 ∅, e6 ∅, e7 ∅, e8 «bk»' },
    { read: 'checkmate', text: () => readState(game('rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3'), marked), words: '«#b»' },
    { read: 'stalemate', text: () => readState(game('7k/5Q2/6K1/8/8/8/8/8 b - - 0 1'), marked), words: '«=stalemate»' },
    { read: 'check', text: () => readTurn(game('4k3/8/8/8/8/8/8/4R1K1 b - - 0 1'), marked), words: '«b+»' },
  ])('reads $read', ({ text, words }) => {
    expect(text()).toBe(words);
  });

  it('begins a sentence that starts with the piece with a capital, and leaves one that starts otherwise', () => {
    expect(speakMove({ color: 'w', san: 'e4' }, { ...marked, piece: () => 'peón blanco', move: (piece, square) => `${piece} a ${square}` })).toBe('Peón blanco a e4');
    expect(speakMove({ color: 'w', san: 'e4' }, { ...marked, piece: () => 'pion', move: (piece, square) => `en ${square}, ${piece}` })).toBe('en e4, pion');
  });
});
