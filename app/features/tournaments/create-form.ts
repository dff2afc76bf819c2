/**
 * The create tournament form (spec sections 2, 5 and 9): its fields as typed, the spec's
 * messages, and the request it becomes. Pure, so the rules are unit-tested without a browser.
 */
import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { z } from 'zod';
import { PAIRING_ACCELERATIONS, TOURNAMENT_FORMATS, type PairingRules, type TimeControlType } from '../../../schema';

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

/** A message in the app's language when the form is checked, so a language chosen later applies. */
const say = (text: MessageDescriptor) => ({ error: () => i18n._(text) });
const required = (text: MessageDescriptor) => z.string().trim().min(1, say(text));
const optionalCount = z
  .string()
  .trim()
  .refine((text) => text === '' || (/^\d+$/.test(text) && Number(text) > 0), say(msg`Enter a whole number above 0`));
const optionalRounds = z
  .string()
  .trim()
  .refine((text) => text === '' || (/^\d+$/.test(text) && Number(text) <= 99), say(msg`Enter a number of rounds from 0 to 99`));

export const createTournamentFormSchema = z
  .object({
    name: required(msg`Tournament name is required`).max(200, say(msg`Tournament name is too long`)),
    description: z.string().trim().max(2000, say(msg`Description is too long`)),
    venue: z.string().trim().max(200, say(msg`Venue is too long`)),
    startDate: required(msg`Start date is required`),
    endDate: required(msg`End date is required`),
    registrationStartDate: required(msg`Registration start date is required`),
    registrationEndDate: required(msg`Registration end date is required`),
    format: z.enum(TOURNAMENT_FORMATS),
    timeControl: required(msg`Time control is required`),
    rounds: optionalCount,
    maxParticipants: optionalCount,
    entryFee: z
      .string()
      .trim()
      .refine((text) => text === '' || /^\d+(\.\d{1,2})?$/.test(text), say(msg`Entry fee must be an amount in rupees with at most 2 decimals`)),
    acceleration: z.enum(PAIRING_ACCELERATIONS).default('none'),
    customPoints: z.string().trim().default(''),
    customPlayers: z.string().trim().default(''),
    customRounds: z.string().trim().default(''),
    keepApartRounds: optionalRounds.default(''),
  })
  .superRefine((form, context) => {
    if (form.startDate && form.endDate && form.endDate < form.startDate) {
      context.addIssue({ code: 'custom', path: ['endDate'], message: i18n._(msg`End date must be on or after the start date`) });
    }
    if (form.registrationStartDate && form.registrationEndDate && form.registrationEndDate < form.registrationStartDate) {
      context.addIssue({ code: 'custom', path: ['registrationEndDate'], message: i18n._(msg`Registration end date must be on or after its start date`) });
    }
    if (form.format === 'swiss' && form.acceleration === 'custom') {
      const points = Number(form.customPoints);
      if (!(/^\d+(\.5|\.0)?$/.test(form.customPoints) && points >= 0.5 && points <= 10)) {
        context.addIssue({ code: 'custom', path: ['customPoints'], message: i18n._(msg`Virtual points go in halves from 0.5 to 10`) });
      }
      if (!(/^\d+$/.test(form.customPlayers) && Number(form.customPlayers) >= 1)) {
        context.addIssue({ code: 'custom', path: ['customPlayers'], message: i18n._(msg`Enter how many of the top players get them`) });
      }
      if (!(/^\d+$/.test(form.customRounds) && Number(form.customRounds) >= 1 && Number(form.customRounds) <= 99)) {
        context.addIssue({ code: 'custom', path: ['customRounds'], message: i18n._(msg`Enter the last round that has them`) });
      }
    }
  });
export type CreateTournamentForm = z.infer<typeof createTournamentFormSchema>;

/** The Swiss's pairing rules from the form (issue 29); undefined for other formats or when none is set. */
export function pairingRulesOf(form: CreateTournamentForm): PairingRules | undefined {
  if (form.format !== 'swiss') return undefined;
  const keepApartRounds = form.keepApartRounds === '' ? 0 : Number(form.keepApartRounds);
  if (form.acceleration === 'none' && keepApartRounds === 0) return undefined;
  const virtualPoints =
    form.acceleration === 'custom'
      ? [{ points: Number(form.customPoints), firstRound: 1, lastRound: Number(form.customRounds), firstPlayer: 1, lastPlayer: Number(form.customPlayers) }]
      : [];
  return { acceleration: form.acceleration, virtualPoints, keepApartRounds, prohibitedPairs: [] };
}

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
    ...(pairingRulesOf(form) ? { pairingRules: pairingRulesOf(form) } : {}),
  };
}
