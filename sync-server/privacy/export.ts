/**
 * 'Download this child's data' (issue 26; GDPR Art. 15, COPPA's parental review): one ZIP file of
 * every record about the child, read table by table from ./classification.ts's list (a test keeps
 * that list whole), as the database holds them (snake_case columns) minus the secrets, with the
 * names of what they refer to (tournaments, classes, lessons, the usernames of opponents and
 * parents: never another person's contact details or real name), and the child's games as PGN.
 * Made with fflate in slices, the event loop free between them.
 */
import { Zip, ZipDeflate } from 'fflate';
import { sql, type Kysely } from 'kysely';
import { DATA_ARCHIVE_FILES, WITHDRAWN_PLAYER } from '../../schema';
import type { Database, UserRow } from '../core/db/types';
import { yieldToEventLoop } from '../core/event-loop';
import { ARCHIVE_TABLES, USER_OMITTED_COLUMNS, type ArchiveTable } from './classification';

type Db = Kysely<Database>;
type Row = Record<string, unknown>;

const without = (row: Row, omit: readonly string[]): Row => Object.fromEntries(Object.entries(row).filter(([key]) => !omit.includes(key)));

/** Rows of one archive table that belong to the child (any of its columns names them). */
async function rowsOf(raw: Kysely<unknown>, spec: ArchiveTable, childId: number): Promise<Row[]> {
  const where = sql.join(spec.columns.map((column) => sql`${sql.ref(column)} = ${childId}`), sql` or `);
  const { rows } = await sql<Row>`select * from ${sql.table(spec.table)} where ${where} order by 1`.execute(raw);
  return rows.map((row) => without(row, spec.omit ?? []));
}

const ids = (rows: readonly Row[] | undefined, ...columns: string[]): number[] =>
  [...new Set((rows ?? []).flatMap((row) => columns.map((column) => row[column]).filter((value): value is number => typeof value === 'number')))];

/** The names of what the child's rows refer to: enough to read the archive without the database. */
async function references(db: Db, child: UserRow, tables: Record<string, Row[]>) {
  const tournamentIds = ids([...(tables.registrations ?? []), ...(tables.pairings ?? []), ...(tables.tournament_games ?? []), ...(tables.appeals ?? []), ...(tables.rating_snapshots ?? []), ...(tables.certificates ?? []), ...(tables.data_access_log ?? [])], 'tournament_id');
  const teamIds = ids([...(tables.team_members ?? []), ...(tables.class_join_requests ?? [])], 'team_id');
  const assignmentIds = ids([...(tables.homework_targets ?? []), ...(tables.homework_completions ?? [])], 'assignment_id');
  const peopleIds = ids(tables.pairings, 'white_player_id', 'black_player_id', 'advances_player_id')
    .concat(ids(tables.tournament_games, 'white_player_id', 'black_player_id'))
    .concat(ids(tables.parent_links, 'parent_id', 'child_id'))
    .concat(ids(tables.data_access_log, 'reader_id'))
    .filter((id) => id !== child.id);
  const lessonIds = ids(tables.user_lesson_progress, 'lesson_id');
  const tipIds = ids(tables.user_tip_progress, 'tip_id');
  const achievementIds = ids(tables.user_achievements, 'achievement_id');
  const puzzleIds = ids(tables.puzzle_attempts, 'puzzle_id');
  const inList = <T>(list: number[], query: () => Promise<T[]>) => (list.length === 0 ? Promise.resolve([] as T[]) : query());

  const tournaments = await inList(tournamentIds, () => db.selectFrom('tournaments').select(['id', 'name', 'startDate', 'organizationId', 'status']).where('id', 'in', tournamentIds).execute());
  const classes = await inList(teamIds, () => db.selectFrom('teams').select(['id', 'name', 'isClass', 'organizationId', 'gradeLevel']).where('id', 'in', teamIds).execute());
  const homework = await inList(assignmentIds, () =>
    db.selectFrom('homeworkAssignments').select(['id', 'classId', 'kind', 'lessonId', 'puzzleTheme', 'engineLevel', 'targetCount', 'dueAt', 'note', 'assignedAt', 'cancelledAt']).where('id', 'in', assignmentIds).execute(),
  );
  const organizationIds = [...new Set([child.schoolId, ...tournaments.map((row) => row.organizationId), ...classes.map((row) => row.organizationId)].filter((id): id is number => id !== null))];
  const organizations = await inList(organizationIds, () => db.selectFrom('organizations').select(['id', 'name']).where('id', 'in', organizationIds).execute());
  const people = await inList([...new Set(peopleIds)], () => db.selectFrom('users').select(['id', 'username', 'isWithdrawnPlayer']).where('id', 'in', [...new Set(peopleIds)]).execute());
  const lessons = await inList(lessonIds, () => db.selectFrom('lessons').select(['id', 'title']).where('id', 'in', lessonIds).execute());
  const tips = await inList(tipIds, () => db.selectFrom('dailyTips').select(['id', 'title']).where('id', 'in', tipIds).execute());
  const achievements = await inList(achievementIds, () => db.selectFrom('achievements').select(['id', 'name']).where('id', 'in', achievementIds).execute());
  const puzzles = await inList(puzzleIds, () => db.selectFrom('puzzles').select(['id', 'externalId', 'rating']).where('id', 'in', puzzleIds).execute());
  return {
    tournaments,
    classesAndTeams: classes.map((row) => ({ ...row, isClass: Boolean(row.isClass) })),
    homework,
    organizations,
    // Usernames only: another child's real name and contact details are theirs.
    people: people.map((row) => ({ id: row.id, username: row.isWithdrawnPlayer ? WITHDRAWN_PLAYER : row.username })),
    lessons,
    tips,
    achievements,
    puzzles,
  };
}

/** Every record about the child, as the archive's data.json holds it, and their games' PGN. */
export async function collectChildData(db: Db, childId: number, now: Date): Promise<{ data: Row; gamesPgn: string; tournamentGamesPgn: string } | null> {
  const raw = db.withoutPlugins() as Kysely<unknown>;
  const { rows: userRows } = await sql<Row>`select * from users where id = ${childId}`.execute(raw);
  const userRow = userRows[0];
  const child = await db.selectFrom('users').selectAll().where('id', '=', childId).executeTakeFirst();
  if (userRow === undefined || child === undefined) return null;
  const account = without(userRow, USER_OMITTED_COLUMNS);
  // A class account's address is a placeholder nobody reads (issue 19): not the child's.
  if (child.isManaged) account.email = null;
  const tables: Record<string, Row[]> = {};
  for (const spec of ARCHIVE_TABLES) {
    tables[spec.table] = await rowsOf(raw, spec, childId);
    await yieldToEventLoop();
  }
  const pgnOf = (rows: Row[] | undefined) =>
    (rows ?? []).map((row) => row.pgn).filter((pgn): pgn is string => typeof pgn === 'string' && pgn.trim() !== '').map((pgn) => pgn.trim()).join('\n\n');
  return {
    data: {
      format: 'chess-learning-app child data export, version 1',
      exportedAt: now.toISOString(),
      account,
      tables,
      references: await references(db, child, tables),
    },
    gamesPgn: pgnOf(tables.games),
    tournamentGamesPgn: pgnOf(tables.tournament_games),
  };
}

const README = (username: string, exportedAt: string) => `Everything this chess app keeps about ${username}, exported on ${exportedAt}.

${DATA_ARCHIVE_FILES.data}: every record, table by table, as the server's database holds it
  (column names as in the database). "account" is the account itself; "tables" has one list of
  rows per table (games, puzzle attempts, lessons, homework, ratings, settings, classes, parents,
  tournaments, sign-in sessions, and who read the emergency contact or medical notes);
  "references" names what those rows refer to (tournaments, classes, lessons, opponents' usernames).
  Left out: the password, PIN and code hashes and the sign-in tokens (secrets, of no use to read).
${DATA_ARCHIVE_FILES.games}: the games played in the app, in PGN (open them in any chess program).
${DATA_ARCHIVE_FILES.tournamentGames}: the moves of tournament games, when they were recorded.
`;

/** The archive's bytes: data.json, games.pgn, tournament-games.pgn and README.txt. */
export async function makeArchive(collected: NonNullable<Awaited<ReturnType<typeof collectChildData>>>, username: string, now: Date): Promise<Buffer> {
  const files: [string, string][] = [
    [DATA_ARCHIVE_FILES.readme, README(username, now.toISOString())],
    [DATA_ARCHIVE_FILES.data, `${JSON.stringify(collected.data, null, 2)}\n`],
    [DATA_ARCHIVE_FILES.games, collected.gamesPgn === '' ? '' : `${collected.gamesPgn}\n`],
    [DATA_ARCHIVE_FILES.tournamentGames, collected.tournamentGamesPgn === '' ? '' : `${collected.tournamentGamesPgn}\n`],
  ];
  return zipFiles(files, now);
}

/** Bytes compressed per slice: about a millisecond of deflate each, then other requests run. */
const SLICE = 64 * 1024;

/** A ZIP of text files (DEFLATE), compressed slice by slice with the event loop free between slices. */
export async function zipFiles(files: readonly [string, string][], mtime: Date): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  let failure: Error | null = null;
  const zip = new Zip((error, chunk) => {
    if (error) failure = error;
    else chunks.push(chunk);
  });
  const encoder = new TextEncoder();
  for (const [name, text] of files) {
    const entry = new ZipDeflate(name, { level: 6 });
    entry.mtime = mtime;
    zip.add(entry);
    const bytes = encoder.encode(text);
    if (bytes.length === 0) entry.push(bytes, true);
    for (let offset = 0; offset < bytes.length; offset += SLICE) {
      entry.push(bytes.subarray(offset, offset + SLICE), offset + SLICE >= bytes.length);
      await yieldToEventLoop();
    }
  }
  zip.end();
  if (failure !== null) throw failure;
  return Buffer.concat(chunks);
}
