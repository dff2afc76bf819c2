import { describe, expect, it } from 'vitest';
import { initialRound } from './RoundsTab';
import { snapshotSchema, snapshotView, type Snapshot } from './tournament-snapshot';

const tournament = {
  id: 1, name: 'Club Swiss', description: null, venue: null, startDate: '2026-12-01T00:00:00.000Z', endDate: '2026-12-01T00:00:00.000Z',
  registrationStartDate: '2026-11-01T00:00:00.000Z', registrationEndDate: '2026-11-30T00:00:00.000Z', maxParticipants: null,
  format: 'swiss', timeControl: { type: 'rapid', minutes: 15, increment: 10 }, entryFee: 0, currency: 'INR', rounds: 3,
  status: 'in_progress', organizerId: 9,
};
const extras = { tieBreaks: ['buchholz', 'sonneborn_berger', 'head_to_head'], disputes: [], loadedAt: '2026-12-01T10:00:00.000Z' };
const registration = (id: number, elo: number, status = 'confirmed') => ({
  id, userId: id, userName: `P${id}`, userEmail: null, userElo: elo, status, createdAt: '2026-11-02T00:00:00.000Z',
});
let nextId = 1;
const game = (board: number, white: number, black: number | null, result: string | null, byeKind: string | null = null) => ({
  id: nextId++, gameId: black === null ? null : nextId, boardNumber: board, whitePlayerId: white, whitePlayerName: `P${white}`, whitePlayerElo: null,
  blackPlayerId: black, blackPlayerName: black === null ? null : `P${black}`, blackPlayerElo: null, gameResult: result,
  gameStatus: result || black === null ? 'completed' : 'in_progress', isBye: black === null, byeKind,
});

function snapshot(rounds: unknown[]): Snapshot {
  return snapshotSchema.parse({
    ...extras,
    tournament,
    registrations: [registration(1, 1800), registration(2, 1700), registration(3, 1600), registration(4, 1500, 'pending'), registration(5, 1400, 'waitlisted')],
    rounds,
  });
}

describe('snapshotView', () => {
  it('counts registrations by status for the stat cards', () => {
    expect(snapshotView(snapshot([])).stats).toEqual({ confirmed: 3, pending: 1, waitlisted: 1 });
  });

  it('has no standings before any pairing (the empty state shows)', () => {
    expect(snapshotView(snapshot([])).standings).toEqual([]);
  });

  it('scores wins, draws, byes and leaves unfinished games out, with the default tie-breaks', () => {
    const view = snapshotView(snapshot([
      { id: 1, roundNumber: 1, name: 'Round 1', status: 'completed', startTime: null, gamesCount: 0, completedGames: 0, pairings: [game(1, 1, 2, '1-0'), game(2, 3, null, null, 'pairing')] },
      { id: 2, roundNumber: 2, name: 'Round 2', status: 'in_progress', startTime: null, gamesCount: 0, completedGames: 0, pairings: [game(1, 3, 1, '1/2-1/2'), game(2, 2, null, null, 'half')] },
      { id: 3, roundNumber: 3, name: 'Round 3', status: 'in_progress', startTime: null, gamesCount: 0, completedGames: 0, pairings: [game(1, 2, 3, null)] },
    ]));
    // P1 and P3 tie on 1.5; the tie-breaks (domain/tournament) order them, so only the scores are fixed here.
    expect(view.standings.map((row) => row.score)).toEqual([1.5, 1.5, 0.5]);
    expect(view.standings.map((row) => row.username).sort()).toEqual(['P1', 'P2', 'P3']);
    expect(view.standings[2]!.username).toBe('P2');
    expect(view.tieBreakNames).toEqual(['buchholz', 'sonneborn_berger', 'head_to_head']);
    expect(view.standings[0]!.tieBreaks.map((tieBreak) => tieBreak.name)).toEqual(view.tieBreakNames);
    expect(view.rounds.map((round) => [round.gamesCount, round.completedGames])).toEqual([[1, 1], [1, 1], [1, 0]]);
  });
});

describe('the Rounds tab selection rule', () => {
  const round = (id: number, status: 'created' | 'paired' | 'in_progress' | 'completed') => ({ id, roundNumber: id, name: `Round ${id}`, status, gamesCount: 0, completedGames: 0, startTime: null, pairings: [] });
  it.each([
    ['the in-progress round first', [round(1, 'completed'), round(2, 'in_progress'), round(3, 'paired')], 2],
    ['else the paired one', [round(1, 'completed'), round(2, 'paired'), round(3, 'created')], 2],
    ['else the last', [round(1, 'completed'), round(2, 'created')], 2],
    ['nothing without rounds', [], null],
  ])('%s', (_name, rounds, expected) => {
    expect(initialRound(rounds)?.id ?? null).toBe(expected);
  });
});
