import { TOURNAMENT_STATUS_LABELS as DOMAIN_STATUS_LABELS } from '../../../domain/tournament-admin';
import { formatDay } from '../../shared/components/dates';
/** Labels the tournament screens share: statuses, dates, results. */

export const TOURNAMENT_STATUS_LABELS: Readonly<Record<string, string>> = DOMAIN_STATUS_LABELS;

export const ROUND_STATUS_LABELS: Record<string, string> = {
  scheduled: 'Scheduled',
  created: 'Created',
  paired: 'Paired',
  in_progress: 'In Progress',
  completed: 'Completed',
};

export const REGISTRATION_STATUS_LABELS: Record<string, string> = {
  pending: 'Pending',
  confirmed: 'Confirmed',
  waitlisted: 'Waitlisted',
  cancelled: 'Cancelled',
};

export function StatusBadge({ status, labels = TOURNAMENT_STATUS_LABELS }: { status: string; labels?: Record<string, string> }) {
  return <span className={`badge status-badge status-badge--${status}`}>{labels[status] ?? status}</span>;
}

/** A stored ISO date as a day, in the tournament's own calendar (dates are kept at midnight UTC). */
export function formatDate(iso: string | null | undefined): string {
  return formatDay(iso, { calendarDay: true }) || 'TBD';
}

/** Points with a half as ½ (1.5 as 1½), as crosstables print them. */
export function formatPoints(points: number): string {
  const whole = Math.floor(points);
  const half = points - whole >= 0.5;
  return half ? `${whole === 0 ? '' : whole}½` : String(whole);
}
