import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

/**
 * The tables the server's code reads and writes, as Kysely sees them through CamelCasePlugin
 * (columns are snake_case in the database). Migrations (`migrations.ts`) are the source of
 * truth and create more tables than are listed here; add a table when code starts using it.
 *
 * Both databases read the same way (`connect.ts` sets PostgreSQL's parsers to match SQLite):
 * booleans are 0/1 (written as 0/1, which PostgreSQL also accepts), timestamps are ISO 8601
 * strings in UTC, numeric and bigint are numbers.
 */

export type Timestamp = string;
export type Bool = number;

export interface UsersTable {
  id: Generated<number>;
  username: string;
  email: string;
  passwordHash: string | null;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  eloRating: Generated<number>;
  isEloCalibrated: ColumnType<number, number | undefined, number>;
  gamesWon: Generated<number>;
  gamesLost: Generated<number>;
  gamesDrawn: Generated<number>;
  totalGames: Generated<number>;
  puzzlesSolved: Generated<number>;
  currentStreak: Generated<number>;
  lessonsCompleted: Generated<number>;
  onboardingCompleted: ColumnType<number, number | undefined, number>;
  resetToken: string | null;
  resetTokenExpiry: string | null;
  dateOfBirth: string | null;
  schoolId: number | null;
  primaryRole: Generated<string>;
  phoneNumber: string | null;
  parentEmail: string | null;
  federationId: string | null;
  emergencyContact: string | null;
  syncVersion: Generated<number>;
  createdAt: Timestamp;
}

export interface SessionsTable {
  sid: string;
  sess: string | null;
  expire: Timestamp;
  userId: number;
  ipAddress: string | null;
  userAgent: string | null;
  isRevoked: ColumnType<number, number | undefined, number>;
  lastActivity: Timestamp;
  createdAt: Timestamp;
}

export interface GamesTable {
  id: Generated<number>;
  userId: number;
  clientGameId: string;
  opponent: string | null;
  result: string;
  moves: string;
  pgn: string | null;
  startingFen: ColumnType<string, string | undefined, string>;
  finalFen: string | null;
  openingName: string | null;
  openingEco: string | null;
  totalMoves: number;
  gameMode: string;
  difficulty: string | null;
  playerColor: string;
  timeControl: string | null;
  gameDuration: number | null;
  eloChange: Generated<number>;
  syncVersion: number;
  createdAt: Timestamp;
}

export interface SyncClientsTable {
  clientId: string;
  userId: number;
  lastMutationId: number;
  updatedAt: Timestamp;
}

export interface UserRolesTable {
  id: Generated<number>;
  userId: number;
  role: string;
  scope: string | null;
  /** JSON list of permission names. */
  permissions: ColumnType<string, string | undefined, string>;
  grantedBy: number | null;
  grantedAt: Timestamp;
  expiresAt: string | null;
  isActive: Bool;
}

export interface PuzzlesTable {
  id: Generated<number>;
  fen: string;
  /** JSON list of {from, to}. */
  solution: string;
  rating: Generated<number>;
  /** JSON list of names. */
  tags: string;
  description: string | null;
  createdAt: ColumnType<string, string | undefined, string>;
}

export interface PuzzleAttemptsTable {
  id: Generated<number>;
  userId: number;
  puzzleId: number;
  solved: Bool;
  timeSpent: number | null;
  attemptedMoves: string;
  createdAt: Timestamp;
}

export interface TournamentsTable {
  id: Generated<number>;
  name: string;
  startDate: ColumnType<string | null, string | null | undefined, string | null>;
  rounds: number | null;
  status: Generated<string>;
}

export interface RegistrationsTable {
  id: Generated<number>;
  tournamentId: number;
  userId: number;
  status: Generated<string>;
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
}

export interface EngineEvalsTable {
  fen: string;
  depth: number;
  engine: string;
  scoreCp: number | null;
  mate: number | null;
  bestmove: string | null;
  pv: string | null;
  createdAt: ColumnType<string, string | undefined, string>;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  games: GamesTable;
  syncClients: SyncClientsTable;
  userRoles: UserRolesTable;
  puzzles: PuzzlesTable;
  puzzleAttempts: PuzzleAttemptsTable;
  tournaments: TournamentsTable;
  registrations: RegistrationsTable;
  ratingSnapshots: RatingSnapshotsTable;
  pairings: PairingsTable;
  engineEvals: EngineEvalsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type GameRow = Selectable<GamesTable>;
