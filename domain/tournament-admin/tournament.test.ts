import { describe, expect, it } from 'vitest';
import { TOURNAMENT_STATUSES, type TournamentStatus } from '../../schema';
import { canTransition, updateTournament } from './tournament';
import { context, makeSnapshot } from './fixtures';

const ALLOWED: [TournamentStatus, TournamentStatus][] = [
  ['draft', 'registration_open'],
  ['registration_open', 'registration_closed'],
  ['registration_closed', 'in_progress'],
  ['in_progress', 'completed'],
  ['draft', 'cancelled'],
  ['registration_open', 'cancelled'],
  ['registration_closed', 'cancelled'],
  ['in_progress', 'cancelled'],
];

describe('the tournament status machine', () => {
  const pairs = TOURNAMENT_STATUSES.flatMap((from) => TOURNAMENT_STATUSES.filter((to) => to !== from).map((to) => [from, to] as const));
  it.each(pairs)('%s -> %s', (from, to) => {
    expect(canTransition(from, to)).toBe(ALLOWED.some(([a, b]) => a === from && b === to));
  });

  it('refuses an illegal change with a 409 naming both states', () => {
    const result = updateTournament(makeSnapshot({ status: 'draft' }), { fields: { status: 'in_progress' } }, context());
    expect(result.ok ? null : result.error).toMatchObject({ code: 'ERR_BAD_TRANSITION', status: 409, message: 'A tournament cannot go from Draft to In Progress.' });
  });

  it('completes only when the last round is completed', () => {
    const result = updateTournament(makeSnapshot({ status: 'in_progress' }), { fields: { status: 'completed' } }, context());
    expect(result.ok ? null : result.error.code).toBe('ERR_BAD_TRANSITION');
  });

  it('changes the status and other fields for a manager only', () => {
    const snapshot = makeSnapshot({ status: 'draft' });
    const changed = updateTournament(snapshot, { fields: { status: 'registration_open', name: 'Renamed' } }, context());
    expect(changed.ok && changed.value.tournament).toMatchObject({ status: 'registration_open', name: 'Renamed' });
    const refused = updateTournament(snapshot, { fields: { status: 'registration_open' } }, context({ canManage: false }));
    expect(refused.ok ? null : refused.error.status).toBe(403);
  });

  it('treats the same status again as no change', () => {
    const result = updateTournament(makeSnapshot({ status: 'draft' }), { fields: { status: 'draft' } }, context());
    expect(result.ok).toBe(true);
  });

  it('refuses edits of a completed or cancelled tournament', () => {
    const result = updateTournament(makeSnapshot({ status: 'cancelled' }), { fields: { name: 'x' } }, context());
    expect(result.ok ? null : result.error.code).toBe('ERR_WRONG_STATUS');
  });
});

// Issue 29: the arbiter's K factors merge player by player (null: back to the rule), so two
// queued edits of different players both hold.
describe('updateTournament: the arbiter\'s K factors', () => {
  const set = (kFactors: Record<string, 40 | 20 | 10 | null>, before?: Record<string, 40 | 20 | 10>) => {
    const snapshot = makeSnapshot({ status: 'in_progress' });
    const start = before ? { ...snapshot, tournament: { ...snapshot.tournament, kFactors: before } } : snapshot;
    const result = updateTournament(start, { fields: { kFactors } }, context());
    return result.ok ? result.value.tournament.kFactors : result.error.code;
  };
  type Patch = Record<string, 40 | 20 | 10 | null>;
  type Set = Record<string, 40 | 20 | 10> | undefined;
  it.each<{ name: string; patch: Patch; before: Set; after: Set }>([
    { name: 'a first K', patch: { '3': 40 as const }, before: undefined, after: { '3': 40 } },
    { name: 'another player kept', patch: { '4': 10 as const }, before: { '3': 40 as const }, after: { '3': 40, '4': 10 } },
    { name: 'a K changed', patch: { '3': 20 as const }, before: { '3': 40 as const }, after: { '3': 20 } },
    { name: 'back to the rule', patch: { '3': null }, before: { '3': 40 as const, '4': 10 as const }, after: { '4': 10 } },
    { name: 'the last one back to the rule: none', patch: { '3': null }, before: { '3': 40 as const }, after: undefined },
  ])('$name', ({ patch, before, after }) => {
    expect(set(patch, before)).toEqual(after);
  });
  it('refuses a player who does not manage the event', () => {
    const result = updateTournament(makeSnapshot({ status: 'in_progress' }), { fields: { kFactors: { '3': 40 } } }, context({ canManage: false }));
    expect(result.ok ? null : result.error.status).toBe(403);
  });
});
