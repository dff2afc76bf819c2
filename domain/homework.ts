/**
 * Homework rules (issue 19), shared by the server and the app; pure, no side effects.
 *
 * A student's progress on an assignment is derived from facts the student's device already
 * pushes, each stored once (a lesson completed, a puzzle attempt by its key, a game by its id), so
 * an offline completion counts exactly once whatever order the pushes arrive in.
 */

import { HOMEWORK_COUNT_MAX, HOMEWORK_KINDS, HOMEWORK_NOTE_MAX, HOMEWORK_STATUSES, type HomeworkKind, type HomeworkStatus } from '../schema/core/values';

/** The vocabularies and limits live at the bottom layer (schema/core/values.ts), where the schemas use them too. */
export { HOMEWORK_COUNT_MAX, HOMEWORK_KINDS, HOMEWORK_NOTE_MAX, HOMEWORK_STATUSES, type HomeworkKind, type HomeworkStatus };
/** A due date may be at most this far ahead of the moment it is set. */
export const HOMEWORK_DUE_MAX_MS = 366 * 24 * 60 * 60 * 1000;

/**
 * One thing the student did after the homework was set: `counts` names what it adds (a puzzle
 * solved, a game played, the lesson completed; the same name counts once), or null when it is an
 * attempt that adds nothing (a failed puzzle). `seconds` is the time it took, when known.
 */
export interface HomeworkFact {
  readonly at: string;
  readonly counts: string | null;
  readonly seconds: number | null;
}

export interface HomeworkTally {
  readonly done: number;
  readonly target: number;
  readonly completedAt: string | null;
  /** Facts up to the completion (all of them while not complete). */
  readonly attempts: number;
  readonly timeSpent: number | null;
}

/**
 * Counts the facts from `assignedAt` on, oldest first, until `target` different things counted.
 * Facts before the homework was set do not count; facts after the completion change nothing (the
 * completion, its attempts and time stay as they were when it was reached).
 */
export function tallyHomework(facts: readonly HomeworkFact[], assignedAt: string, target: number): HomeworkTally {
  const from = Date.parse(assignedAt);
  const ordered = facts.filter((fact) => Date.parse(fact.at) >= from).sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  const counted = new Set<string>();
  let attempts = 0;
  let seconds: number | null = null;
  for (const fact of ordered) {
    attempts += 1;
    if (fact.seconds !== null) seconds = (seconds ?? 0) + Math.max(0, Math.round(fact.seconds));
    if (fact.counts !== null) counted.add(fact.counts);
    if (counted.size >= target) return { done: target, target, completedAt: fact.at, attempts, timeSpent: seconds };
  }
  return { done: counted.size, target, completedAt: null, attempts, timeSpent: seconds };
}

/** Done on time, done late, not done and past due (late), or still open. */
export function homeworkStatus(dueAt: string, completedAt: string | null, now: Date): HomeworkStatus {
  const due = Date.parse(dueAt);
  if (completedAt !== null) return Date.parse(completedAt) > due ? 'doneLate' : 'done';
  return now.getTime() > due ? 'late' : 'open';
}

export const isHomeworkDone = (status: HomeworkStatus) => status === 'done' || status === 'doneLate';

export type DueDateCheck = { ok: true } | { ok: false; error: { code: 'ERR_DUE_PAST' | 'ERR_DUE_FAR' } };

/** A due date must be after the moment the homework is set and within a year of it. */
export function checkDueDate(dueAt: string, now: Date): DueDateCheck {
  const due = Date.parse(dueAt);
  if (!(due > now.getTime())) return { ok: false, error: { code: 'ERR_DUE_PAST' } };
  if (due - now.getTime() > HOMEWORK_DUE_MAX_MS) return { ok: false, error: { code: 'ERR_DUE_FAR' } };
  return { ok: true };
}

/** The end of a calendar day (`YYYY-MM-DD`, the date field's value) in the device's time zone, as ISO. */
export function endOfDay(date: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return null;
  const day = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 23, 59, 59, 0);
  return Number.isNaN(day.getTime()) ? null : day.toISOString();
}

/** Items to show first: not done before done, then by due date, then the newest set. */
export function compareHomework(a: { dueAt: string; status: HomeworkStatus; assignedAt: string }, b: { dueAt: string; status: HomeworkStatus; assignedAt: string }): number {
  const doneA = isHomeworkDone(a.status) ? 1 : 0;
  const doneB = isHomeworkDone(b.status) ? 1 : 0;
  if (doneA !== doneB) return doneA - doneB;
  return Date.parse(a.dueAt) - Date.parse(b.dueAt) || Date.parse(b.assignedAt) - Date.parse(a.assignedAt);
}
