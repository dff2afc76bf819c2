/**
 * The server's refusals in the app's language (issue 28). The server answers `{ error, code,
 * params }` (schema/core/errors.ts): each code has its message here, with the same English and
 * the same named values (server-messages.test.ts checks both), and the forms that refuse the
 * same thing before sending use these messages too. A code this build does not know, or a body
 * without one (Fastify's validation, an older server), is shown in the server's English.
 */
import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import type { ErrorResponse } from '../../../schema';
import { setServerErrorText } from '../api';
import { errorPlaceholders, isErrorCode, type CodedError, type ErrorCode, type ErrorParams } from '../../../schema/core/errors';

/** The values the messages name (checked present before a message is made: serverErrorText). */
type Values = { readonly [name in 'minutes' | 'most' | 'total' | 'round' | 'board' | 'player' | 'opponent' | 'players' | 'rounds']: string | number };
type Describe = (values: Values) => MessageDescriptor;

// Each message names its values as the server's template does: they are what translators read.
const SERVER_MESSAGES: { readonly [C in ErrorCode]: Describe } = {
  ERR_NOT_AUTHENTICATED: () => msg`Not authenticated`,
  ERR_FORBIDDEN: () => msg`You do not have permission to do that`,
  ERR_NOT_FOUND: () => msg`Not found`,
  ERR_INVALID_CREDENTIALS: () => msg`Invalid email or password`,
  ERR_EMAIL_TAKEN: () => msg`An account with this email already exists`,
  ERR_USERNAME_TAKEN: () => msg`This username is already taken`,
  ERR_INVALID_EMAIL: () => msg`Please enter a valid email address`,
  ERR_PASSWORD_TOO_SHORT: () => msg`Password must be at least 6 characters long`,
  ERR_USERNAME_LENGTH: () => msg`Username must be between 3 and 20 characters`,
  ERR_USERNAME_INVISIBLE: () => msg`Username cannot contain invisible characters, tabs or line breaks`,
  ERR_ALL_PASSWORD_FIELDS: () => msg`Please fill in all password fields`,
  ERR_NEW_PASSWORD_TOO_SHORT: () => msg`New password must be at least 6 characters long`,
  ERR_RESET_LINK_INVALID: () => msg`The reset link is invalid or has expired.`,
  ERR_CURRENT_PASSWORD_WRONG: () => msg`Current password is incorrect`,
  ERR_MANAGED_NO_EMAIL: () => msg`This account has no e-mail address. Your teacher can give you a new password.`,
  ERR_VERIFY_LINK_INVALID: () => msg`This verification link is invalid or has expired. Sign in and ask for a new one.`,
  ERR_RESET_HOST_REFUSED: () => msg`Password reset e-mails cannot be sent from this address. Ask the person running the server to set PUBLIC_URL.`,
  ERR_TOO_MANY_ATTEMPTS: ({ minutes }) => msg`Too many attempts. Please try again in ${plural(minutes, { one: '# minute', other: '# minutes' })}.`,
  ERR_CROSS_SITE: () => msg`This request came from another site and was refused.`,

  ERR_CLASS_FULL: () => msg`This class is full`,
  ERR_CLASS_STUDENT_NOT_FOUND: () => msg`No such student in this class`,
  ERR_CLASS_NOT_MANAGED: () => msg`Only accounts made for this class can be changed here`,
  ERR_CLASS_MAX_BELOW_COUNT: () => msg`This class has more students than that: remove some first`,
  ERR_CLASS_PASSWORD: () => msg`A password must be two words and two digits, like tiger-moon-47`,
  ERR_CLASS_KEY_TAKEN: () => msg`This class key belongs to another class`,
  ERR_SIGN_IN_CODE_UNKNOWN: () => msg`This code does not work. Check the code on the board, or ask your teacher for a new one.`,
  ERR_JOIN_CODE_UNKNOWN: () => msg`No class has this join code. Check it with your teacher.`,
  ERR_MANAGED_CANNOT_JOIN: () => msg`Your teacher has already put your account in its class.`,
  ERR_ALREADY_IN_CLASS: () => msg`You are already in this class.`,
  ERR_JOIN_REQUEST_ANSWERED: () => msg`This request has already been answered.`,

  ERR_HOMEWORK_OTHER_CLASS: () => msg`This homework was already set for another class`,
  ERR_HOMEWORK_DUE_IN_PAST: () => msg`Choose a due date in the future`,
  ERR_HOMEWORK_DUE_TOO_FAR: () => msg`Choose a due date within a year`,
  ERR_HOMEWORK_NOTE_LENGTH: ({ most }) => msg`The note can be at most ${most} characters long`,
  ERR_HOMEWORK_STUDENTS: () => msg`Choose students of this class`,
  ERR_HOMEWORK_NOT_FOUND: () => msg`Homework not found`,

  ERR_PARENT_CODE_FORMAT: () => msg`Type the 8 letters and digits from the letter, like ACDE-FGHJ`,
  ERR_PARENT_CODE_UNKNOWN: () => msg`This code is not right. Check the letter and try again.`,
  ERR_PARENT_CODE_USED: () => msg`This code has been used already. Ask the teacher for a new one.`,
  ERR_PARENT_CODE_EXPIRED: () => msg`This code is too old. Ask the teacher for a new one.`,
  ERR_PARENT_ALREADY_LINKED: () => msg`This child is linked to your account already`,
  ERR_PARENT_NOT_FOR_CHILDREN: () => msg`A child account cannot be linked to another child`,
  ERR_PARENT_OWN_ACCOUNT: () => msg`You cannot link your own account`,
  ERR_PARENT_NO_CONTROLS: () => msg`Choose at least one setting to change`,
  ERR_PARENT_VERIFY_FIRST: () => msg`Verify your e-mail address first`,
  ERR_PARENT_OWN_EMAIL: () => msg`Type your parent's e-mail address, not your own`,
  ERR_PARENT_EMAIL_MANAGED: () => msg`A class account has no parent's e-mail address: the teacher prints a letter for the parent instead`,

  ERR_PRIVACY_USERNAME_MISMATCH: () => msg`This is not the username of that account: reload the page and try again`,
  ERR_PRIVACY_ERASE_MANAGED: () => msg`Only the school's administrator can delete a class account`,
  ERR_PRIVACY_ERASE_NOT_ALLOWED: () => msg`Only the school's administrator, the child or a linked parent can delete this account`,
  ERR_PRIVACY_ERASE_STAFF: () => msg`A staff account cannot be deleted here`,
  ERR_PRIVACY_TOO_MANY_EXPORTS: () => msg`Too many downloads. Please wait a while and try again.`,

  ERR_ORGANIZATION_NOT_FOUND: () => msg`Organization not found`,
  ERR_TEAM_NOT_FOUND: () => msg`Team not found`,
  ERR_NO_USER_WITH_NAME: () => msg`No user with that name`,
  ERR_TEAM_FULL: () => msg`This team is full`,
  ERR_TEAM_ALREADY_MEMBER: () => msg`Already a member of this team`,

  ERR_TOURNAMENT_NOT_FOUND: () => msg`Tournament not found`,
  ERR_MANAGERS_ONLY: () => msg`Only the tournament organiser can do this.`,
  ERR_BYE_FOR_YOURSELF: () => msg`You can only request a bye for yourself.`,
  ERR_WITHDRAW_OWN: () => msg`You can only withdraw your own registration.`,
  ERR_LATE_ENTRY_REFUSED: () => msg`A late entry is for a player who asked to play (pending, waitlisted, or withdrawn by themselves) or a player of your own organization.`,
  ERR_CERTIFICATES_NOT_YET: () => msg`Certificates are issued when the tournament is completed.`,
  ERR_REGISTRATION_NOT_FOUND: () => msg`Registration not found`,
  ERR_ROUND_NOT_FOUND: () => msg`Round not found`,
  ERR_GAME_NOT_FOUND: () => msg`Game not found`,
  ERR_DISPUTE_NOT_FOUND: () => msg`Dispute not found`,
  ERR_TOURNAMENT_READS_BUSY: () => msg`Too many requests for tournament data. Please wait a moment.`,
  ERR_ROUND_ALREADY_PAIRED: ({ round }) => msg`${round} was already paired on another device: its pairings are shown instead.`,
  ERR_LARGE_FIELD: ({ most }) => msg`Fields of more than ${most} players are paired on your device: send the pairing it made.`,
  ERR_CHOOSE_ORGANIZATION: () => msg`Choose the organization this tournament belongs to.`,
  ERR_NOT_YOUR_ORGANIZATION: () => msg`You cannot create tournaments for that organization.`,
  ERR_TRF_NO_PLAYERS: () => msg`The TRF file has no players.`,
  ERR_TRF_UNKNOWN_OPPONENT: ({ round, player, opponent }) => msg`Round ${round}: player ${player} meets unknown player ${opponent}.`,
  ERR_CLASS_TOURNAMENT_SAME_SCHOOL: () => msg`Only classes of the same school can play in one tournament.`,
  ERR_CLASS_TOURNAMENT_FULL: () => msg`There is not enough room in this tournament for these students.`,
  ERR_CLASS_TOURNAMENT_STARTED: () => msg`Classes can be added until the tournament starts. After that, add players as late entries.`,
  ERR_CLASS_TOURNAMENT_NO_STUDENTS: () => msg`There are no students to add.`,

  ERR_NOT_REGISTERED: () => msg`This player is not registered for the tournament.`,
  ERR_REGISTRATION_NOT_OPEN: () => msg`Registration is not open for this tournament.`,
  ERR_CANCELLED_NOT_APPROVED: () => msg`A cancelled registration cannot be approved.`,
  ERR_REGISTRATIONS_FINISHED: () => msg`Registrations of a finished tournament cannot change.`,
  ERR_FULL_RAISE_MAXIMUM: () => msg`The tournament is full: raise the maximum participants to confirm a waitlisted player.`,
  ERR_REJECT_REASON_REQUIRED: () => msg`A reason is required to reject a registration`,
  ERR_ONLY_PENDING_REJECTED: () => msg`Only a pending or waitlisted registration can be rejected.`,
  ERR_LATE_ENTRY_NOT_IN_PROGRESS: () => msg`Late entries are taken only while the tournament is in progress.`,
  ERR_LATE_ENTRY_SWISS_ONLY: () => msg`Late entries are possible only in a Swiss tournament.`,
  ERR_BYE_SWISS_ONLY: () => msg`Byes can be requested only in a Swiss tournament.`,
  ERR_ONLY_ROUNDS: ({ total }) => msg`The tournament has only ${total} rounds.`,
  ERR_BYE_ROUND_PAIRED: ({ round }) => msg`Round ${round} is already paired.`,
  ERR_TOURNAMENT_NOT_IN_PROGRESS: () => msg`The tournament is not in progress.`,
  ERR_COMPLETE_ROUND_FIRST: ({ round }) => msg`Complete ${round} before creating a new round.`,
  ERR_NEXT_ROUND_IS: ({ round }) => msg`The next round is round ${round}.`,
  ERR_ROUND_DOES_NOT_EXIST: ({ round }) => msg`Round ${round} does not exist.`,
  ERR_GENERATE_PAIRINGS_FIRST: ({ round }) => msg`Generate the pairings of ${round} before starting it.`,
  ERR_DRAW_NEEDS_DECISION: () => msg`A drawn elimination game needs the player who goes through (decided by a play-off, e.g. armageddon).`,
  ERR_ROUND_NO_PAIRINGS: ({ round }) => msg`${round} has no pairings yet.`,
  ERR_BYE_NO_RESULT: () => msg`A bye has no result to enter.`,
  ERR_START_ROUND_FIRST: ({ round }) => msg`Start ${round} before entering results.`,
  ERR_CORRECTION_NOTE_REQUIRED: () => msg`A note is required to correct a result`,
  ERR_BOARD_DOES_NOT_EXIST: ({ board, round }) => msg`Board ${board} of round ${round} does not exist.`,
  ERR_BYE_NO_CORRECTION: () => msg`A bye has no result to correct.`,
  ERR_RESULT_FIRST: () => msg`Enter a result first: only a completed game can be corrected.`,
  ERR_BRACKET_NEXT_PAIRED: () => msg`The next bracket round is already paired: this result can no longer change who went through.`,
  ERR_DISPUTE_DOES_NOT_EXIST: () => msg`This dispute does not exist.`,
  ERR_DISPUTE_NOTE_REQUIRED: () => msg`A note is required to resolve a dispute`,
  ERR_ROUND_ROBIN_TOO_FEW: () => msg`A round robin needs at least 2 confirmed players.`,
  ERR_ROUND_ROBIN_ROUNDS: ({ players, rounds }) => msg`A round robin of ${players} players has only ${rounds} rounds.`,
  ERR_BRACKET_FINISHED: () => msg`The bracket is finished: the tournament has its champion.`,
  ERR_NO_MATCH_READY: () => msg`No bracket match is ready to be played.`,
  ERR_COMPLETE_LAST_ROUND: () => msg`Complete the last round before completing the tournament.`,

  ERR_LESSON_NOT_FOUND: () => msg`Lesson not found`,
  ERR_TIP_NOT_FOUND: () => msg`Tip not found`,
  ERR_GAME_ID_TAKEN: () => msg`This game id belongs to another account.`,

  ERR_COACH_BUSY: () => msg`Too many coaching requests from your address at once. Please wait a moment.`,
  ERR_COACH_RATE: () => msg`Too many coaching requests from your address. Please wait a minute.`,
  ERR_ENGINE_BUSY: () => msg`The engine is busy. Please try again in a moment.`,
  ERR_ENGINE_TIMEOUT: () => msg`The engine took too long to answer. Please try again.`,
  ERR_ENGINE_UNAVAILABLE: () => msg`The engine is not available right now. Please try again in a moment.`,

  ERR_CLIENT_TAKEN: () => msg`This client id belongs to another account.`,
  ERR_CLIENT_TOO_OLD: () => msg`client too old`,
  ERR_SERVER_TOO_OLD: () => msg`This server is being updated. Try again in a moment.`,
};

/** A server message as a catalogue message (for a form that refuses the same thing before sending). */
export function serverMessage(code: ErrorCode, params: ErrorParams = {}): MessageDescriptor {
  return SERVER_MESSAGES[code](params as Values);
}

/**
 * What a person reads for a server's refusal: its message in the app's language when its code
 * is known and every value it names came with it, else the server's English `error`.
 */
export function serverErrorText({ error, code, params = {} }: ErrorResponse): string {
  // No language active yet (a test of a module alone): the server's own words.
  if (!i18n.locale || !isErrorCode(code) || !errorPlaceholders(code).every((name) => params[name] !== undefined)) return error;
  return i18n._(serverMessage(code, params));
}

/** A rule's refusal run on this device (domain/tournament-admin's AdminError) in the app's language, as the server's would be. */
export function ruleErrorText({ message, reason }: { readonly message: string; readonly reason?: CodedError | undefined }): string {
  return serverErrorText(reason === undefined ? { error: message } : { error: message, code: reason.code, params: reason.params });
}

// The server's refusals read in the app's language from now on (../api.ts).
setServerErrorText(serverErrorText);
