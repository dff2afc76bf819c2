import { z } from 'zod';
import { ERROR_TEXTS } from './core/errors';
import { MESSAGES } from './accounts';

/**
 * A school's data duties (issue 26; docs/decisions.md "A child's data: download, delete, and who
 * read it"): one archive of every record about a child (GDPR Art. 15, COPPA's parental review),
 * deleting a child's account (Art. 17, COPPA's deletion), and the list of staff reads of
 * children's emergency contacts and medical notes.
 */

/** The data duties' addresses (a pattern under API_PREFIX, schema/core/paths.ts); `account` is DELETE only. */
export const privacyPaths = {
  dataRights: '/users/:id/data-rights',
  dataExport: '/users/:id/data-export',
  account: '/users/:id',
  dataAccessLog: '/organizations/:id/data-access-log',
} as const;

export const PRIVACY_MESSAGES = {
  /** The same words as any missing record: a child who is not yours is not there. */
  notFound: MESSAGES.notFound,
  confirmUsername: "Send the account's username to confirm the deletion",
  usernameMismatch: ERROR_TEXTS.ERR_PRIVACY_USERNAME_MISMATCH,
  eraseManaged: ERROR_TEXTS.ERR_PRIVACY_ERASE_MANAGED,
  eraseNotAllowed: ERROR_TEXTS.ERR_PRIVACY_ERASE_NOT_ALLOWED,
  eraseStaff: ERROR_TEXTS.ERR_PRIVACY_ERASE_STAFF,
  tooManyExports: ERROR_TEXTS.ERR_PRIVACY_TOO_MANY_EXPORTS,
} as const;

/** How a player whose account was deleted stands in the tournaments they played (their results stay). */
export const WITHDRAWN_PLAYER = 'Withdrawn player';

/** DELETE /api/users/{id}: the account's username, as the person deleting it saw it (a guard against a stale page). */
export const eraseAccountRequestSchema = z.strictObject({
  username: z.string({ error: PRIVACY_MESSAGES.confirmUsername }).min(1, { error: PRIVACY_MESSAGES.confirmUsername }).max(100),
});
export type EraseAccountRequest = z.infer<typeof eraseAccountRequestSchema>;

export const eraseAccountResponseSchema = z.object({
  userId: z.number().int(),
  /** Tournaments whose results stay under 'Withdrawn player'. */
  tournamentsKept: z.number().int().nonnegative(),
});
export type EraseAccountResponse = z.infer<typeof eraseAccountResponseSchema>;

/** Where a child's emergency contact or medical notes were read. */
export const DATA_ACCESS_KINDS = ['tournament', 'export'] as const;
export type DataAccessKind = (typeof DATA_ACCESS_KINDS)[number];

/** One read of a child's emergency contact or medical notes by someone other than the child (recorded once a day per reader, child and tournament). */
export const dataAccessEntrySchema = z.object({
  id: z.number().int(),
  readAt: z.string(),
  /** Null once that account was deleted. */
  readerId: z.number().int().nullable(),
  readerUsername: z.string().nullable(),
  childId: z.number().int().nullable(),
  childUsername: z.string().nullable(),
  childRealName: z.string().nullable(),
  kind: z.enum(DATA_ACCESS_KINDS),
  tournamentId: z.number().int().nullable(),
  tournamentName: z.string().nullable(),
});
export type DataAccessEntry = z.infer<typeof dataAccessEntrySchema>;

/** GET /api/organizations/{id}/data-access-log: newest first; `before` pages back. */
export const dataAccessLogSchema = z.object({ entries: z.array(dataAccessEntrySchema), hasMore: z.boolean() });
export type DataAccessLog = z.infer<typeof dataAccessLogSchema>;

export const dataAccessLogQuerySchema = z.strictObject({ before: z.coerce.number().int().positive().max(2_147_483_647).optional() });

/** What the viewer may do with a child's data (answered on the class student page and the parent's list). */
export const dataRightsSchema = z.object({ canExport: z.boolean(), canErase: z.boolean() });
export type DataRights = z.infer<typeof dataRightsSchema>;

/** The archive's files. */
export const DATA_ARCHIVE_FILES = { data: 'data.json', games: 'games.pgn', tournamentGames: 'tournament-games.pgn', readme: 'README.txt' } as const;
