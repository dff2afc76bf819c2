import { describe, expect, it } from 'vitest';
import { T1, T2, T3, players, round } from './test-tournaments';
import {
  adjustedScore,
  averageRatingOfOpponents,
  buchholz,
  buchholzCut1,
  directEncounter,
  sonnebornBerger,
  tieBreakContext,
  tournamentPerformance,
} from './tiebreaks';
import { playerRecords, type TournamentResults } from './results';

/*
 * T1 by hand (see test-tournaments.ts for the rounds). Scores A 4, B 2.5, C 0.5, D 2, E 1.5.
 *
 * Adjusted scores for the opponents (C.07 16.3):
 *   A 4; B 2.5 (forfeit win and pairing bye count as awarded); D 2 (the half-point bye of R2 is
 *   followed by a played round: as awarded); E 1.5; C: the zero-point bye is in the last round,
 *   so it counts as a draw: ½ + 0 + 0 + ½ = 1.
 *
 * Buchholz (own unplayed rounds: a dummy with the player's own score, 16.4):
 *   A: B 2.5 + E 1.5 + C 1 + D 2                      = 7
 *   B: A 4 + dummy 2.5 (forfeit win) + dummy 2.5 (bye) + E 1.5 = 10.5
 *   C: D 2 + dummy 0.5 (forfeit loss) + A 4 + dummy 0.5 (zero bye) = 7
 *   D: C 1 + dummy 2 (half bye) + E 1.5 + A 4          = 8.5
 *   E: dummy 1.5 (bye) + A 4 + D 2 + B 2.5             = 10
 * Buchholz Cut-1 (16.5: with voluntary unplayed rounds, the lowest of those is cut):
 *   A 7 − 1 = 6; B (no VUR) 10.5 − 1.5 = 9; C (VURs 0.5, 0.5) 7 − 0.5 = 6.5;
 *   D (VUR: the half bye, 2, although C's 1 is lower) 8.5 − 2 = 6.5; E 10 − 1.5 = 8.5
 * Sonneborn-Berger (opponent's score × points scored):
 *   A: 2.5 + 1.5 + 1 + 2 = 7
 *   B: 4·0 + 2.5·1 + 2.5·1 + 1.5·½ = 5.75
 *   C: 2·½ + 0.5·0 + 4·0 + 0.5·0 = 1
 *   D: 1·½ + 2·½ + 1.5·1 + 4·0 = 3
 *   E: 1.5·1 + 4·0 + 2·0 + 2.5·½ = 2.75
 * ARO (games over the board only):
 *   A (1900+1600+1800+1700)/4 = 1750; B (2000+1600)/2 = 1800; C (1700+2000)/2 = 1850;
 *   D (1800+1600+2000)/3 = 1800; E (2000+1700+1900)/3 = 1866.7 → 1867
 * TPR = ARO + dp(p), p over the games played:
 *   A 4/4 → +800 = 2550; B ½/2 = .25 → −193 = 1607; C .25 → 1850 − 193 = 1657;
 *   D 1.5/3 = .5 → 1800; E ½/3 = .17 → −273 = 1594
 * With the 2026 cap on the dummy (capDummyScore): B's forfeit win is capped at C's adjusted 1 and
 *   the bye at ½ × 4 rounds = 2, so B = 4 + 1 + 2 + 1.5 = 8.5; C's dummies (0.5) are under their
 *   caps (B 2.5, and 2), so C stays 7.
 */
const T1_EXPECTED = [
  { id: 'A', adjusted: 4, bh: 7, bhc1: 6, sb: 7, aro: 1750, tpr: 2550 },
  { id: 'B', adjusted: 2.5, bh: 10.5, bhc1: 9, sb: 5.75, aro: 1800, tpr: 1607 },
  { id: 'C', adjusted: 1, bh: 7, bhc1: 6.5, sb: 1, aro: 1850, tpr: 1657 },
  { id: 'D', adjusted: 2, bh: 8.5, bhc1: 6.5, sb: 3, aro: 1800, tpr: 1800 },
  { id: 'E', adjusted: 1.5, bh: 10, bhc1: 8.5, sb: 2.75, aro: 1867, tpr: 1594 },
];

describe('T1: a Swiss with pairing byes, a half-point bye, a forfeit and a last-round zero bye', () => {
  const ctx = tieBreakContext(T1);
  it.each(T1_EXPECTED)('$id: adjusted $adjusted, BH $bh, BH-C1 $bhc1, SB $sb, ARO $aro, TPR $tpr', (row) => {
    expect(ctx.adjustedScores.get(row.id)).toBe(row.adjusted);
    expect(buchholz(ctx, row.id)).toBe(row.bh);
    expect(buchholzCut1(ctx, row.id)).toBe(row.bhc1);
    expect(sonnebornBerger(ctx, row.id)).toBe(row.sb);
    expect(averageRatingOfOpponents(ctx, row.id)).toBe(row.aro);
    expect(tournamentPerformance(ctx, row.id)).toBe(row.tpr);
  });
  it('caps the dummy as the 2026 text does, when asked', () => {
    const capped = tieBreakContext(T1, { capDummyScore: true });
    expect(buchholz(capped, 'B')).toBe(8.5);
    expect(buchholz(capped, 'C')).toBe(7);
    expect(buchholz(capped, 'A')).toBe(7);
  });
  it('counts byes as configured: a pairing-allocated bye worth ½ changes scores and dummies', () => {
    // B: 0 + 1 + ½ + ½ = 2; E: ½ + 0 + 0 + ½ = 1. B's Buchholz: A 4 + dummy 2 + dummy 2 + E 1 = 9.
    const half = tieBreakContext(T1, { byeScores: { pairing: 0.5, full: 1, half: 0.5, zero: 0 } });
    expect(half.scores.get('B')).toBe(2);
    expect(half.scores.get('E')).toBe(1);
    expect(buchholz(half, 'B')).toBe(9);
  });
});

describe('adjustedScore (C.07 16.3): which requested byes count as draws for the opponents', () => {
  const recordsOf = (t: TournamentResults, id: string) => playerRecords(t).get(id) ?? [];
  const base = players({ X: 1500, Y: 1500 });
  it.each([
    {
      name: 'a zero bye followed by a played game counts as awarded (0)',
      rounds: [round(1, 'X bye:zero', 'Y absent'), round(2, 'X-Y 1-0')],
      X: 1,
    },
    {
      name: 'a zero bye followed only by a forfeit loss counts as a draw',
      rounds: [round(1, 'X-Y 1-0'), round(2, 'X bye:zero', 'Y absent'), round(3, 'Y-X +-')],
      X: 1.5,
    },
    {
      name: 'a half bye in the last round counts as a draw (½ either way)',
      rounds: [round(1, 'X-Y 0-1'), round(2, 'X bye:half', 'Y absent')],
      X: 0.5,
    },
    {
      name: 'absences after a withdrawal count as draws',
      rounds: [round(1, 'X-Y 1-0'), round(2, 'X absent', 'Y absent'), round(3, 'X absent', 'Y absent')],
      X: 2,
    },
    {
      name: 'a forfeit loss itself counts as awarded (0)',
      rounds: [round(1, 'X-Y -+')],
      X: 0,
    },
    {
      name: 'a pairing-allocated bye in the last round counts as awarded (1)',
      rounds: [round(1, 'X-Y 0-1'), round(2, 'X bye:pairing', 'Y absent')],
      X: 1,
    },
  ])('$name', ({ rounds, X }) => {
    expect(adjustedScore(recordsOf({ players: base, rounds }, 'X'))).toBe(X);
  });
});

/*
 * T2 by hand, a round robin (pre-determined pairings, C.07 15.2: the forfeit is a game against P4):
 *   scores P1 1.5, P2 1.5, P3 2, P4 1.
 *   Buchholz: P1 = P4 1 + P2 1.5 + P3 2 = 4.5; P2 = P3 2 + P1 1.5 + P4 1 = 4.5;
 *             P3 = P2 1.5 + P4 1 + P1 1.5 = 4; P4 = P1 1.5 + P3 2 + P2 1.5 = 5
 *   SB: P1 = 1·1 + 1.5·½ + 2·0 = 1.75; P2 = 2·0 + 1.5·½ + 1·1 = 1.75; P3 = 1.5·1 + 1·0 + 1.5·1 = 3;
 *       P4 = 1.5·0 + 2·1 + 1.5·0 = 2
 *   ARO/TPR leave the forfeit out: P3 (1500+1500)/2 = 1500, 2/2 → 2300; P4 1500 only, 0/1 → 700.
 * As a Swiss instead, P3's forfeit loss would be a dummy with P3's own 2: Buchholz 1.5 + 2 + 1.5 = 5.
 */
describe('T2: a round robin with a forfeit', () => {
  const ctx = tieBreakContext(T2, { system: 'round_robin' });
  it.each([
    { id: 'P1', bh: 4.5, sb: 1.75 },
    { id: 'P2', bh: 4.5, sb: 1.75 },
    { id: 'P3', bh: 4, sb: 3 },
    { id: 'P4', bh: 5, sb: 2 },
  ])('$id: BH $bh, SB $sb', ({ id, bh, sb }) => {
    expect(buchholz(ctx, id)).toBe(bh);
    expect(sonnebornBerger(ctx, id)).toBe(sb);
  });
  it('leaves forfeits out of ARO and TPR', () => {
    expect(averageRatingOfOpponents(ctx, 'P3')).toBe(1500);
    expect(tournamentPerformance(ctx, 'P3')).toBe(2300);
    expect(averageRatingOfOpponents(ctx, 'P4')).toBe(1500);
    expect(tournamentPerformance(ctx, 'P4')).toBe(700);
  });
  it('as a Swiss, the forfeit loss is a dummy with the player’s own score', () => {
    expect(buchholz(tieBreakContext(T2), 'P3')).toBe(5);
  });
});

describe('directEncounter (C.07 6)', () => {
  const three = players({ X: 1500, Y: 1500, Z: 1500 });
  const order = (t: TournamentResults, group = ['X', 'Y', 'Z']) => directEncounter(tieBreakContext(t), group).order;
  it.each([
    {
      name: 'all met: X beat Y, Y beat Z, Z drew X → X 1.5, Y 1, Z 0.5',
      rounds: [round(1, 'X-Y 1-0', 'Z absent'), round(2, 'Y-Z 1-0', 'X absent'), round(3, 'Z-X 1/2-1/2', 'Y absent')],
      expected: [['X'], ['Y'], ['Z']],
    },
    {
      name: 'all met, a circle of wins: all tied',
      rounds: [round(1, 'X-Y 1-0', 'Z absent'), round(2, 'Y-Z 1-0', 'X absent'), round(3, 'Z-X 1-0', 'Y absent')],
      expected: [['X', 'Y', 'Z']],
    },
    {
      name: 'Y and Z never met; X beat both: X 2 beats the 0 + 1 either could reach; Y, Z stay tied',
      rounds: [round(1, 'X-Y 1-0', 'Z absent'), round(2, 'Z-X 0-1', 'Y absent')],
      expected: [['X'], ['Y', 'Z']],
    },
    {
      name: 'Y and Z never met; X beat Y, drew Z: Z could reach ½ + 1 = 1.5, not below X 1.5: all tied',
      rounds: [round(1, 'X-Y 1-0', 'Z absent'), round(2, 'Z-X 1/2-1/2', 'Y absent')],
      expected: [['X', 'Y', 'Z']],
    },
    {
      name: 'a forfeit counts with its result: Y loses to X by forfeit, Z lost to both',
      rounds: [round(1, 'X-Y +-', 'Z absent'), round(2, 'Z-X 0-1', 'Y absent'), round(3, 'Y-Z 1-0', 'X absent')],
      expected: [['X'], ['Y'], ['Z']],
    },
    {
      name: 'a double forfeit is no encounter: Y and Z have not met',
      rounds: [round(1, 'X-Y 1-0', 'Z absent'), round(2, 'Z-X 0-1', 'Y absent'), round(3, 'Y-Z --', 'X absent')],
      expected: [['X'], ['Y', 'Z']],
    },
  ])('$name', ({ rounds, expected }) => {
    expect(order({ players: three, rounds })).toEqual(expected);
  });
  it('reports the points scored inside the group', () => {
    const t = { players: three, rounds: [round(1, 'X-Y 1-0', 'Z absent'), round(2, 'Y-Z 1/2-1/2', 'X absent')] };
    expect(directEncounter(tieBreakContext(t), ['X', 'Y']).points).toEqual(new Map([['X', 1], ['Y', 0]]));
  });
  it('T3: P1 beat P4, so P1 is ahead of P4 by direct encounter', () => {
    expect(order(T3, ['P4', 'P1'])).toEqual([['P1'], ['P4']]);
  });
});

/**
 * The FIDE Technical Commission's tie-break exercise for the 2023/2024 rules (tec.fide.com,
 * 2024-03-18), as crosstable rows: +W9 is a win with White against 9, =BYE a half-point bye,
 * +BYE the pairing-allocated bye, -F11 a forfeit loss against 11, -- not playing. Row 12 is not
 * printed in the copy we have; it follows from the others (lost to 4, had the round 2 bye, won
 * by forfeit against 14, then withdrew), and the published Buchholz of player 4 (15) confirms it.
 */
const FIDE_EXERCISE_2024 = `
1: +W9 =B13 =W2 +B15 =W4
2: +B10 +W7 =B1 +W16 =B3
3: =W11 +B6 +W8 =B4 =W2
4: +B12 =BYE +W13 =W3 =B1
5: -W13 -B15 +W11 =B7 +W10
6: -B14 -W3 +BYE +W10 +B8
7: +W15 -B2 -B16 =W5 -B11
8: =B16 +W14 -B3 +W13 -W6
9: -B1 -W10 =BYE -F11 +BYE
10: -W2 +B9 -W15 -B6 -B5
11: =B3 -W16 -B5 +F9 +W7
12: -W4 +BYE +F14 -- --
13: +B5 =W1 -B4 -B8 -W14
14: +W6 -B8 -F12 -- +B13
15: -B7 +W5 +B10 -W1 -B16
16: =W8 +B11 +W7 -B2 +W15`;

/** Reads crosstable rows into results; each game is taken from the row of its lower number. */
function fromCrosstable(text: string): TournamentResults {
  const rows = text.trim().split('\n').map((line) => {
    const [id, cells] = line.split(': ') as [string, string];
    return { id, cells: cells.split(' ') };
  });
  const rounds = (rows[0]?.cells ?? []).map((_, r) => {
    const boards: string[] = [];
    for (const { id, cells } of rows) {
      const cell = cells[r] as string;
      if (cell === '--') boards.push(`${id} absent`);
      else if (cell === '=BYE') boards.push(`${id} bye:half`);
      else if (cell === '+BYE') boards.push(`${id} bye:pairing`);
      else {
        const [sign, colour, other] = [cell[0], cell[1], cell.slice(2)];
        if (Number(other) < Number(id)) continue; // the other row already gave this game
        if (colour === 'F') boards.push(`${id}-${other} ${sign === '+' ? '+-' : '-+'}`);
        else {
          const mine = sign === '+' ? 1 : sign === '-' ? 0 : 0.5;
          const whiteScore = colour === 'W' ? mine : 1 - mine;
          const result = whiteScore === 1 ? '1-0' : whiteScore === 0 ? '0-1' : '1/2-1/2';
          boards.push(colour === 'W' ? `${id}-${other} ${result}` : `${other}-${id} ${result}`);
        }
      }
    }
    return round(r + 1, ...boards);
  });
  return { players: rows.map(({ id }) => ({ id, rating: 1500 })), rounds };
}

describe('the FIDE TEC tie-break exercise (2024): published Buchholz and Buchholz Cut-1', () => {
  const ctx = tieBreakContext(fromCrosstable(FIDE_EXERCISE_2024));
  it.each([
    // Exercise 1 and 2: no unplayed rounds involved.
    { id: '2', bh: 13 },
    { id: '1', bh: 12.5 },
    { id: '3', bh: 15.5 },
    // Exercise 3: 11's forfeit win is a dummy with 11's own 2.5 (9's 1.5 would give 12.5).
    { id: '5', bh: 8.5 },
    { id: '8', bh: 13.5 },
    { id: '11', bh: 13.5 },
    // Exercise 4: 4's half-point bye is a dummy with 4's own 3.5; 12's two absences after
    // withdrawing count as draws for 4 (0 + 1 + 1 + ½ + ½ = 3).
    { id: '16', bh: 12.5 },
    { id: '4', bh: 15 },
  ])('BH($id) = $bh', ({ id, bh }) => {
    expect(buchholz(ctx, id)).toBe(bh);
  });
  it.each([
    // Exercise 5.
    { id: '5', cut1: 7.5 },
    { id: '8', cut1: 12 },
    { id: '11', cut1: 12 },
  ])('BH-C1($id) = $cut1', ({ id, cut1 }) => {
    expect(buchholzCut1(ctx, id)).toBe(cut1);
  });
  it('reads the crosstable: every score as worked out from the rows (40 points in all)', () => {
    const printed = { 1: 3.5, 2: 4, 3: 3.5, 4: 3.5, 5: 2.5, 6: 3, 7: 1.5, 8: 2.5, 9: 1.5, 10: 1, 11: 2.5, 12: 2, 13: 1.5, 14: 2, 15: 2, 16: 3.5 };
    expect(Object.fromEntries(ctx.scores)).toEqual(Object.fromEntries(Object.entries(printed)));
    expect(ctx.adjustedScores.get('12')).toBe(3);
  });
});
