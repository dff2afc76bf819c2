/**
 * Standings from the Swiss model: the adapter to the standings model, and the FIDE table
 * checked against the tables of FIDE's tie-break reference tool (TieBreakServer 1.9.57, run as
 * `tiebreakchecker.py -i FILE -c -dT -s -t PTS BH BH/C1 SB DE ARO TPR`, and with BH/V1 BH/C1/V1
 * SB/V1 for the 2024 text), committed in vectors/standings.
 */
import { describe, expect, it } from 'vitest';
import { parseTrf } from './trf';
import {
  fideStandings,
  formatStandingsTable,
  parseStandingsArgs,
  runStandings,
  STANDINGS_COLUMNS,
  swissToResults,
} from './swiss-standings';
import { standingsTables, vectorFiles } from './vector-files';
import type { Tournament } from './model';

const tournament = (file: string): Tournament => {
  const parsed = parseTrf(vectorFiles.get(file)!);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
};

const line = (rank: number, rating: number, rounds: string) =>
  `001 ${String(rank).padStart(4)}      ${`Player ${rank}`.padEnd(33)} ${rating} ${' '.repeat(27)} 0.0 ${String(rank).padStart(4)}${rounds}`;

describe('the tables of FIDE’s tie-break reference tool', () => {
  const tables = [...standingsTables.keys()];
  it('are committed', () => {
    expect(tables.length).toBeGreaterThanOrEqual(6);
  });
  it.each(tables)('%s', (table) => {
    const rules = table.endsWith('.rules-2024.tsv') ? '2024' : '2026';
    const file = table.replace(/(\.rules-2024)?\.tsv$/, '.trf');
    expect(formatStandingsTable(fideStandings(tournament(file), { rules }))).toBe(standingsTables.get(table));
  });
});

describe('swissToResults', () => {
  // Round 1: 1-2 1-0, 3-4 forfeit (+ for 3), 5 pairing bye. Round 2: 2-1 draw, 3 half bye,
  // 4 absent (blank), 5 zero bye.
  const text = [
    '012 Adapter',
    line(1, 2000, '     2 w 1     2 b ='),
    line(2, 1900, '     1 b 0     1 w ='),
    line(3, 1800, '     4 w +  0000 - H'),
    line(4, 1700, '     3 b -'),
    line(5, 1600, '  0000 - U  0000 - Z'),
  ].join('\r');
  const parsed = parseTrf(text);
  if (!parsed.ok) throw new Error(parsed.error.message);
  const results = swissToResults(parsed.value);

  it('writes each game once, from White’s side, with forfeits and byes', () => {
    expect(results.players.map((p) => p.id)).toEqual(['1', '2', '3', '4', '5']);
    expect(results.rounds[0]).toEqual({
      round: 1,
      games: [
        { white: '1', black: '2', result: '1-0' },
        { white: '3', black: '4', result: '+-' },
        { white: '5', black: null, bye: 'pairing' },
      ],
      absent: [],
    });
    expect(results.rounds[1]).toEqual({
      round: 2,
      games: [
        { white: '2', black: '1', result: '1/2-1/2' },
        { white: '3', black: null, bye: 'half' },
        { white: '5', black: null, bye: 'zero' },
      ],
      absent: ['4'],
    });
  });

  it('gives the points of the file', () => {
    const rows = fideStandings(parsed.value);
    expect(rows.map((r) => [r.startNo, r.points])).toEqual([
      [1, 1.5],
      [2, 0.5],
      [3, 1.5],
      [4, 0],
      [5, 1],
    ]);
  });

  it('caps the dummy opponent in the 2026 text only', () => {
    // Player 3 (1.5): a forfeit win against 4 and a last-round half bye. 4's adjusted score is ½
    // (the forfeit loss 0, the last-round absence counted as a draw).
    const now = fideStandings(parsed.value).find((r) => r.startNo === 3)!;
    const before = fideStandings(parsed.value, { rules: '2024' }).find((r) => r.startNo === 3)!;
    // 2026: the forfeit's dummy scores min(1.5, ½) = ½; the bye's min(1.5, 2 rounds × ½) = 1.
    expect(now.bh).toBe(1.5);
    // 2024: both dummies have 3's own 1.5.
    expect(before.bh).toBe(3);
  });
});

describe('the standings command', () => {
  it.each([
    { args: ['t.trf'], value: { input: 't.trf', rules: '2026', rounds: null } },
    { args: ['--rules', '2024', 't.trf'], value: { input: 't.trf', rules: '2024', rounds: null } },
    { args: ['--rounds', '3', 't.trf'], value: { input: 't.trf', rules: '2026', rounds: 3 } },
    { args: [], value: { input: null, rules: '2026', rounds: null } },
  ])('accepts $args', ({ args, value }) => {
    expect(parseStandingsArgs(args)).toEqual({ ok: true, value });
  });
  it.each([[['--rules', '2025', 't.trf']], [['--rounds', 'x', 't.trf']], [['--bogus']], [['a.trf', 'b.trf']]])('rejects %j', (args) => {
    expect(parseStandingsArgs(args).ok).toBe(false);
  });
  it('prints a header line and a line per player', () => {
    const result = runStandings({ input: 'x.trf', rules: '2026', rounds: null }, vectorFiles.get('dutch-1002-p8-r6.trf')!);
    expect(result.exitCode).toBe(0);
    const lines = result.output.trimEnd().split('\n');
    expect(lines[0]).toBe(STANDINGS_COLUMNS.join('\t'));
    expect(lines).toHaveLength(9);
  });
  it('counts only the first rounds when asked', () => {
    const result = runStandings({ input: 'x.trf', rules: '2026', rounds: 1 }, vectorFiles.get('dutch-1002-p8-r6.trf')!);
    const points = result.output.trimEnd().split('\n').slice(1).map((l) => Number(l.split('\t')[2]));
    expect(Math.max(...points)).toBeLessThanOrEqual(1);
  });
  it('reports a file that is not TRF', () => {
    const result = runStandings({ input: 'x.trf', rules: '2026', rounds: null }, '001 garbage');
    expect(result.exitCode).toBe(3);
    expect(result.errors).toMatch(/^Error parsing file x\.trf/);
  });
});
