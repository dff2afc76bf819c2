import { describe, expect, it } from 'vitest';
import { createRound, enterResult, publishPairings, startRound, updateTournament } from '../../../domain/tournament-admin';
import { context, makeSnapshot, value } from '../../../domain/tournament-admin/fixtures';
import { hasRatingReport, ratingReportRows } from './RatingReport';
import { snapshotView } from './tournament-snapshot';

describe('the Rating report tab (issue 29)', () => {
  it.each([
    ['swiss', 'in_progress', true],
    ['swiss', 'completed', true],
    ['swiss', 'registration_closed', false],
    ['round_robin', 'in_progress', false],
  ] as const)('%s %s → %s', (format, status, shown) => {
    expect(hasRatingReport(snapshotView(makeSnapshot({ format, status })))).toBe(shown);
  });

  it('is computed on the device from the stored snapshot, with the year of birth for K', () => {
    const ctx = context();
    let snapshot = makeSnapshot({ players: 2, rounds: 1 });
    snapshot = { ...snapshot, registrations: snapshot.registrations.map((r) => (r.userId === 2 ? { ...r, birthYear: 2014, fideId: '5012345' } : r)) };
    snapshot = value(createRound(snapshot, { roundNumber: 1, name: 'Round 1', startTime: null }, ctx));
    snapshot = value(publishPairings(snapshot, { roundNumber: 1, boards: [{ boardNumber: 1, whiteUserId: 2, blackUserId: 1, byeKind: null }] }, ctx));
    snapshot = value(startRound(snapshot, { roundNumber: 1 }, ctx));
    snapshot = value(enterResult(snapshot, { roundNumber: 1, boardNumber: 1, whiteUserId: 2, blackUserId: 1, result: '1-0', resultReason: null }, ctx));
    // 1980 beats 1990 (E .49): K 40 (a junior) +20.4 → 20; the adult loses 20 × 0.51 = 10.2 → −10.
    const rows = ratingReportRows(snapshotView(snapshot));
    expect(rows.map((row) => [row.userId, row.k, row.total, row.fideId])).toEqual([[1, 20, -10, null], [2, 40, 20, '5012345']]);
    // The arbiter gives the adult K 40 (a new player) on the tab: 40 × 0.51 = 20.4 → −20.
    const set = value(updateTournament(snapshot, { fields: { kFactors: { '1': 40 } } }, ctx));
    const after = ratingReportRows(snapshotView(set));
    expect(after.map((row) => [row.userId, row.ruleK, row.setK, row.k, row.total])).toEqual([[1, 20, 40, 40, -20], [2, 40, null, 40, 20]]);
  });
});
