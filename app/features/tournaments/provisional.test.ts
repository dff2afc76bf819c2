import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { createRound, enterResult, publishPairings, resolveDispute, startRound } from '../../../domain/tournament-admin';
import { context, makeSnapshot, value } from '../../../domain/tournament-admin/fixtures';
import type { TournamentResult } from '../../../schema';
import { resultText } from './PairingsTabs';
import { snapshotView } from './tournament-snapshot';
import { enteredResults } from './tournament-store';

/** Board 1 (1 v 2) with these results pushed by devices in this order, optionally resolved. */
function board1(results: TournamentResult[], resolvedAs?: TournamentResult) {
  const ctx = context();
  let snapshot = value(createRound(makeSnapshot({ players: 2, rounds: 1 }), { roundNumber: 1, name: 'Round 1', startTime: null }, ctx));
  snapshot = value(publishPairings(snapshot, { roundNumber: 1, boards: [{ boardNumber: 1, whiteUserId: 1, blackUserId: 2, byeKind: null }] }, ctx));
  snapshot = value(startRound(snapshot, { roundNumber: 1 }, ctx));
  for (const result of results) snapshot = value(enterResult(snapshot, { roundNumber: 1, boardNumber: 1, whiteUserId: 1, blackUserId: 2, result, resultReason: null }, ctx));
  if (resolvedAs) snapshot = value(resolveDispute(snapshot, { appealId: snapshot.disputes[0]!.id, result: resolvedAs, note: 'Checked' }, ctx));
  return snapshotView(snapshot).rounds[0]!.pairings[0]!;
}

describe('a disputed result on every device (issue 29)', () => {
  it.each([
    ['one result', ['1-0'], undefined, '1-0'],
    ['two devices, two results: the first stands, provisional', ['1-0', '0-1'], undefined, '1-0 (provisional)'],
    ['a draw in dispute', ['1/2-1/2', '1-0'], undefined, '½-½ (provisional)'],
    ['the arbiter decided', ['1-0', '0-1'], '0-1', '0-1'],
  ] as const)('%s → %s', (_what, results, resolvedAs, text) => {
    expect(resultText(board1([...results], resolvedAs), setupI18n({ locale: 'en', messages: { en: {} } }))).toBe(text);
  });

  it('reads the results this device entered from its stored row, skipping anything unreadable', () => {
    const entered = [{ roundNumber: 1, boardNumber: 3, result: '1-0' }, { roundNumber: 1, boardNumber: 'x', result: '1-0' }, { roundNumber: 2, boardNumber: 1, result: '2-0' }, null];
    expect(enteredResults({ id: 7, snapshot: {}, fetchedAt: '', entered })).toEqual([{ roundNumber: 1, boardNumber: 3, result: '1-0' }]);
    expect(enteredResults(undefined)).toEqual([]);
  });
});
