/**
 * The server's refusals by code (issue 28): every error a person can read, once, in English, as
 * a template whose values are named (`{minutes}`; a count's words `{minutes, plural, one {# minute}
 * other {# minutes}}`). The server answers `{ error, code, params }`: `error` is this English with
 * the values filled in (the spec's words, unchanged), `code` and `params` let the app show the
 * same message in the child's language (app/shared/i18n/server-messages.ts). The feature tables
 * (MESSAGES, CLASS_MESSAGES, ...) take their texts from here.
 */
export const ERROR_TEXTS = {
  // Accounts (the spec's words, schema/accounts.ts)
  ERR_NOT_AUTHENTICATED: 'Not authenticated',
  ERR_FORBIDDEN: 'You do not have permission to do that',
  ERR_NOT_FOUND: 'Not found',
  ERR_INVALID_CREDENTIALS: 'Invalid email or password',
  ERR_EMAIL_TAKEN: 'An account with this email already exists',
  ERR_USERNAME_TAKEN: 'This username is already taken',
  ERR_INVALID_EMAIL: 'Please enter a valid email address',
  ERR_PASSWORD_TOO_SHORT: 'Password must be at least 6 characters long',
  ERR_USERNAME_LENGTH: 'Username must be between 3 and 20 characters',
  ERR_USERNAME_INVISIBLE: 'Username cannot contain invisible characters, tabs or line breaks',
  ERR_ALL_PASSWORD_FIELDS: 'Please fill in all password fields',
  ERR_NEW_PASSWORD_TOO_SHORT: 'New password must be at least 6 characters long',
  ERR_RESET_LINK_INVALID: 'The reset link is invalid or has expired.',
  ERR_CURRENT_PASSWORD_WRONG: 'Current password is incorrect',
  ERR_MANAGED_NO_EMAIL: 'This account has no e-mail address. Your teacher can give you a new password.',
  ERR_VERIFY_LINK_INVALID: 'This verification link is invalid or has expired. Sign in and ask for a new one.',
  ERR_RESET_HOST_REFUSED: 'Password reset e-mails cannot be sent from this address. Ask the person running the server to set PUBLIC_URL.',
  ERR_TOO_MANY_ATTEMPTS: 'Too many attempts. Please try again in {minutes, plural, one {# minute} other {# minutes}}.',
  ERR_CROSS_SITE: 'This request came from another site and was refused.',

  // Classes, their codes and their outbox (schema/classes.ts, class-codes.ts, class-outbox.ts)
  ERR_CLASS_FULL: 'This class is full',
  ERR_CLASS_STUDENT_NOT_FOUND: 'No such student in this class',
  ERR_CLASS_NOT_MANAGED: 'Only accounts made for this class can be changed here',
  ERR_CLASS_MAX_BELOW_COUNT: 'This class has more students than that: remove some first',
  ERR_CLASS_PASSWORD: 'A password must be two words and two digits, like tiger-moon-47',
  ERR_CLASS_KEY_TAKEN: 'This class key belongs to another class',
  ERR_SIGN_IN_CODE_UNKNOWN: 'This code does not work. Check the code on the board, or ask your teacher for a new one.',
  ERR_JOIN_CODE_UNKNOWN: 'No class has this join code. Check it with your teacher.',
  ERR_MANAGED_CANNOT_JOIN: 'Your teacher has already put your account in its class.',
  ERR_ALREADY_IN_CLASS: 'You are already in this class.',
  ERR_JOIN_REQUEST_ANSWERED: 'This request has already been answered.',

  // Homework (schema/homework.ts)
  ERR_HOMEWORK_OTHER_CLASS: 'This homework was already set for another class',
  ERR_HOMEWORK_DUE_IN_PAST: 'Choose a due date in the future',
  ERR_HOMEWORK_DUE_TOO_FAR: 'Choose a due date within a year',
  ERR_HOMEWORK_NOTE_LENGTH: 'The note can be at most {most} characters long',
  ERR_HOMEWORK_STUDENTS: 'Choose students of this class',
  ERR_HOMEWORK_NOT_FOUND: 'Homework not found',

  // Parents (schema/parents.ts)
  ERR_PARENT_CODE_FORMAT: 'Type the 8 letters and digits from the letter, like ACDE-FGHJ',
  ERR_PARENT_CODE_UNKNOWN: 'This code is not right. Check the letter and try again.',
  ERR_PARENT_CODE_USED: 'This code has been used already. Ask the teacher for a new one.',
  ERR_PARENT_CODE_EXPIRED: 'This code is too old. Ask the teacher for a new one.',
  ERR_PARENT_ALREADY_LINKED: 'This child is linked to your account already',
  ERR_PARENT_NOT_FOR_CHILDREN: 'A child account cannot be linked to another child',
  ERR_PARENT_OWN_ACCOUNT: 'You cannot link your own account',
  ERR_PARENT_NO_CONTROLS: 'Choose at least one setting to change',
  ERR_PARENT_VERIFY_FIRST: 'Verify your e-mail address first',
  ERR_PARENT_OWN_EMAIL: "Type your parent's e-mail address, not your own",
  ERR_PARENT_EMAIL_MANAGED: "A class account has no parent's e-mail address: the teacher prints a letter for the parent instead",

  // Privacy (schema/privacy.ts)
  ERR_PRIVACY_USERNAME_MISMATCH: 'This is not the username of that account: reload the page and try again',
  ERR_PRIVACY_ERASE_MANAGED: "Only the school's administrator can delete a class account",
  ERR_PRIVACY_ERASE_NOT_ALLOWED: "Only the school's administrator, the child or a linked parent can delete this account",
  ERR_PRIVACY_ERASE_STAFF: 'A staff account cannot be deleted here',
  ERR_PRIVACY_TOO_MANY_EXPORTS: 'Too many downloads. Please wait a while and try again.',

  // Organizations and teams (schema/organizations.ts)
  ERR_ORGANIZATION_NOT_FOUND: 'Organization not found',
  ERR_TEAM_NOT_FOUND: 'Team not found',
  ERR_NO_USER_WITH_NAME: 'No user with that name',
  ERR_TEAM_FULL: 'This team is full',
  ERR_TEAM_ALREADY_MEMBER: 'Already a member of this team',

  // Tournaments (schema/tournaments.ts, class-tournaments.ts)
  ERR_TOURNAMENT_NOT_FOUND: 'Tournament not found',
  ERR_MANAGERS_ONLY: 'Only the tournament organiser can do this.',
  ERR_BYE_FOR_YOURSELF: 'You can only request a bye for yourself.',
  ERR_WITHDRAW_OWN: 'You can only withdraw your own registration.',
  ERR_LATE_ENTRY_REFUSED: 'A late entry is for a player who asked to play (pending, waitlisted, or withdrawn by themselves) or a player of your own organization.',
  ERR_CERTIFICATES_NOT_YET: 'Certificates are issued when the tournament is completed.',
  ERR_REGISTRATION_NOT_FOUND: 'Registration not found',
  ERR_ROUND_NOT_FOUND: 'Round not found',
  ERR_GAME_NOT_FOUND: 'Game not found',
  ERR_DISPUTE_NOT_FOUND: 'Dispute not found',
  ERR_TOURNAMENT_READS_BUSY: 'Too many requests for tournament data. Please wait a moment.',
  ERR_ROUND_ALREADY_PAIRED: '{round} was already paired on another device: its pairings are shown instead.',
  ERR_LARGE_FIELD: 'Fields of more than {most} players are paired on your device: send the pairing it made.',
  ERR_CHOOSE_ORGANIZATION: 'Choose the organization this tournament belongs to.',
  ERR_NOT_YOUR_ORGANIZATION: 'You cannot create tournaments for that organization.',
  ERR_TRF_NO_PLAYERS: 'The TRF file has no players.',
  ERR_TRF_UNKNOWN_OPPONENT: 'Round {round}: player {player} meets unknown player {opponent}.',
  ERR_CLASS_TOURNAMENT_SAME_SCHOOL: 'Only classes of the same school can play in one tournament.',
  ERR_CLASS_TOURNAMENT_FULL: 'There is not enough room in this tournament for these students.',
  ERR_CLASS_TOURNAMENT_STARTED: 'Classes can be added until the tournament starts. After that, add players as late entries.',
  ERR_CLASS_TOURNAMENT_NO_STUDENTS: 'There are no students to add.',

  // The tournament's rules (domain/tournament-admin/)
  ERR_NOT_REGISTERED: 'This player is not registered for the tournament.',
  ERR_REGISTRATION_NOT_OPEN: 'Registration is not open for this tournament.',
  ERR_CANCELLED_NOT_APPROVED: 'A cancelled registration cannot be approved.',
  ERR_REGISTRATIONS_FINISHED: 'Registrations of a finished tournament cannot change.',
  ERR_FULL_RAISE_MAXIMUM: 'The tournament is full: raise the maximum participants to confirm a waitlisted player.',
  ERR_REJECT_REASON_REQUIRED: 'A reason is required to reject a registration',
  ERR_ONLY_PENDING_REJECTED: 'Only a pending or waitlisted registration can be rejected.',
  ERR_LATE_ENTRY_NOT_IN_PROGRESS: 'Late entries are taken only while the tournament is in progress.',
  ERR_LATE_ENTRY_SWISS_ONLY: 'Late entries are possible only in a Swiss tournament.',
  ERR_BYE_SWISS_ONLY: 'Byes can be requested only in a Swiss tournament.',
  ERR_ONLY_ROUNDS: 'The tournament has only {total} rounds.',
  ERR_BYE_ROUND_PAIRED: 'Round {round} is already paired.',
  ERR_TOURNAMENT_NOT_IN_PROGRESS: 'The tournament is not in progress.',
  ERR_COMPLETE_ROUND_FIRST: 'Complete {round} before creating a new round.',
  ERR_NEXT_ROUND_IS: 'The next round is round {round}.',
  ERR_ROUND_DOES_NOT_EXIST: 'Round {round} does not exist.',
  ERR_GENERATE_PAIRINGS_FIRST: 'Generate the pairings of {round} before starting it.',
  ERR_DRAW_NEEDS_DECISION: 'A drawn elimination game needs the player who goes through (decided by a play-off, e.g. armageddon).',
  ERR_ROUND_NO_PAIRINGS: '{round} has no pairings yet.',
  ERR_BYE_NO_RESULT: 'A bye has no result to enter.',
  ERR_START_ROUND_FIRST: 'Start {round} before entering results.',
  ERR_CORRECTION_NOTE_REQUIRED: 'A note is required to correct a result',
  ERR_BOARD_DOES_NOT_EXIST: 'Board {board} of round {round} does not exist.',
  ERR_BYE_NO_CORRECTION: 'A bye has no result to correct.',
  ERR_RESULT_FIRST: 'Enter a result first: only a completed game can be corrected.',
  ERR_BRACKET_NEXT_PAIRED: 'The next bracket round is already paired: this result can no longer change who went through.',
  ERR_DISPUTE_DOES_NOT_EXIST: 'This dispute does not exist.',
  ERR_DISPUTE_NOTE_REQUIRED: 'A note is required to resolve a dispute',
  ERR_ROUND_ROBIN_TOO_FEW: 'A round robin needs at least 2 confirmed players.',
  ERR_ROUND_ROBIN_ROUNDS: 'A round robin of {players} players has only {rounds} rounds.',
  ERR_BRACKET_FINISHED: 'The bracket is finished: the tournament has its champion.',
  ERR_NO_MATCH_READY: 'No bracket match is ready to be played.',
  ERR_COMPLETE_LAST_ROUND: 'Complete the last round before completing the tournament.',

  // Learning and games
  ERR_LESSON_NOT_FOUND: 'Lesson not found',
  ERR_TIP_NOT_FOUND: 'Tip not found',
  ERR_GAME_ID_TAKEN: 'This game id belongs to another account.',

  // The coach's engine
  ERR_COACH_BUSY: 'Too many coaching requests from your address at once. Please wait a moment.',
  ERR_COACH_RATE: 'Too many coaching requests from your address. Please wait a minute.',
  ERR_ENGINE_BUSY: 'The engine is busy. Please try again in a moment.',
  ERR_ENGINE_TIMEOUT: 'The engine took too long to answer. Please try again.',
  ERR_ENGINE_UNAVAILABLE: 'The engine is not available right now. Please try again in a moment.',

  // Sync (schema/sync.ts)
  ERR_CLIENT_TAKEN: 'This client id belongs to another account.',
  ERR_CLIENT_TOO_OLD: 'client too old',
  ERR_SERVER_TOO_OLD: 'This server is being updated. Try again in a moment.',
} as const;

export type ErrorCode = keyof typeof ERROR_TEXTS;
export const ERROR_CODES = Object.keys(ERROR_TEXTS) as ErrorCode[];

/** The values an error's text names (`{ minutes: 3 }`). */
export type ErrorParams = Readonly<Record<string, string | number>>;

/** A refusal in the words of this vocabulary: its code and, when its text names values, those values. */
export interface CodedError {
  readonly code: ErrorCode;
  readonly params?: ErrorParams;
}

export function isErrorCode(code: unknown): code is ErrorCode {
  return typeof code === 'string' && Object.hasOwn(ERROR_TEXTS, code);
}

// `{name}`, or `{name, plural, one {…} other {…}}` (only the forms English needs).
const PLACEHOLDER = /\{(\w+), plural, one \{([^{}]*)\} other \{([^{}]*)\}\}|\{(\w+)\}/g;

/** The names of the values an error's text needs, in order. */
export function errorPlaceholders(code: ErrorCode): string[] {
  return [...ERROR_TEXTS[code].matchAll(PLACEHOLDER)].map((match) => (match[1] ?? match[4]) as string);
}

/** An error's English with its values filled in: the `error` text the server sends. */
export function errorText(code: ErrorCode, params: ErrorParams = {}): string {
  return ERROR_TEXTS[code].replace(PLACEHOLDER, (whole, countName?: string, one?: string, other?: string, name?: string) => {
    if (countName !== undefined) {
      const count = params[countName];
      if (count === undefined) return whole;
      return (Number(count) === 1 ? (one as string) : (other as string)).replaceAll('#', String(count));
    }
    const value = params[name as string];
    return value === undefined ? whole : String(value);
  });
}
