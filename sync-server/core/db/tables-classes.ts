import type { ColumnType, Generated } from 'kysely';
import type { Bool, Timestamp } from './column-types';

/**
 * Classes (teams), their members and codes, join requests, and homework.
 * How they read on both databases: types.ts; types.test.ts holds them to the migrations.
 */

export interface TeamsTable {
  id: Generated<number>;
  name: string;
  organizationId: number | null;
  coachId: number | null;
  description: string | null;
  maxMembers: ColumnType<number, number | undefined, number>;
  isActive: ColumnType<number, number | undefined, number>;
  gradeLevel: ColumnType<string | null, string | null | undefined, string | null>;
  skillLevel: ColumnType<string | null, string | null | undefined, string | null>;
  /** A class of managed and ordinary students (issue 19), not a tournament team. */
  isClass: ColumnType<number, number | undefined, number>;
  /** The key the device that made the class gave it (the createClass mutation); null if made online. */
  clientKey: ColumnType<string | null, string | null | undefined, string | null>;
  /** Issue 28: the class's default language (a LOCALES code) for its students who chose none; null: none. */
  language: ColumnType<string | null, string | null | undefined, string | null>;
  createdAt: ColumnType<string, string | undefined, never>;
}

export interface TeamMembersTable {
  id: Generated<number>;
  teamId: number;
  userId: number;
  role: Generated<string>;
  joinedAt: ColumnType<string, string | undefined, string>;
  /** When the member left (a student removed from a class, issue 19); null while a member. */
  leftAt: ColumnType<string | null, string | null | undefined, string | null>;
  isActive: ColumnType<number, number | undefined, number>;
}

/** A class's sign-in code (short-lived) or join code (issue 19), found by the code's SHA-256. */
export interface ClassCodesTable {
  id: Generated<number>;
  teamId: number;
  kind: 'sign_in' | 'join';
  codeHash: string;
  /** The join code, readable for its teacher; null for a sign-in code (shown once). */
  code: string | null;
  expiresAt: string | null;
  createdBy: number | null;
  createdAt: ColumnType<string, string | undefined, never>;
  /** The kind's count of guesses (code_guess_counts) at which the code stops working (issue 26). */
  retireAtGuess: number;
}

/** Per kind of guessable code ('sign_in', 'join', 'parent'): attempts counted less those that found a code (issue 26). */
export interface CodeGuessCountsTable {
  kind: string;
  guesses: number;
}

/** An ordinary student's request to join a class with its join code (issue 19). */
export interface ClassJoinRequestsTable {
  id: Generated<number>;
  teamId: number;
  userId: number;
  status: 'pending' | 'approved' | 'declined';
  requestedAt: string;
  answeredAt: string | null;
  answeredBy: number | null;
}

/** Issue 19: homework a class's staff set (migration 2026_11_25_homework). */
export interface HomeworkAssignmentsTable {
  id: Generated<number>;
  classId: number;
  organizationId: number | null;
  createdBy: number | null;
  clientKey: string;
  /** domain/homework.ts HOMEWORK_KINDS */
  kind: string;
  lessonId: number | null;
  puzzleTheme: string | null;
  engineLevel: string | null;
  targetCount: number;
  dueAt: Timestamp;
  note: string;
  allStudents: Bool;
  assignedAt: Timestamp;
  cancelledAt: Timestamp | null;
  createdAt: ColumnType<string, string | undefined, never>;
}

/** The chosen students of an assignment that is not for the whole class. */
export interface HomeworkTargetsTable {
  assignmentId: number;
  userId: number;
}

/** A student's completion of an assignment, kept once reached. */
export interface HomeworkCompletionsTable {
  assignmentId: number;
  userId: number;
  completedAt: Timestamp;
  attempts: number;
  timeSpent: number | null;
}
