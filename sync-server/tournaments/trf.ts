/**
 * TRF-16 export (domain/tournament's makeTrf over the snapshot's history, so bbpPairings and
 * Swiss-Manager read it) and import (a tournament with its players and rounds).
 */
import { sql, type Kysely } from 'kysely';
import { nameSkeleton } from '../../domain/name-skeleton';
import { normalizeName } from '../../domain/names';
import { snapshotStandings, swissInput } from '../../domain/tournament-admin';
import { isForfeit, makeTrf, NO_TRF_RECORDS, type ResultCode, type Trf, type TrfError } from '../../domain/tournament';
import type { Result } from '../../domain/result-type';
import { DEFAULT_TIE_BREAK_NAMES, type TournamentResult, type TournamentSnapshot } from '../../schema';
import type { Database, UserRow } from '../core/db/types';
import { httpError, uncodedHttpError, ruleHttpError } from '../core/plugins/errors';
import { yieldToEventLoop } from '../core/event-loop';

const SYSTEM: Record<string, string> = {
  swiss: 'Swiss (FIDE Dutch)',
  round_robin: 'ROUND_ROBIN',
  single_elimination: 'SINGLE_ELIMINATION',
  double_elimination: 'DOUBLE_ELIMINATION',
};

/** The longest tournament name and venue (schema/tournaments.ts). */
const TEXT_MAX = 200;

const day = (iso: string) => (iso.length >= 10 ? iso.slice(0, 10).replaceAll('-', '/') : '');

export function exportTrf(snapshot: TournamentSnapshot): string {
  // Only completed rounds: TRF has no code for a game paired but not yet played.
  const sorted = [...snapshot.rounds].sort((a, b) => a.roundNumber - b.roundNumber);
  let last = 0;
  for (const round of sorted) {
    if (round.status !== 'completed') break;
    last = round.roundNumber;
  }
  const input = swissInput(snapshot, last + 1);
  if (!input.ok) throw ruleHttpError(input.error);
  const standings = new Map(snapshotStandings(snapshot).map((row) => [row.userId, row]));
  // Issue 29: the FIDE ID rating officers match players by (the account's federationId).
  const fideIds = new Map(snapshot.registrations.map((entry) => [entry.userId, entry.fideId ?? '']));
  const t = snapshot.tournament;
  const trf: Trf = {
    ...NO_TRF_RECORDS,
    ...input.value.tournament,
    // 192: FIDE's code for the Dutch rules in force (TRF-2026), which bbpPairings 6 reads too;
    // makeTrf writes FIDE_DUTCH_BAKU when the event is Baku-accelerated, 250 records for a custom one.
    system: t.format === 'swiss' ? 'FIDE_DUTCH' : null,
    pairingController: 'Chess Learning App',
    // 222: the encoded time control, seconds plus the increment.
    timeControl: `${t.timeControl.minutes * 60}+${t.timeControl.increment}`,
    totalRounds: Math.max(t.rounds ?? 0, last, 1),
    byes: (t.rounds === null || last < t.rounds) ? input.value.tournament.byes.filter((bye) => bye.type !== 'Z') : [],
    players: input.value.tournament.players.map((player, index) => {
      const userId = input.value.userIdByRank[index] as number;
      const row = standings.get(userId);
      return { ...player, fideId: fideIds.get(userId) ?? '', points: row?.score ?? 0, rank: row?.rank ?? 0 };
    }),
    headers: [
      // Names from the database, however old the row: one line each (makeTrf also sees to it).
      { code: '012', value: normalizeName(t.name, TEXT_MAX) },
      { code: '022', value: normalizeName(t.venue ?? '', TEXT_MAX) },
      { code: '042', value: day(t.startDate) },
      { code: '052', value: day(t.endDate) },
      { code: '062', value: String(input.value.userIdByRank.length) },
      { code: '092', value: SYSTEM[t.format] ?? '' },
      { code: '122', value: `${t.timeControl.minutes}+${t.timeControl.increment}` },
    ],
  };
  return makeTrf(trf);
}

const RESULT: Record<string, TournamentResult> = {
  '1/0': '1-0', '0/1': '0-1', '=/=': '1/2-1/2', '+/-': '+-', '-/+': '-+', '-/-': '--', 'W/L': '1-0', 'L/W': '0-1', 'D/D': '1/2-1/2',
};
const BYE: Partial<Record<ResultCode, 'pairing' | 'full' | 'half'>> = { U: 'pairing', F: 'full', H: 'half' };

/** Rows per insert statement of an import (a few thousand parameters, within both databases' limits). */
const IMPORT_CHUNK = 250;

/** Names already taken by accounts: the same name in any case, or one that looks alike (../auth/users.ts isUsernameTaken). */
interface TakenNames {
  readonly lowered: Set<string>;
  readonly skeletons: Set<string>;
}

/** Adds to `taken` the existing accounts among `names` (one query for a chunk of names). */
async function addExisting(db: Kysely<Database>, names: readonly string[], taken: TakenNames): Promise<void> {
  const rows = await db
    .selectFrom('users')
    .select(['username', 'usernameSkeleton'])
    .where((eb) =>
      eb.or([
        eb(sql<string>`lower(username)`, 'in', names.map((name) => name.toLowerCase())),
        eb('usernameSkeleton', 'in', names.map((name) => nameSkeleton(name))),
      ]),
    )
    .execute();
  for (const row of rows) {
    taken.lowered.add(row.username.toLowerCase());
    taken.skeletons.add(row.usernameSkeleton ?? nameSkeleton(row.username));
  }
}

/**
 * The names of a chunk of imported players' accounts: the file's name (normalised), or with
 * ' #tournament-rank' (then '-2', '-3', …) when an account or an earlier player of the file has
 * that name or one that looks like it (a registered child keeps theirs). Existing accounts are
 * looked up a chunk at a time; `file` holds the names this import already gave.
 */
async function importedUsernames(db: Kysely<Database>, bases: readonly string[], suffixes: readonly string[], file: TakenNames): Promise<string[]> {
  const names = [...bases];
  const tries = bases.map(() => 1);
  let open = bases.map((_, index) => index);
  while (open.length > 0) {
    const existing: TakenNames = { lowered: new Set(), skeletons: new Set() };
    await addExisting(db, open.map((index) => names[index] as string), existing);
    const again: number[] = [];
    for (const index of open) {
      const name = names[index] as string;
      const lowered = name.toLowerCase();
      const skeleton = nameSkeleton(name);
      if (existing.lowered.has(lowered) || existing.skeletons.has(skeleton) || file.lowered.has(lowered) || file.skeletons.has(skeleton)) {
        const n = (tries[index] as number) + 1;
        tries[index] = n;
        const base = bases[index] as string;
        const suffix = suffixes[index] as string;
        names[index] = n === 2 ? `${base} #${suffix}` : `${base} #${suffix}-${n - 1}`;
        again.push(index);
      } else {
        file.lowered.add(lowered);
        file.skeletons.add(skeleton);
      }
    }
    open = again;
  }
  return names;
}

/**
 * Creates a tournament from a read TRF file (tournament-threads.ts reads it off the event loop):
 * its players as accounts that cannot sign in, its rounds with results. One transaction, so a
 * failed import leaves nothing; rows go in by the hundred with the event loop free between
 * statements (issue 18: 9,999 players and 45,000 games held the loop for 8 s one row at a time).
 */
export async function importTrf(
  db: Kysely<Database>,
  user: UserRow,
  parsed: Result<Trf, TrfError>,
  now: Date,
  organizationId: number | null = null,
): Promise<number> {
  if (!parsed.ok) throw uncodedHttpError(400, `Not a readable TRF file: ${parsed.error.message}`);
  const trf = parsed.value;
  if (trf.players.length === 0) throw httpError(400, 'ERR_TRF_NO_PLAYERS');
  let played = 0;
  for (const player of trf.players) played = Math.max(played, player.rounds.length);
  const indexByRank = new Map(trf.players.map((player, index) => [player.startRank, index]));
  const at = now.toISOString();
  return db.transaction().execute(async (trx) => {
    const place = await insertImportedTournament(trx, trf, user, at, played, organizationId);
    const userIds = await importPlayers(trx, trf, place, user, at);
    for (let round = 1; round <= played; round++) {
      await yieldToEventLoop();
      await importRound(trx, trf, round, place, userIds, indexByRank);
    }
    return place.tournamentId;
  });
}

/** Where imported rows go: the new tournament and its one section. */
interface ImportPlace {
  readonly tournamentId: number;
  readonly sectionId: number;
}

async function insertImportedTournament(trx: Kysely<Database>, trf: Trf, user: UserRow, at: string, played: number, organizationId: number | null): Promise<ImportPlace> {
  const header = (code: string) => trf.headers.find((each) => each.code === code)?.value.trim() ?? '';
  const tournament = await trx
    .insertInto('tournaments')
    .values({
      name: normalizeName(header('012'), TEXT_MAX) || 'Imported tournament',
      description: 'Imported from a TRF file',
      venue: normalizeName(header('022'), TEXT_MAX) || null,
      startDate: at,
      endDate: at,
      registrationStartDate: at,
      registrationEndDate: at,
      maxParticipants: null,
      entryFee: 0,
      currency: 'INR',
      format: 'swiss',
      timeControl: JSON.stringify({ type: 'rapid', minutes: 15, increment: 10 }),
      rounds: trf.totalRounds ?? Math.max(played, 1),
      status: played > 0 ? 'in_progress' : 'registration_closed',
      organizerId: user.id,
      organizationId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const tournamentId = tournament.id;
  const section = await trx
    .insertInto('tournamentSections')
    .values({ tournamentId, name: 'Open', rounds: trf.totalRounds, format: 'swiss', tieBreaks: JSON.stringify(DEFAULT_TIE_BREAK_NAMES) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { tournamentId, sectionId: section.id };
}

/** The players as accounts that cannot sign in, each with a confirmed registration; answers their ids in file order. */
async function importPlayers(trx: Kysely<Database>, trf: Trf, { tournamentId, sectionId }: ImportPlace, user: UserRow, at: string): Promise<number[]> {
  const userIds: number[] = [];
  const fileNames: TakenNames = { lowered: new Set(), skeletons: new Set() };
  for (let from = 0; from < trf.players.length; from += IMPORT_CHUNK) {
    await yieldToEventLoop();
    const chunk = trf.players.slice(from, from + IMPORT_CHUNK);
    const usernames = await importedUsernames(
      trx,
      chunk.map((player) => normalizeName(player.name, 40) || `Player ${player.startRank}`),
      chunk.map((player) => `${tournamentId}-${player.startRank}`),
      fileNames,
    );
    const email = (player: (typeof chunk)[number]) => `trf-${tournamentId}-${player.startRank}@import.invalid`;
    const created = await trx
      .insertInto('users')
      .values(
        chunk.map((player, index) => {
          const username = usernames[index] as string;
          return {
            username,
            usernameSkeleton: nameSkeleton(username),
            email: email(player),
            passwordHash: null,
            eloRating: player.rating > 0 ? player.rating : 1200,
            federationId: player.fideId || null,
            createdAt: at,
          };
        }),
      )
      .returning(['id', 'email'])
      .execute();
    const idByEmail = new Map(created.map((row) => [row.email, row.id]));
    const ids = chunk.map((player) => idByEmail.get(email(player)) as number);
    userIds.push(...ids);
    await yieldToEventLoop();
    await trx
      .insertInto('registrations')
      .values(ids.map((userId) => ({ tournamentId, sectionId, userId, registeredBy: user.id, status: 'confirmed', confirmedAt: at, registrationData: JSON.stringify({ lateEntry: null, byes: [] }) })))
      .execute();
  }
  return userIds;
}

/** One round's row and its boards, with results. */
async function importRound(
  trx: Kysely<Database>,
  trf: Trf,
  round: number,
  { tournamentId, sectionId }: ImportPlace,
  userIds: readonly number[],
  indexByRank: ReadonlyMap<number, number>,
): Promise<void> {
  const roundRow = await trx
    .insertInto('rounds')
    .values({ tournamentId, sectionId, roundNumber: round, name: `Round ${round}`, status: 'completed', startTime: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { games, byes } = roundBoards(trf, round, userIds, indexByRank);
  const rows = [
    ...games.map((game, index) => ({
      roundId: roundRow.id, tournamentId, sectionId, boardNumber: index + 1, whitePlayerId: game.white, blackPlayerId: game.black as number | null,
      result: game.result, gameStatus: game.result ? 'completed' : 'scheduled', isBye: 0, byeKind: null as string | null,
    })),
    ...byes.map((bye, index) => ({
      roundId: roundRow.id, tournamentId, sectionId, boardNumber: games.length + index + 1, whitePlayerId: bye.userId, blackPlayerId: null,
      result: null, gameStatus: 'completed', isBye: 1, byeKind: bye.kind as string | null,
    })),
  ];
  await insertPairings(trx, tournamentId, rows);
}

/** The round's games (from White's line) and byes, read from every player's entry. */
function roundBoards(trf: Trf, round: number, userIds: readonly number[], indexByRank: ReadonlyMap<number, number>) {
  const games: { white: number; black: number; result: TournamentResult | null }[] = [];
  const byes: { userId: number; kind: 'pairing' | 'full' | 'half' }[] = [];
  for (const [index, player] of trf.players.entries()) {
    const entry = player.rounds[round - 1];
    if (!entry) continue;
    const white = userIds[index] as number;
    if (entry.opponent === null || entry.opponent === player.startRank) {
      const kind = BYE[entry.result];
      if (kind) byes.push({ userId: white, kind });
      continue;
    }
    if (entry.colour !== 'w') continue;
    const opponentIndex = indexByRank.get(entry.opponent) ?? -1;
    const opponent = trf.players[opponentIndex];
    const black = userIds[opponentIndex];
    if (!opponent || black === undefined) throw httpError(400, 'ERR_TRF_UNKNOWN_OPPONENT', { round, player: player.startRank, opponent: entry.opponent });
    games.push({ white, black, result: RESULT[`${entry.result}/${opponent.rounds[round - 1]?.result ?? ''}`] ?? null });
  }
  return { games, byes };
}

interface ImportedBoard {
  roundId: number;
  tournamentId: number;
  sectionId: number;
  boardNumber: number;
  whitePlayerId: number;
  blackPlayerId: number | null;
  result: TournamentResult | null;
  gameStatus: string;
  isBye: number;
  byeKind: string | null;
}

/** The boards by the hundred, each game's tournament_games row with it. */
async function insertPairings(trx: Kysely<Database>, tournamentId: number, rows: readonly ImportedBoard[]): Promise<void> {
  for (let from = 0; from < rows.length; from += IMPORT_CHUNK) {
    await yieldToEventLoop();
    const chunk = rows.slice(from, from + IMPORT_CHUNK);
    const inserted = await trx.insertInto('pairings').values(chunk).returning(['id', 'boardNumber']).execute();
    const idByBoard = new Map(inserted.map((row) => [row.boardNumber, row.id]));
    const played = chunk.filter((row) => row.isBye === 0);
    if (played.length === 0) continue;
    await trx
      .insertInto('tournamentGames')
      .values(
        played.map((row) => ({
          pairingId: idByBoard.get(row.boardNumber) as number,
          tournamentId,
          whitePlayerId: row.whitePlayerId,
          blackPlayerId: row.blackPlayerId,
          result: row.result,
          resultReason: row.result !== null && isForfeit(row.result) ? 'forfeit' : null,
        })),
      )
      .execute();
  }
}
