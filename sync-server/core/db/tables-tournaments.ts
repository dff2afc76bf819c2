import type { ColumnType, Generated } from 'kysely';

/**
 * Tournaments and what they are played with: sections, registrations, rounds, pairings, games, appeals, certificates, rating snapshots, and the classes playing in one.
 * How they read on both databases: types.ts; types.test.ts holds them to the migrations.
 */

export interface TournamentsTable {
  id: Generated<number>;
  name: string;
  startDate: ColumnType<string | null, string | null | undefined, string | null>;
  rounds: number | null;
  status: Generated<string>;
  // Issue 10: the fields the tournament routes read and write.
  organizerId: number | null;
  organizationId: ColumnType<number | null, number | null | undefined, number | null>;
  description: string | null;
  venue: string | null;
  endDate: string | null;
  registrationStartDate: string | null;
  registrationEndDate: string | null;
  maxParticipants: number | null;
  entryFee: ColumnType<number, number | undefined, number>;
  currency: Generated<string>;
  format: Generated<string>;
  timeControl: string | null;
  createdAt: ColumnType<string, string | undefined, never>;
  /** Issue 18: bumped by every write to the tournament (its read cache's key). */
  version: Generated<number>;
  /** Issue 29: JSON { pairingRules, teamStandings, kFactors } (schema/tournaments.ts), null for none. */
  arbiterSettings: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface TournamentSectionsTable {
  id: Generated<number>;
  tournamentId: number;
  name: string;
  rounds: number | null;
  format: string | null;
  tieBreaks: ColumnType<string, string | undefined, string>;
}

export interface RegistrationsTable {
  id: Generated<number>;
  tournamentId: number;
  userId: number;
  status: Generated<string>;
  sectionId: ColumnType<number | null, number | null | undefined, number | null>;
  registeredBy: ColumnType<number | null, number | null | undefined, number | null>;
  registrationData: ColumnType<string | null, string | null | undefined, string | null>;
  emergencyContact: ColumnType<string | null, string | null | undefined, string | null>;
  medicalInfo: ColumnType<string | null, string | null | undefined, string | null>;
  specialRequirements: ColumnType<string | null, string | null | undefined, string | null>;
  paymentReference: ColumnType<string | null, string | null | undefined, string | null>;
  parentConsentGiven: ColumnType<number, number | undefined, number>;
  parentConsentDate: ColumnType<string | null, string | null | undefined, string | null>;
  teamId: ColumnType<number | null, number | null | undefined, number | null>;
  confirmedAt: ColumnType<string | null, string | null | undefined, string | null>;
  cancelledAt: ColumnType<string | null, string | null | undefined, string | null>;
  cancellationReason: ColumnType<string | null, string | null | undefined, string | null>;
  /** Issue 18: who cancelled it (the player themself when they withdrew). */
  cancelledBy: ColumnType<number | null, number | null | undefined, number | null>;
  createdAt: ColumnType<string, string | undefined, never>;
}

export interface RoundsTable {
  id: Generated<number>;
  tournamentId: number;
  sectionId: number | null;
  roundNumber: number;
  name: string | null;
  status: Generated<string>;
  startTime: string | null;
  pairingsGeneratedAt: ColumnType<string | null, string | null | undefined, string | null>;
  pairingsGeneratedBy: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface TournamentGamesTable {
  id: Generated<number>;
  pairingId: number;
  tournamentId: number;
  whitePlayerId: number | null;
  blackPlayerId: number | null;
  result: string | null;
  resultReason: string | null;
  submittedBy: ColumnType<number | null, number | null | undefined, number | null>;
  endTime: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface AppealsTable {
  id: Generated<number>;
  tournamentId: number;
  gameId: number | null;
  pairingId: number | null;
  appealedBy: number | null;
  appealType: string | null;
  subject: string | null;
  description: string | null;
  evidence: string | null;
  status: Generated<string>;
  resolution: ColumnType<string | null, string | null | undefined, string | null>;
  resolutionNotes: ColumnType<string | null, string | null | undefined, string | null>;
  reviewedBy: ColumnType<number | null, number | null | undefined, number | null>;
  resolvedAt: ColumnType<string | null, string | null | undefined, string | null>;
  createdAt: ColumnType<string, string | undefined, never>;
}

export interface CertificatesTable {
  id: Generated<number>;
  tournamentId: number;
  userId: number;
  issuedBy: number | null;
  certificateType: string | null;
  awardName: string | null;
  placement: number | null;
  score: number | null;
  totalRounds: number | null;
  issuedAt: ColumnType<string, string | undefined, string>;
  isActive: ColumnType<number, number | undefined, number>;
}

/** A class playing in a tournament (issue 19): its staff and students see its real names there. */
export interface TournamentClassesTable {
  id: Generated<number>;
  tournamentId: number;
  classId: number;
  addedBy: number | null;
  createdAt: ColumnType<string, string | undefined, never>;
}

export interface RatingSnapshotsTable {
  id: Generated<number>;
  userId: number;
  tournamentId: number | null;
  ratingBefore: number | null;
  ratingAfter: number | null;
  ratingChange: number | null;
  gamesPlayed: number | null;
  score: number | null;
  performance: number | null;
}

export interface PairingsTable {
  id: Generated<number>;
  tournamentId: number;
  whitePlayerId: number | null;
  blackPlayerId: number | null;
  whiteScore: number | null;
  blackScore: number | null;
  result: string | null;
  roundId: number;
  sectionId: ColumnType<number | null, number | null | undefined, number | null>;
  boardNumber: number | null;
  gameStatus: Generated<string>;
  isBye: ColumnType<number, number | undefined, number>;
  arbiterNotes: ColumnType<string | null, string | null | undefined, string | null>;
  /** Added 2026-11-23: the bye's kind, and who went through after a drawn elimination game. */
  byeKind: ColumnType<string | null, string | null | undefined, string | null>;
  advancesPlayerId: ColumnType<number | null, number | null | undefined, number | null>;
}
