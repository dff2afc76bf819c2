import { Chess } from 'chess.js';
import { describe, expect, it } from 'vitest';
import { START_FEN } from './chess';
import { PGN_LINE_WIDTH, PGN_STRING_MAX, makePgn, parsePgn, sanitizeComment, type PgnGame } from './pgn';

const line = (moves: string) => moves.split(' ').filter(Boolean);

/** Kasparov-Topalov, Wijk aan Zee 1999, the first 44 moves: long enough to wrap several lines. */
const LONG_GAME = line(
  'e4 d6 d4 Nf6 Nc3 g6 Be3 Bg7 Qd2 c6 f3 b5 Nge2 Nbd7 Bh6 Bxh6 Qxh6 Bb7 a3 e5 O-O-O Qe7 Kb1 a6 ' +
    'Nc1 O-O-O Nb3 exd4 Rxd4 c5 Rd1 Nb6 g3 Kb8 Na5 Ba8 Bh3 d5 Qf4+ Ka7 Rhe1 d4 Nd5 Nbxd5 exd5 Qd6 ' +
    'Rxd4 cxd4 Re7+ Kb6 Qxd4+ Kxa5 b4+ Ka4 Qc3 Qxd5 Ra7 Bb7 Rxb7 Qc4 Qxf6 Kxa3 Qxa6+ Kxb4 c3+ Kxc3 ' +
    'Qa1+ Kd2 Qb2+ Kd1 Bf1 Rd2 Rd7 Rxd7 Bxc4 bxc4 Qxh8 Rd3 Qa8 c3 Qa4+ Ke1 f4 f5 Kc1 Rd2 Qa7',
);

describe('makePgn', () => {
  it('writes the Seven Tag Roster in order with the spec defaults', () => {
    expect(makePgn({ moves: [], headers: {} })).toBe(
      [
        '[Event "?"]',
        '[Site "?"]',
        '[Date "????.??.??"]',
        '[Round "?"]',
        '[White "?"]',
        '[Black "?"]',
        '[Result "*"]',
        '[PlyCount "0"]',
        '',
        '*',
        '',
      ].join('\n'),
    );
  });

  it('writes given tags, extra tags in our order after the roster, others last', () => {
    const pgn = makePgn({
      moves: line('e4 e5 Nf3'),
      headers: {
        Termination: 'Abandoned',
        Annotator: 'Coach',
        TimeControl: '-',
        Opening: "King's Knight Opening",
        ECO: 'C40',
        Result: '1-0',
        Black: 'Computer',
        White: 'Asha',
        Date: '2026.11.22',
        Site: 'chess.example.org',
        Event: 'Club night',
      },
    });
    expect(pgn.split('\n\n')[0]?.split('\n')).toEqual([
      '[Event "Club night"]',
      '[Site "chess.example.org"]',
      '[Date "2026.11.22"]',
      '[Round "?"]',
      '[White "Asha"]',
      '[Black "Computer"]',
      '[Result "1-0"]',
      '[ECO "C40"]',
      '[Opening "King\'s Knight Opening"]',
      '[PlyCount "3"]',
      '[TimeControl "-"]',
      '[Termination "Abandoned"]',
      '[Annotator "Coach"]',
    ]);
    expect(pgn.endsWith('\n\n1. e4 e5 2. Nf3 1-0\n')).toBe(true);
  });

  it.each([
    { why: 'an unknown result token', result: 'win', written: '*' },
    { why: 'a draw', result: '1/2-1/2', written: '1/2-1/2' },
    { why: 'no result', result: undefined, written: '*' },
  ])('writes the result for $why', ({ result, written }) => {
    const pgn = makePgn({ moves: ['d4'], headers: { Result: result } });
    expect(pgn).toContain(`[Result "${written}"]`);
    expect(pgn.endsWith(`1. d4 ${written}\n`)).toBe(true);
  });

  it('escapes quotes and backslashes and keeps tag values on one line', () => {
    const pgn = makePgn({ moves: [], headers: { White: 'Ana "The Rook" \\ Silva\nJr' } });
    expect(pgn).toContain('[White "Ana \\"The Rook\\" \\\\ Silva Jr"]');
  });

  describe('hostile names: one printing line per tag, read back as written', () => {
    it.each([
      { name: 'CR LF and a forged tag', value: 'x\r\n[Result "1-0"]', reads: 'x [Result "1-0"]' },
      { name: 'a closing bracket and quote', value: 'Bob"] [White "Eve', reads: 'Bob"] [White "Eve' },
      { name: 'backslashes, one at the end', value: 'C:\\temp\\', reads: 'C:\\temp\\' },
      { name: 'tabs', value: 'Ana\tSilva', reads: 'Ana Silva' },
      { name: 'zero-width space', value: 'Ana\u200BSilva', reads: 'AnaSilva' },
      { name: 'right-to-left override', value: '\u202EavliS anA', reads: 'avliS anA' },
      { name: 'very long: the standard allows 255 characters', value: 'N'.repeat(300), reads: 'N'.repeat(PGN_STRING_MAX) },
      { name: 'quotes up to the limit: cut before escaping', value: '"'.repeat(300), reads: '"'.repeat(PGN_STRING_MAX) },
    ])('$name', ({ value, reads }) => {
      const pgn = makePgn({ moves: line('e4 e5'), headers: { White: value, Black: 'Bob', Event: value } });
      const tags = pgn.split('\n\n')[0]!.split('\n');
      expect(tags).toHaveLength(8);
      for (const tag of tags) expect(tag).toMatch(/^\[[A-Za-z0-9_]+ "([^"\\\p{C}]|\\["\\])*"\]$/u);
      const back = parsePgn(pgn);
      expect(back.ok && back.value.headers).toMatchObject({ White: reads, Black: 'Bob', Event: reads });
      expect(back.ok && back.value.moves).toEqual(['e4', 'e5']);
    });
  });

  it('adds SetUp and FEN only when the game starts elsewhere, and numbers a Black first move', () => {
    const fen = 'r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3';
    expect(makePgn({ moves: ['Bb5'], startingFen: fen, headers: {} })).toContain(`[SetUp "1"]\n[FEN "${fen}"]`);
    expect(makePgn({ moves: ['e4'], startingFen: START_FEN, headers: {} })).not.toContain('SetUp');

    const blackToMove = 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1';
    expect(makePgn({ moves: line('c5 Nf3'), startingFen: blackToMove, headers: {} })).toContain('\n\n1... c5 2. Nf3 *\n');
  });

  it('writes comments with brackets for braces and numbers the move after a comment', () => {
    const pgn = makePgn({
      moves: line('e4 e5 Nf3'),
      headers: {},
      comments: { 0: 'A {classic}', 1: 'Best by test', 3: 'Developing}' },
    });
    expect(pgn).toContain('\n\n{A [classic]} 1. e4 {Best by test} 1... e5 2. Nf3 {Developing]} *\n');
  });

  it('wraps movetext at 80 columns without splitting a token and ends with the result', () => {
    const pgn = makePgn({ moves: LONG_GAME, headers: { Result: '1-0' }, comments: { 10: 'word '.repeat(30) } });
    const movetext = pgn.split('\n\n')[1] ?? '';
    const lines = movetext.trimEnd().split('\n');
    expect(lines.length).toBeGreaterThan(3);
    for (const text of lines) expect(text.length).toBeLessThanOrEqual(PGN_LINE_WIDTH);
    expect(lines.join(' ').split(' ').filter((t) => !/^\d+\.+$/u.test(t) && !/[{}]|^word$/u.test(t))).toEqual([
      ...LONG_GAME,
      '1-0',
    ]);
  });
});

describe('sanitizeComment', () => {
  it.each([
    ['{nested} braces', '[nested] braces'],
    ['  spaced\n  out  ', 'spaced out'],
    ['plain', 'plain'],
  ])('%j becomes %j', (text, expected) => {
    expect(sanitizeComment(text)).toBe(expected);
  });
});

describe('parsePgn', () => {
  const games: Array<{ why: string; game: PgnGame }> = [
    { why: 'an empty game', game: { moves: [], headers: {} } },
    {
      why: 'a finished game with tags and comments',
      game: {
        moves: LONG_GAME,
        headers: { Event: 'Hoogovens', Site: 'Wijk aan Zee NED', Date: '1999.01.20', White: 'Kasparov', Black: 'Topalov', Result: '1-0', ECO: 'B07' },
        comments: { 0: 'Immortal', 47: 'Rxd4!! the famous rook sacrifice' },
      },
    },
    {
      why: 'a game from a set-up position, Black to move',
      game: {
        moves: line('Nf6 Ng5 d5 exd5'),
        startingFen: 'r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3',
        headers: { Result: '*' },
      },
    },
  ];

  it.each(games)('reads back what makePgn wrote: $why', ({ game }) => {
    const parsed = parsePgn(makePgn(game));
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.value.moves).toEqual(game.moves);
    expect(parsed.value.startingFen).toBe(game.startingFen ?? START_FEN);
    expect(parsed.value.result).toBe(game.headers.Result ?? '*');
    expect(parsed.value.comments).toEqual(game.comments ?? {});
    expect(parsed.value.headers).toMatchObject({
      Event: game.headers.Event ?? '?',
      Date: game.headers.Date ?? '????.??.??',
      PlyCount: String(game.moves.length),
    });
  });

  it.each(games)("chess.js's own loadPgn reads our output strictly: $why", ({ game }) => {
    const chess = new Chess();
    chess.loadPgn(makePgn(game), { strict: true });
    expect(chess.history()).toEqual(game.moves);
  });

  it.each([
    {
      why: 'SetUp without FEN (strict)',
      text: '[SetUp "1"]\n\n1. e4 *',
      code: 'ERR_PGN_SETUP_WITHOUT_FEN',
    },
    {
      why: 'an invalid FEN tag',
      text: '[SetUp "1"]\n[FEN "8/8/8/8/8/8/8/8 w - - 0 1"]\n\n*',
      code: 'ERR_PGN_INVALID_FEN',
      message: /^Invalid FEN: /u,
    },
    { why: 'an illegal move', text: '1. e4 e5 2. Ke3 *', code: 'ERR_PGN_ILLEGAL_MOVE', message: /^Invalid move: Ke3$/u },
    { why: 'broken syntax', text: '[Event "unclosed\n\n1. e4 *', code: 'ERR_PGN_SYNTAX' },
  ])('fails with a code for $why', ({ text, code, message }) => {
    const parsed = parsePgn(text);
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.error.code).toBe(code);
    if (message) expect(parsed.error.message).toMatch(message);
  });

  it('in permissive mode reads a FEN tag without SetUp and loose SAN', () => {
    const text = '[FEN "4k3/8/8/8/8/8/4P3/4K2N w - - 0 1"]\n\n1. Nh1g3 Kd7 *';
    const parsed = parsePgn(text, { strict: false });
    expect(parsed.ok && parsed.value.moves).toEqual(['Ng3', 'Kd7']);
    expect(parsed.ok && parsed.value.startingFen).toBe('4k3/8/8/8/8/8/4P3/4K2N w - - 0 1');
    expect(parsePgn(text).ok).toBe(false);
  });
});
