import { describe, expect, it } from 'vitest';
import { makeTrf, parseTrf, type Trf } from './trf';
import { vectorFiles } from './vector-files';

// Two rounds of a 5-player event, written as bbpPairings writes (bare CR line ends).
const SMALL = [
  '012 Club Championship',
  '022 Leiden',
  '092 FIDE_DUTCH_2025',
  'XXR 5',
  'XXC white1',
  '001    1 m FM Alpha, Anna                       2200 NED    12345678 2001/01/01  1.5    1     4 w 1     2 b =',
  '001    2 f     Bravo, Bea                       2100 GER            0            1.5    2     5 b 1     1 w =',
  '001    3       Charlie, Cy                      2000                             1.0    3  0000 - U     4 b -',
  '001    4       Delta, Dee                       1900                             1.0    4     1 b 0     3 w +  0000 - H',
  '001    5       Echo, Eve                           0                             0.0    5     2 w 0  0000 - Z',
  'XXP 3 5',
  '240 H   3    1    2',
  '260   2   4    1    4',
].join('\r');

function parsed(text: string): Trf {
  const r = parseTrf(text);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

describe('parseTrf', () => {
  it('reads player lines column by column', () => {
    const t = parsed(SMALL);
    expect(t.players).toHaveLength(5);
    expect(t.players[0]).toEqual({
      startRank: 1,
      name: 'Alpha, Anna',
      rating: 2200,
      sex: 'm',
      title: 'FM',
      federation: 'NED',
      fideId: '12345678',
      birthDate: '2001/01/01',
      points: 1.5,
      rank: 1,
      rounds: [
        { opponent: 4, colour: 'w', result: '1' },
        { opponent: 2, colour: 'b', result: '=' },
      ],
    });
    expect(t.players[2]!.rounds).toEqual([
      { opponent: null, colour: null, result: 'U' },
      { opponent: 4, colour: 'b', result: '-' },
    ]);
    expect(t.players[3]!.rounds[2]).toEqual({ opponent: null, colour: null, result: 'H' });
    expect(t.players[4]!.rating).toBe(0);
  });

  it('reads the header, rounds, colour, pairs and byes lines', () => {
    const t = parsed(SMALL);
    expect(t.headers).toEqual([
      { code: '012', value: 'Club Championship' },
      { code: '022', value: 'Leiden' },
      { code: '092', value: 'FIDE_DUTCH_2025' },
    ]);
    expect(t.totalRounds).toBe(5);
    expect(t.initialColour).toBe('w');
    expect(t.forbiddenPairs).toEqual([[3, 5]]);
    expect(t.byes).toEqual([{ round: 3, type: 'H', players: [1, 2] }]);
    expect(t.prohibitedPairs).toEqual([{ firstRound: 2, lastRound: 4, players: [1, 4] }]);
    expect(t.acceleration).toBe('none');
  });

  it.each([
    ['CR', '\r'],
    ['LF', '\n'],
    ['CRLF', '\r\n'],
  ])('accepts %s line ends', (_name, eol) => {
    expect(parsed(SMALL.split('\r').join(eol))).toEqual(parsed(SMALL));
  });

  it.each([
    { text: '142 7', rounds: 7, colour: null },
    { text: 'XXC black1', rounds: null, colour: 'b' },
    { text: '152 W', rounds: null, colour: 'w' },
  ])('reads "$text"', ({ text, rounds, colour }) => {
    const t = parsed(`${text}\n001    1       A                                1500                             0.0    1`);
    expect(t.totalRounds).toBe(rounds);
    expect(t.initialColour).toBe(colour);
  });

  it('reads Baku acceleration from the system line', () => {
    expect(parsed('192 FIDE_DUTCH_2026_BAKU\n001    1       A                                1500                             0.0    1').acceleration).toBe('baku');
  });

  const player = (rest: string) => '001    1       A                                1500                             0.0    1' + rest;
  it.each([
    { name: 'no players', text: '012 Empty', code: 'ERR_TRF_EMPTY', line: 1, column: 1 },
    { name: 'short player line', text: '012 x\n001    1  A', code: 'ERR_TRF_PLAYER_LINE', line: 2, column: 12 },
    { name: 'bad start rank', text: '001   x1       A                                1500                             0.0    1', code: 'ERR_TRF_START_RANK', line: 1, column: 5 },
    { name: 'bad rating', text: '001    1       A                                15x0                             0.0    1', code: 'ERR_TRF_RATING', line: 1, column: 49 },
    { name: 'bad points', text: '001    1       A                                1500                             0,5    1', code: 'ERR_TRF_POINTS', line: 1, column: 81 },
    { name: 'bad colour', text: player('     2 x 1'), code: 'ERR_TRF_ROUND_ENTRY', line: 1, column: 97 },
    { name: 'bad result', text: player('     2 w ?'), code: 'ERR_TRF_ROUND_ENTRY', line: 1, column: 99 },
    { name: 'bye with an opponent', text: player('     2 - U'), code: 'ERR_TRF_ROUND_ENTRY', line: 1, column: 92 },
    { name: 'game without colour', text: player('     2 - 1'), code: 'ERR_TRF_ROUND_ENTRY', line: 1, column: 92 },
    { name: 'unknown opponent', text: player('     9 w 1'), code: 'ERR_TRF_UNKNOWN_OPPONENT', line: 1, column: 92 },
    { name: 'bad XXR', text: 'XXR five\n' + player(''), code: 'ERR_TRF_ROUNDS_LINE', line: 1, column: 5 },
    { name: 'bad XXC', text: 'XXC green1\n' + player(''), code: 'ERR_TRF_COLOUR_LINE', line: 1, column: 5 },
    { name: 'bad XXP', text: 'XXP 1 x\n' + player(''), code: 'ERR_TRF_PAIRS_LINE', line: 1, column: 7 },
    { name: 'bad 240', text: '240 Q   3    1\n' + player(''), code: 'ERR_TRF_BYES_LINE', line: 1, column: 5 },
    {
      name: 'duplicate start rank',
      text: player('') + '\n' + player(''),
      code: 'ERR_TRF_DUPLICATE_PLAYER',
      line: 2,
      column: 5,
    },
    {
      name: 'games that disagree',
      text: player('     2 w 1') + '\n001    2       B                                1500                             0.0    2     1 w 0',
      code: 'ERR_TRF_INCONSISTENT_GAME',
      line: 1,
      column: 92,
    },
  ])('rejects $name with $code at line $line column $column', ({ text, code, line, column }) => {
    const r = parseTrf(text);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error).toMatchObject({ code, line, column });
      expect(r.error.message).toContain(`Line ${line}, column ${column}`);
    }
  });
});

describe('makeTrf', () => {
  it('writes a file that reads back unchanged', () => {
    const t = parsed(SMALL);
    const text = makeTrf(t);
    expect(parsed(text)).toEqual(t);
    expect(makeTrf(parsed(text))).toBe(text);
  });

  it('puts every field in its TRF column', () => {
    const line = makeTrf(parsed(SMALL)).split('\r\n').find((l) => l.startsWith('001    1'))!;
    expect(line.slice(4, 8)).toBe('   1');
    expect(line.slice(14, 25)).toBe('Alpha, Anna');
    expect(line.slice(48, 52)).toBe('2200');
    expect(line.slice(80, 84)).toBe(' 1.5');
    expect(line.slice(91, 99)).toBe('   4 w 1');
    expect(line.slice(101, 109)).toBe('   2 b =');
  });

  it.skipIf(vectorFiles.size === 0)('reads every reference vector, and writes it back unchanged', () => {
    for (const text of vectorFiles.values()) {
      const t = parsed(text);
      expect(parsed(makeTrf(t))).toEqual(t);
    }
  });

  describe('hostile names cannot leave their field', () => {
    const rows: { name: string; value: string; field: string }[] = [
      { name: 'CR LF and a fake player line', value: 'x\r\n001    9 PWNED', field: 'x 001 9 PWNED' },
      { name: 'bare CR (bbpPairings line end)', value: 'x\r012 PWNED', field: 'x 012 PWNED' },
      { name: 'tabs', value: 'Tab\tTab', field: 'Tab Tab' },
      { name: 'zero-width space and joiner', value: 'A\u200Bn\u200Dn', field: 'Ann' },
      { name: 'right-to-left override', value: '\u202Eanna', field: 'anna' },
      { name: 'fullwidth', value: '\uFF21nna', field: 'Anna' },
      { name: 'quotes, commas, brackets and a backslash', value: 'O\'Neil, "B" [x] \\', field: 'O\'Neil, "B" [x] \\' },
      { name: 'very long: cut to 33 columns', value: 'N'.repeat(80), field: 'N'.repeat(33) },
      { name: 'an emoji across the 33rd column is not split', value: `${'N'.repeat(32)}😀`, field: 'N'.repeat(32) },
    ];
    it.each(rows)('$name', ({ value, field }) => {
      const t = parsed(SMALL);
      const hostile: Trf = {
        ...t,
        players: t.players.map((p) => (p.startRank === 1 ? { ...p, name: value, federation: 'N\r\nED', fideId: '12\n34' } : p)),
        headers: [{ code: '012', value: `Cup\r\n001    7 PWNED ${value}` }, { code: '022', value: `Leiden\n${value}` }, { code: '\r\n0', value: 'forged' }],
      };
      const text = makeTrf(hostile);
      const lines = text.split('\r\n').slice(0, -1);
      // As many lines as before: two headers, XXR, XXC, five players, XXP, 240, 260.
      expect(lines).toHaveLength(12);
      expect(lines.every((line) => !/\r|\n|\t|\u200B|\u200D|\u202E/u.test(line))).toBe(true);
      expect(lines.filter((line) => line.startsWith('001'))).toHaveLength(5);
      const back = parsed(text);
      expect(back.players.find((p) => p.startRank === 1)).toMatchObject({ name: field, rating: 2200, federation: 'N E', fideId: '12 34', points: 1.5 });
      expect(back.players.find((p) => p.startRank === 1)?.rounds).toEqual(t.players.find((p) => p.startRank === 1)?.rounds);
      const line = lines.find((l) => l.startsWith('001    1'))!;
      expect(line.slice(14, 47)).toBe(field.padEnd(33, ' '));
      expect(line.slice(48, 52)).toBe('2200');
      expect(back.headers.map((h) => h.code)).toEqual(['012', '022']);
    });
  });
});
