/**
 * The create tournament form (spec sections 2, 5 and 9): its fields as typed, the spec's
 * messages, and the request it becomes. Pure, so the rules are unit-tested without a browser.
 */
import { z } from 'zod';
import { TOURNAMENT_FORMATS, type TimeControlType, type TournamentFormat } from '../../../schema';

export const FORMAT_LABELS: Record<TournamentFormat, string> = {
  swiss: 'Swiss System',
  round_robin: 'Round Robin',
  single_elimination: 'Single Elimination',
  double_elimination: 'Double Elimination',
};

export const DEFAULT_TIME_CONTROL = '15+10';
export const DEFAULT_MINUTES = 15;
export const DEFAULT_INCREMENT = 10;

/** "15+10" as minutes and increment; either part that does not parse falls back to 15 and 10 (spec). */
export function parseTimeControl(text: string): { minutes: number; increment: number } {
  const [minutesText = '', incrementText = ''] = text.split('+');
  const minutes = Number.parseInt(minutesText.trim(), 10);
  const increment = Number.parseInt(incrementText.trim(), 10);
  return {
    minutes: Number.isFinite(minutes) && minutes > 0 ? minutes : DEFAULT_MINUTES,
    increment: Number.isFinite(increment) && increment >= 0 ? increment : DEFAULT_INCREMENT,
  };
}

/** FIDE's bands by the time for 60 moves (minutes + increment): under 10 blitz-or-less, under 60 rapid. */
export function timeControlType(minutes: number, increment: number): TimeControlType {
  const total = minutes + increment;
  if (total < 3) return 'bullet';
  if (total < 10) return 'blitz';
  if (total < 60) return 'rapid';
  return 'classical';
}

const required = (message: string) => z.string().trim().min(1, message);
const optionalCount = z
  .string()
  .trim()
  .refine((text) => text === '' || (/^\d+$/.test(text) && Number(text) > 0), 'Enter a whole number above 0');

export const createTournamentFormSchema = z
  .object({
    name: required('Tournament name is required').max(200, 'Tournament name is too long'),
    description: z.string().trim().max(2000, 'Description is too long'),
    venue: z.string().trim().max(200, 'Venue is too long'),
    startDate: required('Start date is required'),
    endDate: required('End date is required'),
    registrationStartDate: required('Registration start date is required'),
    registrationEndDate: required('Registration end date is required'),
    format: z.enum(TOURNAMENT_FORMATS),
    timeControl: required('Time control is required'),
    rounds: optionalCount,
    maxParticipants: optionalCount,
    entryFee: z
      .string()
      .trim()
      .refine((text) => text === '' || /^\d+(\.\d{1,2})?$/.test(text), 'Entry fee must be an amount in rupees with at most 2 decimals'),
  })
  .superRefine((form, context) => {
    if (form.startDate && form.endDate && form.endDate < form.startDate) {
      context.addIssue({ code: 'custom', path: ['endDate'], message: 'End date must be on or after the start date' });
    }
    if (form.registrationStartDate && form.registrationEndDate && form.registrationEndDate < form.registrationStartDate) {
      context.addIssue({ code: 'custom', path: ['registrationEndDate'], message: 'Registration end date must be on or after its start date' });
    }
  });
export type CreateTournamentForm = z.infer<typeof createTournamentFormSchema>;

/** A date field's value (yyyy-mm-dd) as the ISO string the API takes, at midnight UTC. */
const isoDate = (day: string) => new Date(`${day}T00:00:00.000Z`).toISOString();

/** The POST /api/tournaments body (the organizer is the signed-in user, set by the server). */
export function createTournamentRequest(form: CreateTournamentForm) {
  const { minutes, increment } = parseTimeControl(form.timeControl);
  return {
    name: form.name,
    description: form.description || null,
    venue: form.venue || null,
    startDate: isoDate(form.startDate),
    endDate: isoDate(form.endDate),
    registrationStartDate: isoDate(form.registrationStartDate),
    registrationEndDate: isoDate(form.registrationEndDate),
    format: form.format,
    timeControl: { type: timeControlType(minutes, increment), minutes, increment },
    rounds: form.rounds === '' ? null : Number(form.rounds),
    maxParticipants: form.maxParticipants === '' ? null : Number(form.maxParticipants),
    entryFee: form.entryFee === '' ? 0 : Math.round(Number(form.entryFee) * 100) / 100,
    currency: 'INR' as const,
    status: 'draft' as const,
  };
}
