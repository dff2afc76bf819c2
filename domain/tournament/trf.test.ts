import { describe, expect, it } from 'vitest';
import { exportSystem, makeTrf, parseTrf, type Trf } from './trf';
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

// A TRF-2026 file with every record of an individual event that carries data (issue 29).
const TRF26 = [
  '012 Spring Scholastic',
  '162  W 1.0    D 0.5    L 0.0    A 0.0    P 1.0',
  '172 IND FIDON',
  '182 Chess Learning App',
  '192 FIDE_DUTCH_BAKU',
  '202 BH/C1,BH,SB',
  '212 PTS,BH/C1,BH,SB',
  '222 40/6000+30:900+30',
  'XXR 5',
  '001    1       Alpha, Anna                      2200                             1.0    1     3 w 1',
  '001    2       Bravo, Bea                       2100                             1.0    2     4 b 1',
  '001    3       Charlie, Cy                      2000                             0.0    3     1 b 0',
  '001    4       Delta, Dee                       1900                             0.0    4     2 w 0',
  '250       1.0   1   2    1    2',
  '250       0.5   3   3    1    2',
  'XXA    3  0.5  0.5',
  '260   1   2    1    2',
  '299 -        -1.0    2    4',
  '299           0.5  000    1    3',
].join('\r');

describe('TRF-2026 records', () => {
  it('reads 162, 172, 182, 192, 202, 212, 222, 250, XXA, 260 and 299', () => {
    const t = parsed(TRF26);
    expect(t.pointSystem).toEqual([
      { symbol: 'W', points: 1 },
      { symbol: 'D', points: 0.5 },
      { symbol: 'L', points: 0 },
      { symbol: 'A', points: 0 },
      { symbol: 'P', points: 1 },
    ]);
    expect(t.rankingMethod).toEqual({ federation: 'IND', method: 'FIDON' });
    expect(t.pairingController).toBe('Chess Learning App');
    expect(t.system).toBe('FIDE_DUTCH_BAKU');
    expect(t.acceleration).toBe('baku');
    expect(t.tieBreaks).toEqual(['BH/C1', 'BH', 'SB']);
    expect(t.standingsTieBreaks).toEqual(['PTS', 'BH/C1', 'BH', 'SB']);
    expect(t.timeControl).toBe('40/6000+30:900+30');
    expect(t.accelerations).toEqual([
      { kind: '250', points: 1, firstRound: 1, lastRound: 2, firstPlayer: 1, lastPlayer: 2 },
      { kind: '250', points: 0.5, firstRound: 3, lastRound: 3, firstPlayer: 1, lastPlayer: 2 },
      { kind: 'XXA', player: 3, points: [0.5, 0.5] },
    ]);
    expect(t.prohibitedPairs).toEqual([{ firstRound: 1, lastRound: 2, players: [1, 2] }]);
    expect(t.abnormalPoints).toEqual([
      { type: '-', points: -1, round: 2, players: [4] },
      { type: '', points: 0.5, round: null, players: [1, 3] },
    ]);
    expect(t.headers).toEqual([{ code: '012', value: 'Spring Scholastic' }]);
  });

  it('writes every record back: the file reads back unchanged, line for line', () => {
    const t = parsed(TRF26);
    const text = makeTrf(t);
    expect(parsed(text)).toEqual(t);
    const written = text.split('\r\n');
    for (const line of TRF26.split('\r').filter((l) => !l.startsWith('001'))) expect(written).toContain(line);
  });

  it('still reads a TRF-16 file (092 type, no TRF-2026 records)', () => {
    const t = parsed(SMALL);
    expect(t).toMatchObject({ system: null, pointSystem: [], tieBreaks: [], timeControl: null, accelerations: [], abnormalPoints: [] });
    expect(t.headers.map((h) => h.code)).toEqual(['012', '022', '092']);
  });

  it.each([
    ['FIDE_DUTCH_2025', 'none', 'FIDE_DUTCH'],
    ['FIDE_DUTCH_2026', 'none', 'FIDE_DUTCH'],
    ['FIDE_DUTCH_2025_BAKU', 'baku', 'FIDE_DUTCH_BAKU'],
    ['FIDE_DUTCH_2026_BAKU', 'baku', 'FIDE_DUTCH_BAKU'],
    ['FIDE_DUTCH_BAKU', 'baku', 'FIDE_DUTCH_BAKU'],
    ['FIDE_DUTCH', 'none', 'FIDE_DUTCH'],
    ['FIDE_DUTCH', 'baku', 'FIDE_DUTCH_BAKU'],
    [null, 'baku', 'FIDE_DUTCH_BAKU'],
    [null, 'none', null],
    ['FIDE_DUTCH_2017', 'none', 'FIDE_DUTCH_2017'],
  ] as const)('192 %s (acceleration %s) is written as %s, a code in FIDE\'s table that bbpPairings 6 reads', (system, acceleration, expected) => {
    expect(exportSystem(system, acceleration)).toBe(expected);
  });

  const player = '001    1       A                                1500                             0.0    1';
  it.each([
    { name: '250 with zero points', text: '250       0.0   1   2    1    1', code: 'ERR_TRF_ACCELERATION_LINE', column: 10 },
    { name: '250 with match points', text: '250  1.0  1.0   1   2    1    1', code: 'ERR_TRF_ACCELERATION_LINE', column: 5 },
    { name: '250 last round before first', text: '250       1.0   3   2    1    1', code: 'ERR_TRF_ACCELERATION_LINE', column: 15 },
    { name: '250 cut short', text: '250       1.0   1   2    1', code: 'ERR_TRF_ACCELERATION_LINE', column: 27 },
    { name: '250 for an unknown player', text: '250       1.0   1   2    1    7', code: 'ERR_TRF_ACCELERATION_LINE', column: 28 },
    { name: 'XXA with a bad value', text: 'XXA    1  1,0', code: 'ERR_TRF_ACCELERATION_LINE', column: 10 },
    { name: '162 with an unknown symbol', text: '162  Q 3.0', code: 'ERR_TRF_POINT_SYSTEM_LINE', column: 6 },
    { name: '162 with a bad value', text: '162  W three', code: 'ERR_TRF_POINT_SYSTEM_LINE', column: 7 },
    { name: '172 with an unknown method', text: '172 IND ELO', code: 'ERR_TRF_RANKING_LINE', column: 9 },
    { name: '202 with an empty code', text: '202 BH,,SB', code: 'ERR_TRF_TIEBREAK_LINE', column: 5 },
    { name: '222 in minutes', text: "222 90'+30\"", code: 'ERR_TRF_TIME_CONTROL_LINE', column: 5 },
    { name: '299 with a bad type', text: '299 Q         1.0  001    1', code: 'ERR_TRF_ABNORMAL_POINTS_LINE', column: 5 },
    { name: '299 without players', text: '299 W         1.0  001', code: 'ERR_TRF_ABNORMAL_POINTS_LINE', column: 24 },
  ])('rejects $name with $code', ({ text, code, column }) => {
    const r = parseTrf(`${player}\n${text}`);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatchObject({ code, line: 2, column });
  });

  it.each(['5400+30', '40/6000+30:900+30', 'W300-B240', '600'])('reads time control %s', (tc) => {
    expect(parsed(`222 ${tc}\n${player}`).timeControl).toBe(tc);
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
