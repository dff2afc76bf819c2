import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';
import type { Bool, Timestamp } from './column-types';
import type { ClassCodesTable, ClassJoinRequestsTable, CodeGuessCountsTable, HomeworkAssignmentsTable, HomeworkCompletionsTable, HomeworkTargetsTable, TeamMembersTable, TeamsTable } from './tables-classes';
import type { AchievementsTable, DailyTipsTable, EngineEvalsTable, GameAnalysisTable, GamePhaseAnalysisTable, GamesTable, LessonsTable, OwnPuzzlesTable, PuzzleAttemptsTable, PuzzleRatingsTable, PuzzlesTable, UserAchievementsTable, UserLessonProgressTable, UserSkillAnalyticsTable, UserTipProgressTable } from './tables-learning';
import type { AppealsTable, CertificatesTable, PairingsTable, RatingSnapshotsTable, RegistrationsTable, RoundsTable, TournamentClassesTable, TournamentGamesTable, TournamentSectionsTable, TournamentsTable } from './tables-tournaments';

/**
 * The tables the server's code reads and writes, as Kysely sees them through CamelCasePlugin
 * (columns are snake_case in the database). The migrations are the one source of the tables;
 * this says how the code sees those it uses (add a table or column when code starts using it),
 * and types.test.ts holds it to them on both databases: every column here exists, nullable alike,
 * with a default where an insert may leave it out, and a column not here needs nothing on insert.
 *
 * Both databases read the same way (`connect.ts` sets PostgreSQL's parsers to match SQLite):
 * booleans are 0/1 (written as 0/1, which PostgreSQL also accepts), timestamps are ISO 8601
 * strings in UTC, numeric and bigint are numbers.
 */

// The tables by area; every table type is read from here.
export type { Bool, Timestamp } from './column-types';
export * from './tables-classes';
export * from './tables-learning';
export * from './tables-tournaments';

export interface UsersTable {
  id: Generated<number>;
  username: string;
  /**
   * domain/name-skeleton's skeleton of the username, unique: no two accounts look alike. Null
   * only in rows written outside the code (raw SQL); every insert and rename sets it.
   */
  usernameSkeleton: ColumnType<string | null, string, string>;
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
  /** When the user opened the verification link sent to `email` (null: not verified). */
  emailVerifiedAt: ColumnType<string | null, string | null | undefined, string | null>;
  verifyToken: ColumnType<string | null, string | null | undefined, string | null>;
  verifyTokenExpiry: ColumnType<string | null, string | null | undefined, string | null>;
  dateOfBirth: string | null;
  schoolId: number | null;
  primaryRole: Generated<string>;
  phoneNumber: string | null;
  parentEmail: string | null;
  federationId: string | null;
  emergencyContact: string | null;
  syncVersion: Generated<number>;
  createdAt: Timestamp;
  /** Made by a teacher for a class (issue 19): no e-mail of its own, the teacher resets its password. */
  isManaged: ColumnType<number, number | undefined, number>;
  /** The real name a teacher pasted (managed accounts); read only by the class's staff. */
  realName: ColumnType<string | null, string | null | undefined, string | null>;
  /**
   * Issue 26: an account-less stand-in for a deleted player in a tournament they played (shown as
   * 'Withdrawn player'); no one signs in with it.
   */
  isWithdrawnPlayer: ColumnType<number, number | undefined, number>;
  /** Issue 28: the language the account chose (a LOCALES code), null when none; the e-mails use it too. */
  language: ColumnType<string | null, string | null | undefined, string | null>;
  /** When `language` was chosen (the device's clock): a choice older than it does not replace it. */
  languageSetAt: ColumnType<string | null, string | null | undefined, string | null>;
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

export interface OrganizationsTable {
  id: Generated<number>;
  name: string;
  type: Generated<string>;
  address: string | null;
  city: string | null;
  state: string | null;
  postalCode: string | null;
  phoneNumber: string | null;
  email: string | null;
  website: string | null;
  isVerified: ColumnType<number, number | undefined, number>;
  createdAt: ColumnType<string, string | undefined, never>;
}

/** Fixed-window attempt counters (core/rate-limit.ts), shared by every process on PostgreSQL. */
export interface RateLimitsTable {
  key: string;
  count: number;
  resetAtMs: number;
}

export interface SettingsTable {
  id: Generated<number>;
  userId: number;
  hintsEnabled: Generated<Bool>;
  focusMode: Generated<Bool>;
  progressTracking: Generated<Bool>;
  dailyPlayTime: Generated<number>;
  breakReminders: Generated<number>;
  difficulty: Generated<string>;
  autoAdjustDifficulty: Generated<Bool>;
  moveAnnouncementsEnabled: Generated<Bool>;
  educationalFeedbackEnabled: Generated<Bool>;
  gameMode: Generated<string>;
  aiDifficulty: Generated<string>;
  playerColor: Generated<string>;
  parentPinHash: string | null;
  updatedAt: Timestamp | null;
  /** The parent who set the Parental Controls last (issue 19); null: the child's own. */
  controlsSetBy: number | null;
  controlsSetAt: Timestamp | null;
}

/** A parent account linked to a child's (issue 19, parents). */
export interface ParentLinksTable {
  id: Generated<number>;
  parentId: number;
  childId: number;
  createdAt: Generated<Timestamp>;
}

/** A one-time code a teacher printed for a child's parent; only its sha256 is stored. */
export interface ParentLinkCodesTable {
  id: Generated<number>;
  codeHash: string;
  childId: number;
  createdBy: number | null;
  createdAt: Generated<Timestamp>;
  expiresAt: Timestamp;
  usedAt: Timestamp | null;
  usedBy: number | null;
  /** The parent link guesses' count (code_guess_counts) at which the code stops working (issue 26). */
  retireAtGuess: number;
}

/** Issue 26: a read of a child's emergency contact or medical notes by someone else (once a day per reader, child and place). */
export interface DataAccessLogTable {
  id: Generated<number>;
  organizationId: number | null;
  readerId: number | null;
  childId: number | null;
  kind: string;
  tournamentId: number | null;
  readOn: string;
  readAt: Timestamp;
}

export interface Database {
  rateLimits: RateLimitsTable;
  users: UsersTable;
  sessions: SessionsTable;
  games: GamesTable;
  syncClients: SyncClientsTable;
  userRoles: UserRolesTable;
  puzzles: PuzzlesTable;
  puzzleAttempts: PuzzleAttemptsTable;
  puzzleRatings: PuzzleRatingsTable;
  ownPuzzles: OwnPuzzlesTable;
  tournaments: TournamentsTable;
  registrations: RegistrationsTable;
  ratingSnapshots: RatingSnapshotsTable;
  pairings: PairingsTable;
  tournamentSections: TournamentSectionsTable;
  rounds: RoundsTable;
  tournamentGames: TournamentGamesTable;
  appeals: AppealsTable;
  certificates: CertificatesTable;
  organizations: OrganizationsTable;
  teams: TeamsTable;
  teamMembers: TeamMembersTable;
  tournamentClasses: TournamentClassesTable;
  classCodes: ClassCodesTable;
  classJoinRequests: ClassJoinRequestsTable;
  codeGuessCounts: CodeGuessCountsTable;
  engineEvals: EngineEvalsTable;
  lessons: LessonsTable;
  userLessonProgress: UserLessonProgressTable;
  dailyTips: DailyTipsTable;
  userTipProgress: UserTipProgressTable;
  settings: SettingsTable;
  parentLinks: ParentLinksTable;
  parentLinkCodes: ParentLinkCodesTable;
  gameAnalysis: GameAnalysisTable;
  gamePhaseAnalysis: GamePhaseAnalysisTable;
  userSkillAnalytics: UserSkillAnalyticsTable;
  achievements: AchievementsTable;
  userAchievements: UserAchievementsTable;
  homeworkAssignments: HomeworkAssignmentsTable;
  homeworkTargets: HomeworkTargetsTable;
  homeworkCompletions: HomeworkCompletionsTable;
  dataAccessLog: DataAccessLogTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type GameRow = Selectable<GamesTable>;
