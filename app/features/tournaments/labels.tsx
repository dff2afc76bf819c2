/**
 * Labels the tournament screens share (issue 28): the words for the values schema/ and domain/ name
 * in English (statuses, formats, accelerations, byes, team tie-breaks, time controls) as catalogue
 * messages keyed by those values, and the day and points as the screens write them. The English is
 * the old labels' word for word; labels.test.ts holds the statuses to domain's.
 */
import { i18n, type I18n, type MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type {
  LateEntryPoints,
  PairingAcceleration,
  RegistrationStatus,
  RequestedByeKind,
  RoundStatus,
  TeamTieBreak,
  TimeControlType,
  TournamentFormat,
  TournamentStatus,
} from '../../../schema';
import { formatDay } from '../../shared/components/dates';

export const TOURNAMENT_STATUS_LABELS = {
  draft: msg`Draft`,
  registration_open: msg`Registration Open`,
  registration_closed: msg`Registration Closed`,
  in_progress: msg`In Progress`,
  completed: msg`Completed`,
  cancelled: msg`Cancelled`,
} as const satisfies Record<TournamentStatus, MessageDescriptor>;

export const ROUND_STATUS_LABELS = {
  created: msg`Created`,
  paired: msg`Paired`,
  in_progress: msg`In Progress`,
  completed: msg`Completed`,
} as const satisfies Record<RoundStatus, MessageDescriptor>;

export const REGISTRATION_STATUS_LABELS = {
  pending: msg`Pending`,
  confirmed: msg`Confirmed`,
  waitlisted: msg`Waitlisted`,
  cancelled: msg`Cancelled`,
} as const satisfies Record<RegistrationStatus, MessageDescriptor>;

/** A registration's status inside a sentence, as the value reads in English: 'Your registration: pending'. */
export const REGISTRATION_STATUS_WORDS = {
  pending: msg`pending`,
  confirmed: msg`confirmed`,
  waitlisted: msg`waitlisted`,
  cancelled: msg`cancelled`,
} as const satisfies Record<RegistrationStatus, MessageDescriptor>;

export const TOURNAMENT_FORMAT_LABELS = {
  swiss: msg`Swiss System`,
  round_robin: msg`Round Robin`,
  single_elimination: msg`Single Elimination`,
  double_elimination: msg`Double Elimination`,
} as const satisfies Record<TournamentFormat, MessageDescriptor>;

/** A time control's band, as the overview writes it after the minutes: '15+10 (rapid)'. */
export const TIME_CONTROL_TYPE_LABELS = {
  bullet: msg`bullet`,
  blitz: msg`blitz`,
  rapid: msg`rapid`,
  classical: msg`classical`,
} as const satisfies Record<TimeControlType, MessageDescriptor>;

/** Issue 29: a Swiss's acceleration choices. */
export const PAIRING_ACCELERATION_LABELS = {
  none: msg`No acceleration`,
  baku: msg`Baku acceleration (FIDE C.04.5.1)`,
  custom: msg`Custom virtual points`,
} as const satisfies Record<PairingAcceleration, MessageDescriptor>;

/** The byes an organiser records for a player ahead of a round. */
export const REQUESTED_BYE_LABELS = {
  half: msg`Half-point bye`,
  zero: msg`Zero-point bye`,
} as const satisfies Record<RequestedByeKind, MessageDescriptor>;

/** What the rounds a late entry missed count as. */
export const LATE_ENTRY_POINTS_LABELS = {
  zero: msg`0 points each`,
  half: msg`½ point each`,
} as const satisfies Record<LateEntryPoints, MessageDescriptor>;

/** The school team standings' tie-break choices. */
export const TEAM_TIE_BREAK_LABELS = {
  places: msg`Sum of places (lower first)`,
  buchholz: msg`Sum of Buchholz (higher first)`,
} as const satisfies Record<TeamTieBreak, MessageDescriptor>;

/** A value's label in the app's language; a value this app does not know yet as the server wrote it. */
export function labelOf(i18n: I18n, labels: Readonly<Record<string, MessageDescriptor>>, value: string): string {
  return Object.hasOwn(labels, value) ? i18n._(labels[value]!) : value;
}

export function StatusBadge({ status, labels = TOURNAMENT_STATUS_LABELS }: { status: string; labels?: Readonly<Record<string, MessageDescriptor>> }) {
  const { i18n } = useLingui();
  return <span className={`badge status-badge status-badge--${status}`}>{labelOf(i18n, labels, status)}</span>;
}

/**
 * A stored ISO date as a day, in the tournament's own calendar (dates are kept at midnight UTC).
 * The print sheets call it outside React, so it reads the app's language from Lingui's instance.
 */
export function formatDate(iso: string | null | undefined): string {
  return formatDay(iso, { calendarDay: true }) || i18n._(msg`TBD`);
}

/** Points with a half as ½ (1.5 as 1½), as crosstables print them. */
export function formatPoints(points: number): string {
  const whole = Math.floor(points);
  const half = points - whole >= 0.5;
  return half ? `${whole === 0 ? '' : whole}½` : String(whole);
}
