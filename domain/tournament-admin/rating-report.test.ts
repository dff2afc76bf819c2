import { describe, expect, it } from 'vitest';
import { createRound, enterResult, generatePairings, publishPairings, startRound } from './index';
import { context, makeSnapshot, value } from './fixtures';
import { formatRatingChange, ratingReportCsv, snapshotRatingReport } from './rating-report';
import type { Snapshot } from './model';

/** Four players (Player 01..04 rated 1990, 1980, 1970, 1960), one round: White wins both boards. */
function oneRound(edit: (snapshot: Snapshot) => Snapshot = (s) => s): Snapshot {
  const ctx = context();
  let snapshot = edit(makeSnapshot({ players: 4, rounds: 3 }));
  snapshot = value(createRound(snapshot, { roundNumber: 1, name: 'Round 1', startTime: null }, ctx));
  const boards = generatePairings(snapshot, 1);
  if (!boards.ok) throw new Error(boards.error.message);
  snapshot = value(startRound(value(publishPairings(snapshot, { roundNumber: 1, boards: boards.value }, ctx)), { roundNumber: 1 }, ctx));
  for (const board of boards.value) {
    if (board.blackUserId === null) continue;
    snapshot = value(enterResult(snapshot, { roundNumber: 1, boardNumber: board.boardNumber, whiteUserId: board.whiteUserId, blackUserId: board.blackUserId, result: '1-0', resultReason: null }, ctx));
  }
  return snapshot;
}

describe('snapshotRatingReport', () => {
  it.each([
    {
      // Dutch round 1: 1 v 3 and 4 v 2 (colours alternate down the boards). Differences of 20:
      // E .53 / .47. K 20 (nothing known): 1 +9.4 → 9, 3 −9.4 → −9; 4 beats 2: +10.6 → 11, −10.6 → −11.
      name: 'K 20 when nothing is known',
      edit: (s: Snapshot) => s,
      totals: { 1: 9, 2: -11, 3: -9, 4: 11 },
    },
    {
      // Player 4 born 2010: 16 in the event's year (2026), K 40: 40 × 0.53 = 21.2 → 21.
      name: 'the year of birth gives a junior K 40',
      edit: (s: Snapshot) => ({ ...s, registrations: s.registrations.map((r) => (r.userId === 4 ? { ...r, birthYear: 2010, fideId: '12345678' } : r)) }),
      totals: { 1: 9, 2: -11, 3: -9, 4: 21 },
    },
    {
      // Player 2 unrated, so paired last: 1 v 4 (30: E .54 / .46, ±9.2 → ±9) and 2 v 3, which
      // is not rated for 3 (an unrated opponent) nor for 2.
      name: 'an unrated player',
      edit: (s: Snapshot) => ({ ...s, registrations: s.registrations.map((r) => (r.userId === 2 ? { ...r, userElo: null } : r)) }),
      totals: { 1: 9, 2: 0, 3: 0, 4: -9 },
    },
    {
      // The arbiter gives player 3 (an adult new player) K 40: loses to 1 with E .47, 40 × −0.47
      // = −18.8 → −19; and player 4 (a junior by birth) K 10: beats 2, 10 × 0.53 = 5.3 → 5.
      name: 'a K the arbiter set wins over the rule',
      edit: (s: Snapshot) => ({
        ...s,
        tournament: { ...s.tournament, kFactors: { '3': 40 as const, '4': 10 as const } },
        registrations: s.registrations.map((r) => (r.userId === 4 ? { ...r, birthYear: 2010 } : r)),
      }),
      totals: { 1: 9, 2: -11, 3: -19, 4: 5 },
    },
  ])('$name', ({ edit, totals }) => {
    const report = snapshotRatingReport(oneRound(edit));
    expect(Object.fromEntries(report.map((row) => [row.userId, row.total]))).toEqual(totals);
  });

  it('carries the FIDE ID, the rating, the rated score and each game', () => {
    const report = snapshotRatingReport(oneRound((s) => ({ ...s, registrations: s.registrations.map((r) => (r.userId === 4 ? { ...r, fideId: '12345678' } : r)) })));
    const four = report.find((row) => row.userId === 4)!;
    expect([four.name, four.rating, four.fideId, four.score, four.k, four.rated]).toEqual(['Player 04', 1960, '12345678', 1, 20, true]);
    expect(four.games.map((game) => [game.round, game.opponent, game.opponentRating, game.expected])).toEqual([[1, '2', 1980, 0.47]]);
  });

  it('tells the rule\'s K from the one the arbiter set', () => {
    const report = snapshotRatingReport(oneRound((s) => ({
      ...s,
      tournament: { ...s.tournament, kFactors: { '4': 20 as const } },
      registrations: s.registrations.map((r) => (r.userId === 4 ? { ...r, birthYear: 2010 } : r)),
    })));
    expect(report.map((row) => [row.userId, row.ruleK, row.setK, row.k])).toEqual([[1, 20, null, 20], [2, 20, null, 20], [3, 20, null, 20], [4, 40, 20, 20]]);
  });

  it('has no games before a result is in', () => {
    const ctx = context();
    const snapshot = value(createRound(makeSnapshot({ players: 4, rounds: 3 }), { roundNumber: 1, name: 'Round 1', startTime: null }, ctx));
    expect(snapshotRatingReport(snapshot).every((row) => row.games.length === 0 && row.total === 0)).toBe(true);
  });
});

describe('ratingReportCsv and formatRatingChange', () => {
  it('writes a row per rated game and a total per player, with the FIDE ID', () => {
    const report = snapshotRatingReport(oneRound((s) => ({ ...s, registrations: s.registrations.map((r) => (r.userId === 4 ? { ...r, fideId: '12345678' } : r)) })));
    const lines = ratingReportCsv(report).replace(/^\uFEFF/u, '').trimEnd().split('\r\n');
    expect(lines[0]).toBe('FIDE ID,Player,Rating,K,Round,Opponent,Opponent rating,Score,Expected,Change');
    expect(lines).toContain('12345678,Player 04,1960,20,1,Player 02,1980,1,0.47,10.6');
    expect(lines).toContain('12345678,Player 04,1960,20,Total,,,1,0.47,11');
    expect(lines).toHaveLength(1 + 4 * 2);
  });
  it.each([
    [7.2, '+7.2'],
    [-12.8, '-12.8'],
    [0, '0'],
    [0.04, '0'],
    [10.6, '+10.6'],
  ])('%d → %s', (change, text) => {
    expect(formatRatingChange(change)).toBe(text);
  });
});
