import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

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

export type Timestamp = string;
export type Bool = number;

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
  lichessId: string | null;
  /** Issue 21: 'assessment' (content/puzzles.json) or 'trainer' (content/trainer/*.json). */
  kind: ColumnType<string, string | undefined, string>;
  /** Trainer puzzles: 'lichess:<id>' or 'gen:<hash>'. */
  externalId: ColumnType<string | null, string | null | undefined, string | null>;
  /** Trainer puzzles: JSON list of UCI moves, moves[0] the opponent's (schema/puzzles.ts). */
  moves: ColumnType<string, string | undefined, string>;
  ratingDeviation: ColumnType<number, number | undefined, number>;
  /** JSON list of PUZZLE_THEMES. */
  themes: ColumnType<string, string | undefined, string>;
}

export interface PuzzleAttemptsTable {
  id: Generated<number>;
  userId: number;
  puzzleId: number;
  solved: Bool;
  timeSpent: number | null;
  attemptedMoves: string;
  createdAt: Timestamp;
  /** Issue 21 (trainer attempts): the client's key (exactly once), the mode, and the rating around it. */
  attemptKey: ColumnType<string | null, string | null | undefined, string | null>;
  mode: ColumnType<string | null, string | null | undefined, string | null>;
  rated: ColumnType<number, number | undefined, number>;
  ratingBefore: ColumnType<number | null, number | null | undefined, number | null>;
  ratingAfter: ColumnType<number | null, number | null | undefined, number | null>;
}

/** Issue 21: the student's puzzle rating (Glicko-2) and Puzzle Streak. */
export interface PuzzleRatingsTable {
  userId: number;
  rating: number;
  rd: number;
  volatility: number;
  games: number;
  currentStreak: number;
  bestStreak: number;
  updatedAt: Timestamp;
}

/** Issue 21: the student's own puzzles, made from reviewed games ('Learn from your mistakes'). */
export interface OwnPuzzlesTable {
  id: string;
  userId: number;
  gameId: string;
  ply: number;
  setupFen: string;
  setupMove: string;
  fen: string;
  bestMove: string;
  playedMove: string;
  kind: string;
  explanation: string;
  createdAt: ColumnType<string, string | undefined, string>;
}

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
  /** Issue 29: JSON { pairingRules, teamStandings } (schema/tournaments.ts), null for none. */
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

/** A class playing in a tournament (issue 19): its staff and students see its real names there. */
export interface TournamentClassesTable {
  id: Generated<number>;
  tournamentId: number;
  classId: number;
  addedBy: number | null;
  createdAt: ColumnType<string, string | undefined, never>;
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

/** Fixed-window attempt counters (core/rate-limit.ts), shared by every process on PostgreSQL. */
export interface RateLimitsTable {
  key: string;
  count: number;
  resetAtMs: number;
}

// Learning (issue 9)
export interface LessonsTable {
  id: Generated<number>;
  slug: string | null;
  title: string;
  description: string | null;
  difficulty: string | null;
  /** JSON: the lesson body (schema/learning.ts lessonBodySchema). */
  content: string | null;
  order: Generated<number>;
  /** JSON list of the skills the lesson trains. */
  skills: Generated<string>;
}

export interface UserLessonProgressTable {
  id: Generated<number>;
  userId: number;
  lessonId: number;
  completed: Generated<Bool>;
  score: number | null;
  completedAt: Timestamp | null;
}

export interface DailyTipsTable {
  id: Generated<number>;
  slug: string | null;
  title: string;
  content: string;
  category: string | null;
  difficulty: string | null;
  fen: string | null;
  /** JSON list of {from, to}. */
  moves: string | null;
  estimatedReadTime: number | null;
  tags: Generated<string>;
  isActive: Generated<Bool>;
  publishDate: string | null;
}

export interface UserTipProgressTable {
  id: Generated<number>;
  userId: number;
  tipId: number;
  viewedAt: Timestamp | null;
  completed: Generated<Bool>;
  bookmarked: Generated<Bool>;
  rating: number | null;
  completedAt: Timestamp | null;
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

export interface GameAnalysisTable {
  id: Generated<number>;
  userId: number;
  gameId: number;
  movesAnalyzed: Generated<number>;
  analysisEngine: Generated<string>;
  averageAccuracy: number | null;
  blunders: Generated<number>;
  mistakes: Generated<number>;
  inaccuracies: Generated<number>;
  bestMovePercentage: number | null;
  analysisCompleted: Generated<Bool>;
  weaknessesFound: string | null;
  strengthsFound: string | null;
  suggestedLessons: string | null;
  missedTactics: Generated<string>;
  playerMoves: Generated<number>;
  createdAt: ColumnType<string, string | undefined, string>;
}

export interface GamePhaseAnalysisTable {
  id: Generated<number>;
  gameId: number;
  userId: number;
  openingEnd: Generated<number>;
  middlegameEnd: Generated<number>;
  openingAccuracy: number | null;
  openingBlunders: Generated<number>;
  openingTimeSpent: number | null;
  openingMoves: Generated<number>;
  middlegameAccuracy: number | null;
  middlegameBlunders: Generated<number>;
  middlegameTimeSpent: number | null;
  middlegameMoves: Generated<number>;
  endgameAccuracy: number | null;
  endgameBlunders: Generated<number>;
  endgameTimeSpent: number | null;
  endgameMoves: Generated<number>;
  turningPoint: number | null;
  phaseDominance: string | null;
  createdAt: ColumnType<string, string | undefined, string>;
}

export interface UserSkillAnalyticsTable {
  id: Generated<number>;
  userId: number;
  openingStrength: Generated<number>;
  middlegameStrength: Generated<number>;
  endgameStrength: Generated<number>;
  tacticalStrength: Generated<number>;
  positionalStrength: Generated<number>;
  calculationStrength: Generated<number>;
  timeManagementScore: Generated<number>;
  blunderFrequency: Generated<number>;
  averageAccuracy: Generated<number>;
  consistencyScore: Generated<number>;
  improvementVelocity: Generated<number>;
  recentForm: Generated<string>;
  peakPerformance: Generated<number>;
  gamesAnalyzed: Generated<number>;
  updatedAt: ColumnType<string, string | undefined, string>;
}

export interface AchievementsTable {
  id: Generated<number>;
  key: string | null;
  name: string;
  description: string | null;
  category: string | null;
  type: string | null;
  /** JSON: {metric, target} (domain/learning/achievements.ts). */
  requirement: string | null;
  points: Generated<number>;
  iconUrl: string | null;
  rarity: Generated<string>;
  isActive: Generated<Bool>;
}

export interface UserAchievementsTable {
  id: Generated<number>;
  userId: number;
  achievementId: number;
  progress: Generated<number>;
  isUnlocked: Generated<Bool>;
  unlockedAt: Timestamp | null;
  currentValue: Generated<number>;
  targetValue: number | null;
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
