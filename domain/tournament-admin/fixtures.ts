/** Snapshots for the tests of the tournament rules (test support, not shipped). */
import type { Registration, TournamentFormat, TournamentStatus } from '../../schema';
import type { ActionContext, AdminResult, Snapshot } from './model';

export function makeSnapshot(options: { status?: TournamentStatus; format?: TournamentFormat; players?: number; maxParticipants?: number | null; rounds?: number | null } = {}): Snapshot {
  const registrations: Registration[] = Array.from({ length: options.players ?? 0 }, (_, index) => registration(index + 1, 'confirmed'));
  return {
    tournament: {
      id: 7,
      name: 'Hall Open',
      description: null,
      venue: null,
      startDate: '2026-12-01',
      endDate: '2026-12-02',
      registrationStartDate: '2026-11-01',
      registrationEndDate: '2026-11-30',
      maxParticipants: options.maxParticipants ?? null,
      format: options.format ?? 'swiss',
      timeControl: { type: 'rapid', minutes: 15, increment: 10 },
      entryFee: 0,
      currency: 'INR',
      rounds: options.rounds === undefined ? 5 : options.rounds,
      status: options.status ?? 'in_progress',
      organizerId: 1000,
    },
    tieBreaks: ['buchholz', 'sonneborn_berger', 'head_to_head'],
    registrations,
    rounds: [],
    disputes: [],
    loadedAt: '2026-11-23T00:00:00.000Z',
  };
}

/** User n is "Player n" rated 2000 - 10n (so user 1 is the top seed). */
export function registration(userId: number, status: Registration['status']): Registration {
  return {
    id: userId,
    userId,
    userName: `Player ${String(userId).padStart(2, '0')}`,
    userEmail: null,
    userElo: 2000 - 10 * userId,
    status,
    createdAt: '2026-11-20T00:00:00.000Z',
    emergencyContact: null,
    medicalConditions: null,
    cancellationReason: null,
    lateEntry: null,
    byes: [],
  };
}

export function context(overrides: Partial<ActionContext> = {}): ActionContext {
  let next = 0;
  return { user: { id: 1000, username: 'organiser', eloRating: 1500 }, canManage: true, now: '2026-12-01T09:00:00.000Z', newId: () => --next, ...overrides };
}

export function value(result: AdminResult): Snapshot {
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result.value;
}
