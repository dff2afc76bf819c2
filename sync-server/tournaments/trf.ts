/**
 * TRF-16 export (domain/tournament's makeTrf over the snapshot's history, so bbpPairings and
 * Swiss-Manager read it) and import (a tournament with its players and rounds).
 */
import { sql, type Kysely } from 'kysely';
import { snapshotStandings, swissInput } from '../../domain/tournament-admin';
import { makeTrf, parseTrf, type ResultCode, type Trf } from '../../domain/tournament';
import { DEFAULT_TIE_BREAK_NAMES, type TournamentResult, type TournamentSnapshot } from '../../schema';
import type { Database, UserRow } from '../db/types';
import { httpError } from '../plugins/errors';

const SYSTEM: Record<string, string> = {
  swiss: 'FIDE_DUTCH_2026',
  round_robin: 'ROUND_ROBIN',
  single_elimination: 'SINGLE_ELIMINATION',
  double_elimination: 'DOUBLE_ELIMINATION',
};

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
  if (!input.ok) throw httpError(input.error.status, input.error.message);
  const standings = new Map(snapshotStandings(snapshot).map((row) => [row.userId, row]));
  const t = snapshot.tournament;
  const trf: Trf = {
    ...input.value.tournament,
    totalRounds: Math.max(t.rounds ?? 0, last, 1),
    byes: (t.rounds === null || last < t.rounds) ? input.value.tournament.byes.filter((bye) => bye.type !== 'Z') : [],
    players: input.value.tournament.players.map((player, index) => {
      const row = standings.get(input.value.userIdByRank[index] as number);
      return { ...player, points: row?.score ?? 0, rank: row?.rank ?? 0 };
    }),
    headers: [
      { code: '012', value: t.name },
      { code: '022', value: t.venue ?? '' },
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

/** Creates a tournament from a TRF file: its players as accounts that cannot sign in, its rounds with results. */
export async function importTrf(db: Kysely<Database>, user: UserRow, text: string, now: Date): Promise<number> {
  const parsed = parseTrf(text);
  if (!parsed.ok) throw httpError(400, `Not a readable TRF file: ${parsed.error.message}`);
  const trf = parsed.value;
  if (trf.players.length === 0) throw httpError(400, 'The TRF file has no players.');
  const header = (code: string) => trf.headers.find((each) => each.code === code)?.value.trim() ?? '';
  const played = Math.max(0, ...trf.players.map((player) => player.rounds.length));
  const at = now.toISOString();
  const tournament = await db
    .insertInto('tournaments')
    .values({
      name: header('012') || 'Imported tournament',
      description: 'Imported from a TRF file',
      venue: header('022') || null,
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
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const tournamentId = tournament.id;
  const section = await db
    .insertInto('tournamentSections')
    .values({ tournamentId, name: 'Open', rounds: trf.totalRounds, format: 'swiss', tieBreaks: JSON.stringify(DEFAULT_TIE_BREAK_NAMES) })
    .returning('id')
    .executeTakeFirstOrThrow();
  const userIds: number[] = [];
  for (const player of trf.players) {
    const base = (player.name.trim() || `Player ${player.startRank}`).slice(0, 40);
    const taken = await db.selectFrom('users').select('id').where(sql<string>`lower(username)`, '=', base.toLowerCase()).executeTakeFirst();
    const username = taken ? `${base} #${tournamentId}-${player.startRank}` : base;
    const created = await db
      .insertInto('users')
      .values({ username, email: `trf-${tournamentId}-${player.startRank}@import.invalid`, passwordHash: null, eloRating: player.rating > 0 ? player.rating : 1200, federationId: player.fideId || null, createdAt: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    userIds.push(created.id);
    await db.insertInto('registrations').values({ tournamentId, sectionId: section.id, userId: created.id, registeredBy: user.id, status: 'confirmed', confirmedAt: at, registrationData: JSON.stringify({ lateEntry: null, byes: [] }) }).execute();
  }
  for (let round = 1; round <= played; round++) {
    const roundRow = await db
      .insertInto('rounds')
      .values({ tournamentId, sectionId: section.id, roundNumber: round, name: `Round ${round}`, status: 'completed', startTime: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    let board = 0;
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
      const opponentIndex = trf.players.findIndex((each) => each.startRank === entry.opponent);
      const opponent = trf.players[opponentIndex];
      const black = userIds[opponentIndex];
      if (!opponent || black === undefined) throw httpError(400, `Round ${round}: player ${player.startRank} meets unknown player ${entry.opponent}.`);
      const result = RESULT[`${entry.result}/${opponent.rounds[round - 1]?.result ?? ''}`] ?? null;
      const pairing = await db
        .insertInto('pairings')
        .values({ roundId: roundRow.id, tournamentId, sectionId: section.id, boardNumber: ++board, whitePlayerId: white, blackPlayerId: black, result, gameStatus: result ? 'completed' : 'scheduled', isBye: 0 })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db.insertInto('tournamentGames').values({ pairingId: pairing.id, tournamentId, whitePlayerId: white, blackPlayerId: black, result, resultReason: result === '+-' || result === '-+' || result === '--' ? 'forfeit' : null }).execute();
    }
    for (const bye of byes) {
      await db
        .insertInto('pairings')
        .values({ roundId: roundRow.id, tournamentId, sectionId: section.id, boardNumber: ++board, whitePlayerId: bye.userId, blackPlayerId: null, result: null, gameStatus: 'completed', isBye: 1, byeKind: bye.kind })
        .execute();
    }
  }
  return tournamentId;
}
