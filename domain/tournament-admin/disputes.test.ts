import { describe, expect, it } from 'vitest';
import type { TournamentResult } from '../../schema';
import { createRound, enterResult, publishPairings, resolveDispute, startRound } from './index';
import { context, makeSnapshot, value } from './fixtures';
import { isProvisional, resultsNotKept } from './disputes';
import type { Snapshot } from './model';

/** Round 1 of four players started: board 1 is 1 v 3, board 2 is 4 v 2. */
function started(): Snapshot {
  const ctx = context();
  let snapshot = value(createRound(makeSnapshot({ players: 4 }), { roundNumber: 1, name: 'Round 1', startTime: null }, ctx));
  snapshot = value(publishPairings(snapshot, { roundNumber: 1, boards: [{ boardNumber: 1, whiteUserId: 1, blackUserId: 3, byeKind: null }, { boardNumber: 2, whiteUserId: 4, blackUserId: 2, byeKind: null }] }, ctx));
  return value(startRound(snapshot, { roundNumber: 1 }, ctx));
}

/** The server's copy after devices pushed these results for board 1, in this order. */
function pushed(...results: TournamentResult[]): Snapshot {
  const ctx = context();
  return results.reduce((snapshot, result) => value(enterResult(snapshot, { roundNumber: 1, boardNumber: 1, whiteUserId: 1, blackUserId: 3, result, resultReason: null }, ctx)), started());
}

const resolved = (snapshot: Snapshot, result: TournamentResult) => value(resolveDispute(snapshot, { appealId: snapshot.disputes[0]!.id, result, note: 'Scoresheets checked' }, context()));

describe('disputed results', () => {
  it.each([
    // [what, the server's copy, this device's result for board 1, the notice (kept, provisional) or none]
    ['my result was kept', pushed('1-0'), '1-0', null],
    ['the same result from two devices: no dispute', pushed('1-0', '1-0'), '1-0', null],
    ['mine came second: the first stands, provisional', pushed('0-1', '1-0'), '1-0', ['0-1', true]],
    ['mine came first and stands while disputed', pushed('1-0', '0-1'), '1-0', null],
    ['the arbiter decided against mine', resolved(pushed('1-0', '0-1'), '0-1'), '1-0', ['0-1', false]],
    ['the arbiter decided for mine', resolved(pushed('0-1', '1-0'), '1-0'), '1-0', null],
    ['no result on the board yet (a pairing conflict): no notice', started(), '1-0', null],
  ] as const)('%s', (_what, snapshot, mine, expected) => {
    const notices = resultsNotKept(snapshot, [{ roundNumber: 1, boardNumber: 1, result: mine }]);
    expect(notices.map((n) => [n.kept, n.provisional])).toEqual(expected === null ? [] : [expected]);
  });

  it('marks a board provisional while a dispute about it is open, on any device', () => {
    const disputed = pushed('1-0', '0-1');
    expect([isProvisional(disputed.disputes, 1, 1), isProvisional(disputed.disputes, 1, 2)]).toEqual([true, false]);
    expect(isProvisional(resolved(disputed, '1-0').disputes, 1, 1)).toBe(false);
  });
});
