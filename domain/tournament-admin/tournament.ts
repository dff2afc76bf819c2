/** The tournament's status machine and its editable fields (PATCH /api/tournaments/{id}, updateTournament). */
import type { TournamentStatus } from '../../schema';
import { ok } from '../result-type';
import { fail, lastRound, type ActionContext, type AdminResult, type RuleArgs, type Snapshot, failUncoded } from './model';

export const TOURNAMENT_STATUS_LABELS: Record<TournamentStatus, string> = {
  draft: 'Draft',
  registration_open: 'Registration Open',
  registration_closed: 'Registration Closed',
  in_progress: 'In Progress',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

/** draft -> registration_open -> registration_closed -> in_progress -> completed; cancelled from any state before completed. */
export const TRANSITIONS: Readonly<Record<TournamentStatus, readonly TournamentStatus[]>> = {
  draft: ['registration_open', 'cancelled'],
  registration_open: ['registration_closed', 'cancelled'],
  registration_closed: ['in_progress', 'cancelled'],
  in_progress: ['completed', 'cancelled'],
  completed: [],
  cancelled: [],
};

export function canTransition(from: TournamentStatus, to: TournamentStatus): boolean {
  return TRANSITIONS[from].includes(to);
}

export function updateTournament(snapshot: Snapshot, args: RuleArgs<'updateTournament'>, ctx: ActionContext): AdminResult {
  if (!ctx.canManage) return fail('ERR_FORBIDDEN', 'ERR_MANAGERS_ONLY');
  const { status, ...fields } = args.fields;
  const from = snapshot.tournament.status;
  if (status !== undefined && status !== from) {
    if (!canTransition(from, status)) {
      return failUncoded('ERR_BAD_TRANSITION', `A tournament cannot go from ${TOURNAMENT_STATUS_LABELS[from]} to ${TOURNAMENT_STATUS_LABELS[status]}.`);
    }
    if (status === 'completed') {
      const last = lastRound(snapshot);
      if (!last || last.status !== 'completed') return fail('ERR_BAD_TRANSITION', 'ERR_COMPLETE_LAST_ROUND');
    }
  }
  if (from === 'completed' || from === 'cancelled') {
    if (Object.keys(fields).length > 0) return failUncoded('ERR_WRONG_STATUS', `A ${TOURNAMENT_STATUS_LABELS[from].toLowerCase()} tournament cannot be edited.`);
  }
  const tournament = { ...snapshot.tournament };
  if (fields.name !== undefined) tournament.name = fields.name;
  if (fields.description !== undefined) tournament.description = fields.description;
  if (fields.venue !== undefined) tournament.venue = fields.venue;
  if (fields.startDate !== undefined) tournament.startDate = fields.startDate;
  if (fields.endDate !== undefined) tournament.endDate = fields.endDate;
  if (fields.registrationStartDate !== undefined) tournament.registrationStartDate = fields.registrationStartDate;
  if (fields.registrationEndDate !== undefined) tournament.registrationEndDate = fields.registrationEndDate;
  if (fields.maxParticipants !== undefined) tournament.maxParticipants = fields.maxParticipants;
  if (fields.timeControl !== undefined) tournament.timeControl = fields.timeControl;
  if (fields.entryFee !== undefined) tournament.entryFee = fields.entryFee;
  if (fields.rounds !== undefined) tournament.rounds = fields.rounds;
  if (fields.pairingRules !== undefined) tournament.pairingRules = fields.pairingRules;
  if (fields.teamStandings === null) delete tournament.teamStandings;
  else if (fields.teamStandings !== undefined) tournament.teamStandings = fields.teamStandings;
  if (fields.kFactors !== undefined) setKFactors(tournament, fields.kFactors);
  if (status !== undefined) tournament.status = status;
  return ok({ ...snapshot, tournament });
}

/** Issue 29: merges the arbiter's K factors (null: back to the rule); none left is as none set. */
function setKFactors(tournament: Snapshot['tournament'], patch: Readonly<Record<string, 40 | 20 | 10 | null>>): void {
  const kFactors: Record<string, 40 | 20 | 10> = { ...tournament.kFactors };
  for (const [userId, k] of Object.entries(patch)) {
    if (k === null) delete kFactors[userId];
    else kFactors[userId] = k;
  }
  if (Object.keys(kFactors).length === 0) delete tournament.kFactors;
  else tournament.kFactors = kFactors;
}
