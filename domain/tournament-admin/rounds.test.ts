import { describe, expect, it } from 'vitest';
import type { TournamentFormat, TournamentResult } from '../../schema';
import { applyTournamentMutation } from './index';
import { checkPairing, generatePairings } from './pairing';
import { correctResult, createRound, enterResult, publishPairings, resolveDispute, startRound } from './rounds';
import { finalPlacements, snapshotStandings } from './standings';
import { context, makeSnapshot, value } from './fixtures';
import type { Snapshot } from './model';

const ctx = context();
const RESULTS: TournamentResult[] = ['1-0', '0-1', '1/2-1/2'];

/** Plays one round: create, pair, start, and a result on every board (higher seed wins, or a cycle of results). */
function playRound(snapshot: Snapshot, roundNumber: number, pick: (board: number) => TournamentResult = (board) => RESULTS[board % 3] as TournamentResult): Snapshot {
  let next = value(createRound(snapshot, { roundNumber, name: `Round ${roundNumber}`, startTime: null }, ctx));
  const boards = generatePairings(next, roundNumber);
  if (!boards.ok) throw new Error(boards.error.message);
  next = value(publishPairings(next, { roundNumber, boards: boards.value }, ctx));
  next = value(startRound(next, { roundNumber }, ctx));
  for (const board of boards.value) {
    if (board.blackUserId === null) continue;
    const result = pick(board.boardNumber);
    const draw = result === '1/2-1/2';
    next = value(enterResult(next, { roundNumber, boardNumber: board.boardNumber, whiteUserId: board.whiteUserId, blackUserId: board.blackUserId, result, resultReason: null, advancesPlayerId: draw ? board.whiteUserId : null }, ctx));
  }
  return next;
}

describe('rounds', () => {
  it('are created only in order, named Round N, when the last is completed', () => {
    const snapshot = makeSnapshot({ players: 4 });
    expect(createRound(snapshot, { roundNumber: 2, name: 'Round 2', startTime: null }, ctx).ok).toBe(false);
    const one = value(createRound(snapshot, { roundNumber: 1, name: '', startTime: null }, ctx));
    expect(one.rounds[0]).toMatchObject({ name: 'Round 1', status: 'created' });
    const refused = createRound(one, { roundNumber: 2, name: 'Round 2', startTime: null }, ctx);
    expect(refused.ok ? null : refused.error.message).toBe('Complete Round 1 before creating a new round.');
    expect(value(createRound(one, { roundNumber: 1, name: 'Round 1', startTime: null }, ctx))).toBe(one);
  });

  it('need the tournament in progress and a manager', () => {
    expect(createRound(makeSnapshot({ status: 'registration_closed' }), { roundNumber: 1, name: 'R', startTime: null }, ctx).ok).toBe(false);
    expect(createRound(makeSnapshot(), { roundNumber: 1, name: 'R', startTime: null }, context({ canManage: false })).ok).toBe(false);
  });

  it('complete when every game has a result', () => {
    const played = playRound(makeSnapshot({ players: 9 }), 1);
    expect(played.rounds[0]).toMatchObject({ status: 'completed', gamesCount: 4, completedGames: 4 });
  });
});

describe('whole events in every format', () => {
  it.each([
    ['swiss', 9, 5, 5],
    ['swiss', 20, 5, 5],
    ['round_robin', 6, null, 5],
    ['round_robin', 5, null, 5],
    ['round_robin', 4, 6, 6],
    ['single_elimination', 8, null, 3],
    ['single_elimination', 6, null, 3],
    ['double_elimination', 4, null, 5],
  ] as [TournamentFormat, number, number | null, number][])('%s of %i players plays %s rounds', (format, players, rounds, expected) => {
    let snapshot = makeSnapshot({ format, players, rounds });
    let played = 0;
    for (let round = 1; round <= 12; round++) {
      if (format !== 'swiss' && format !== 'round_robin' && round > 1 && !generatePairings({ ...snapshot, rounds: [...snapshot.rounds, { id: 0, roundNumber: round, name: '', status: 'created', gamesCount: 0, completedGames: 0, startTime: null, pairings: [] }] }, round).ok) break;
      if (format === 'round_robin' && round > expected) break;
      if (format === 'swiss' && round > expected) break;
      snapshot = playRound(snapshot, round);
      played++;
    }
    expect(played).toBe(expected);
    const standings = snapshotStandings(snapshot);
    expect(standings).toHaveLength(players);
    if (format === 'round_robin') expect(standings.every((row) => row.gamesPlayed === (rounds ?? (players % 2 === 0 ? players - 1 : players - 1)))).toBe(true);
    const pairs = new Set<string>();
    for (const round of snapshot.rounds) {
      for (const board of round.pairings) {
        if (board.blackPlayerId === null) continue;
        const key = [board.whitePlayerId, board.blackPlayerId].sort().join('-');
        if (format === 'swiss' || (format === 'round_robin' && rounds === null)) expect(pairs.has(key)).toBe(false);
        pairs.add(key);
      }
    }
  });

  it('a single elimination final leaves one player unbeaten', () => {
    let snapshot = makeSnapshot({ format: 'single_elimination', players: 8, rounds: null });
    for (let round = 1; round <= 3; round++) snapshot = playRound(snapshot, round, () => '1-0');
    expect(snapshot.rounds[2]?.pairings).toHaveLength(1);
    expect(snapshotStandings(snapshot)[0]).toMatchObject({ userId: 1, score: 3 });
  });

  it('a drawn elimination game needs the player who goes through', () => {
    let snapshot = makeSnapshot({ format: 'single_elimination', players: 4, rounds: null });
    snapshot = value(createRound(snapshot, { roundNumber: 1, name: 'Round 1', startTime: null }, ctx));
    const boards = generatePairings(snapshot, 1);
    snapshot = value(startRound(value(publishPairings(snapshot, { roundNumber: 1, boards: boards.ok ? boards.value : [] }, ctx)), { roundNumber: 1 }, ctx));
    const board = snapshot.rounds[0]?.pairings[0];
    const args = { roundNumber: 1, boardNumber: 1, whiteUserId: board?.whitePlayerId ?? 0, blackUserId: board?.blackPlayerId ?? 0, result: '1/2-1/2' as const, resultReason: null };
    const refused = enterResult(snapshot, args, ctx);
    expect(refused.ok ? null : refused.error.code).toBe('ERR_RESULT');
    expect(enterResult(snapshot, { ...args, advancesPlayerId: args.blackUserId }, ctx).ok).toBe(true);
  });
});

describe('requested byes, late entries and withdrawals in a Swiss', () => {
  it('pairs byes as requested, a late entrant from their round, nobody withdrawn', () => {
    let snapshot = makeSnapshot({ players: 8 });
    snapshot = { ...snapshot, registrations: snapshot.registrations.map((entry) => (entry.userId === 3 ? { ...entry, byes: [{ roundNumber: 1, kind: 'half' as const }] } : entry)) };
    snapshot = playRound(snapshot, 1);
    const one = snapshot.rounds[0]?.pairings ?? [];
    expect(one.find((board) => board.whitePlayerId === 3)).toMatchObject({ isBye: true, byeKind: 'half' });
    expect(one.filter((board) => board.byeKind === 'pairing')).toHaveLength(1);
    snapshot = value(applyTournamentMutation(snapshot, 'addLateEntry', { tournamentId: 7, userId: 20, userName: 'Late', userElo: 1700, missedRounds: 'half' }, ctx));
    snapshot = value(applyTournamentMutation(snapshot, 'withdrawRegistration', { tournamentId: 7, userId: 8 }, ctx));
    snapshot = playRound(snapshot, 2);
    const two = snapshot.rounds[1]?.pairings ?? [];
    const inRound = two.flatMap((board) => [board.whitePlayerId, board.blackPlayerId]);
    expect(inRound).toContain(20);
    expect(inRound).not.toContain(8);
    const late = snapshotStandings(snapshot).find((row) => row.userId === 20);
    expect(late?.score).toBeGreaterThanOrEqual(0.5);
  });
});

describe('pairing legality', () => {
  const paired = () => {
    const snapshot = playRound(makeSnapshot({ players: 4 }), 1, () => '1-0');
    return value(createRound(snapshot, { roundNumber: 2, name: 'Round 2', startTime: null }, ctx));
  };
  it.each([
    ['a player twice', [{ boardNumber: 1, whiteUserId: 1, blackUserId: 2, byeKind: null }, { boardNumber: 2, whiteUserId: 1, blackUserId: 3, byeKind: null }]],
    ['a player missing', [{ boardNumber: 1, whiteUserId: 1, blackUserId: 4, byeKind: null }]],
    ['an unknown player', [{ boardNumber: 1, whiteUserId: 1, blackUserId: 4, byeKind: null }, { boardNumber: 2, whiteUserId: 2, blackUserId: 99, byeKind: null }]],
    ['boards numbered with a gap', [{ boardNumber: 1, whiteUserId: 1, blackUserId: 4, byeKind: null }, { boardNumber: 3, whiteUserId: 2, blackUserId: 3, byeKind: null }]],
    ['a bye nobody asked for', [{ boardNumber: 1, whiteUserId: 1, blackUserId: 4, byeKind: null }, { boardNumber: 2, whiteUserId: 2, blackUserId: null, byeKind: 'half' }, { boardNumber: 3, whiteUserId: 3, blackUserId: null, byeKind: 'pairing' }]],
  ] as const)('refuses %s', (_name, boards) => {
    const result = checkPairing(paired(), 2, boards);
    expect(result.ok ? null : result.error.code).toBe('ERR_ILLEGAL_PAIRING');
  });

  it('refuses a rematch and accepts the engine\'s pairing', () => {
    const snapshot = paired();
    const first = snapshot.rounds[0]?.pairings[0];
    const others = [1, 2, 3, 4].filter((id) => id !== first?.whitePlayerId && id !== first?.blackPlayerId);
    const rematch = checkPairing(snapshot, 2, [
      { boardNumber: 1, whiteUserId: first?.blackPlayerId ?? 0, blackUserId: first?.whitePlayerId ?? 0, byeKind: null },
      { boardNumber: 2, whiteUserId: others[0] ?? 0, blackUserId: others[1] ?? 0, byeKind: null },
    ]);
    expect(rematch.ok ? null : rematch.error.message).toBe('Board 1 is a rematch.');
    const engine = generatePairings(snapshot, 2);
    expect(engine.ok && checkPairing(snapshot, 2, engine.value).ok).toBe(true);
  });

  it('first pairing wins: a second publish is refused', () => {
    const snapshot = paired();
    const boards = generatePairings(snapshot, 2);
    const published = value(publishPairings(snapshot, { roundNumber: 2, boards: boards.ok ? boards.value : [] }, ctx));
    const again = publishPairings(published, { roundNumber: 2, boards: boards.ok ? boards.value : [] }, ctx);
    expect(again.ok ? null : again.error).toMatchObject({ code: 'ERR_ALREADY_PAIRED', message: 'Round 2 was already paired on another device: its pairings are shown instead.' });
  });
});

describe('results, corrections and disputes', () => {
  const started = () => {
    let snapshot = value(createRound(makeSnapshot({ players: 4 }), { roundNumber: 1, name: 'Round 1', startTime: null }, ctx));
    const boards = generatePairings(snapshot, 1);
    snapshot = value(publishPairings(snapshot, { roundNumber: 1, boards: boards.ok ? boards.value : [] }, ctx));
    return value(startRound(snapshot, { roundNumber: 1 }, ctx));
  };
  const boardArgs = (snapshot: Snapshot, result: TournamentResult) => {
    const board = snapshot.rounds[0]?.pairings[0];
    return { roundNumber: 1, boardNumber: 1, whiteUserId: board?.whitePlayerId ?? 0, blackUserId: board?.blackPlayerId ?? 0, result, resultReason: null };
  };

  it.each(['1-0', '0-1', '1/2-1/2', '+-', '-+', '--'] as const)('enters %s', (result) => {
    const snapshot = started();
    const after = value(enterResult(snapshot, boardArgs(snapshot, result), ctx));
    expect(after.rounds[0]?.pairings[0]).toMatchObject({ gameResult: result, gameStatus: 'completed' });
  });

  it('refuses results before the round starts', () => {
    let snapshot = value(createRound(makeSnapshot({ players: 4 }), { roundNumber: 1, name: 'Round 1', startTime: null }, ctx));
    const boards = generatePairings(snapshot, 1);
    snapshot = value(publishPairings(snapshot, { roundNumber: 1, boards: boards.ok ? boards.value : [] }, ctx));
    expect(enterResult(snapshot, boardArgs(snapshot, '1-0'), ctx).ok).toBe(false);
  });

  it('the same result twice is one result; a different one is a dispute keeping both', () => {
    const snapshot = started();
    const once = value(enterResult(snapshot, boardArgs(snapshot, '1-0'), ctx));
    expect(value(enterResult(once, boardArgs(snapshot, '1-0'), ctx))).toBe(once);
    const disputed = value(enterResult(once, boardArgs(snapshot, '0-1'), context({ user: { id: 1001, username: 'second', eloRating: null } })));
    expect(disputed.rounds[0]?.pairings[0]?.gameResult).toBe('1-0');
    expect(disputed.disputes).toHaveLength(1);
    expect(disputed.disputes[0]).toMatchObject({ appealType: 'result_dispute', status: 'pending', boardNumber: 1 });
    expect(disputed.disputes[0]?.submissions.map((each) => each.result)).toEqual(['1-0', '0-1']);
    const resolved = value(resolveDispute(disputed, { appealId: disputed.disputes[0]?.id ?? 0, result: '0-1', note: 'Scoresheets checked' }, ctx));
    expect(resolved.rounds[0]?.pairings[0]?.gameResult).toBe('0-1');
    expect(resolved.disputes[0]).toMatchObject({ status: 'resolved', resolution: '0-1: Scoresheets checked' });
  });

  it('a result against another pairing becomes a pairing conflict', () => {
    const snapshot = started();
    const board = snapshot.rounds[0]?.pairings[0];
    const after = value(enterResult(snapshot, { roundNumber: 1, boardNumber: 1, whiteUserId: board?.blackPlayerId ?? 0, blackUserId: board?.whitePlayerId ?? 0, result: '1-0', resultReason: null }, ctx));
    expect(after.disputes[0]).toMatchObject({ appealType: 'pairing_conflict' });
    expect(after.rounds[0]?.pairings[0]?.gameResult).toBeNull();
  });

  it('corrects a completed result with a note only', () => {
    const snapshot = started();
    const once = value(enterResult(snapshot, boardArgs(snapshot, '1-0'), ctx));
    expect(correctResult(started(), { roundNumber: 1, boardNumber: 1, result: '0-1', note: 'x' }, ctx).ok).toBe(false);
    expect(correctResult(once, { roundNumber: 1, boardNumber: 1, result: '0-1', note: ' ' }, ctx).ok).toBe(false);
    const corrected = value(correctResult(once, { roundNumber: 1, boardNumber: 1, result: '0-1', note: 'Wrong box ticked' }, ctx));
    expect(corrected.rounds[0]?.pairings[0]?.gameResult).toBe('0-1');
  });
});

describe('final places (issue 20): only from a completed tournament, one per place', () => {
  it('none after round 1 of 5; once completed, places 1, 2, 3 even where the standings share a rank', () => {
    // Three players: round 1 has one game (the top seed wins) and a bye worth a point, so two
    // players lead on 1 point; only the tie-breaks (then the pairing order) can split them.
    const afterOne = playRound(makeSnapshot({ players: 3 }), 1, () => '1-0');
    const standings = snapshotStandings(afterOne);
    expect(standings.map((row) => row.score)).toEqual([1, 1, 0]);
    expect(finalPlacements(afterOne)).toEqual([]);
    const tied = snapshotStandings({ ...afterOne, tieBreaks: [] });
    expect(tied.map((row) => row.rank)).toEqual([1, 1, 3]);
    const completed = { ...afterOne, tieBreaks: [], tournament: { ...afterOne.tournament, status: 'completed' as const } };
    const places = finalPlacements(completed);
    expect(places.map((each) => each.place)).toEqual([1, 2, 3]);
    expect(places.map((each) => each.standing.userId)).toEqual(tied.map((row) => row.userId));
  });
});
