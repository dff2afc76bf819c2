/**
 * Pairings for every format with domain/tournament's engines, and the legality check the server
 * applies to a pairing a device sends (publishPairings). Players are the confirmed registrations;
 * their pairing numbers are by rating (highest first), then name, then user id.
 *
 * - Swiss: FIDE Dutch (pairDutchRound) on the history rebuilt from the snapshot; requested byes
 *   and withdrawals of the round go in as TRF-240 byes, a late entrant's missed rounds as H or Z.
 * - Round robin: Berger tables; a double round robin when the tournament's rounds are twice the
 *   single cycle. With an odd field the Berger bye is a 'pairing' bye worth 0 (FIDE round robin).
 * - Elimination: the bracket's ready matches, after replaying every earlier round's winners.
 */
import { NO_PAIRING_RULES, type BoardByeKind, type ProposedBoard, type RequestedByeKind, type RoundWithPairings, type TournamentResult } from '../../schema';
import { ok, type Result } from '../result-type';
import {
  doubleElimination,
  pairGivingWay,
  roundRobinPairings,
  singleElimination,
  bracketState,
  isForfeit,
  resultPoints,
  type Bracket,
  type BracketResults,
  type AccelerationRecord,
  type Player,
  type ProhibitedPairs,
  type ResultCode,
  type RoundByes,
  type RoundEntry,
  type RoundPairing,
  type Tournament,
} from '../tournament';
import { fail, findRound, isElimination, type AdminError, type Snapshot, failUncoded } from './model';

export interface PairingPlayer {
  readonly userId: number;
  readonly name: string;
  readonly rating: number;
}

/** Everyone who counts in the tournament: confirmed now, or in any published board. */
export function tournamentPlayers(snapshot: Pick<Snapshot, 'registrations' | 'rounds'>): PairingPlayer[] {
  const players = new Map<number, PairingPlayer>();
  for (const entry of snapshot.registrations) {
    if (entry.status === 'confirmed') players.set(entry.userId, { userId: entry.userId, name: entry.userName, rating: entry.userElo ?? 0 });
  }
  for (const round of snapshot.rounds) {
    for (const board of round.pairings) {
      if (!players.has(board.whitePlayerId)) players.set(board.whitePlayerId, { userId: board.whitePlayerId, name: board.whitePlayerName, rating: board.whitePlayerElo ?? 0 });
      if (board.blackPlayerId !== null && !players.has(board.blackPlayerId)) {
        players.set(board.blackPlayerId, { userId: board.blackPlayerId, name: board.blackPlayerName ?? '', rating: board.blackPlayerElo ?? 0 });
      }
    }
  }
  return [...players.values()].sort((a, b) => b.rating - a.rating || a.name.localeCompare(b.name) || a.userId - b.userId);
}

/** Players who may be paired in a round: confirmed, and for a late entrant from their first round on. */
export function eligiblePlayers(snapshot: Snapshot, roundNumber: number): PairingPlayer[] {
  const eligible = new Set(
    snapshot.registrations
      .filter((entry) => entry.status === 'confirmed' && (entry.lateEntry === null || entry.lateEntry.fromRound <= roundNumber))
      .map((entry) => entry.userId),
  );
  return tournamentPlayers(snapshot).filter((player) => eligible.has(player.userId));
}

function requestedByes(snapshot: Snapshot, roundNumber: number): Map<number, RequestedByeKind> {
  const byes = new Map<number, RequestedByeKind>();
  for (const entry of snapshot.registrations) {
    if (entry.status !== 'confirmed') continue;
    const bye = entry.byes.find((each) => each.roundNumber === roundNumber);
    if (bye) byes.set(entry.userId, bye.kind);
  }
  return byes;
}

const completedRounds = (snapshot: Snapshot, before: number) =>
  [...snapshot.rounds].filter((round) => round.roundNumber < before).sort((a, b) => a.roundNumber - b.roundNumber);

/** TRF codes of a result from each side (a game not finished is 'Z' for both), and of each bye kind. */
const WHITE_CODE: Record<TournamentResult, ResultCode> = { '1-0': '1', '0-1': '0', '1/2-1/2': '=', '+-': '+', '-+': '-', '--': '-' };
const BLACK_CODE: Record<TournamentResult, ResultCode> = { '1-0': '0', '0-1': '1', '1/2-1/2': '=', '+-': '-', '-+': '+', '--': '-' };
const BYE_CODE: Record<BoardByeKind, ResultCode> = { pairing: 'U', full: 'F', half: 'H', zero: 'Z' };

/** The Swiss engine's input for pairing `roundNumber`, and the user id of each pairing number (index = rank - 1). */
export function swissInput(snapshot: Snapshot, roundNumber: number): Result<{ tournament: Tournament; userIdByRank: number[] }, AdminError> {
  const players = tournamentPlayers(snapshot);
  const rankOf = new Map(players.map((player, index) => [player.userId, index + 1]));
  const history = completedRounds(snapshot, roundNumber);
  const late = new Map(snapshot.registrations.filter((entry) => entry.lateEntry).map((entry) => [entry.userId, entry.lateEntry]));
  const entries = new Map<number, (RoundEntry | null)[]>(players.map((player) => [player.userId, []]));
  for (const round of history) {
    const seen = new Set<number>();
    for (const board of round.pairings) {
      const white = entries.get(board.whitePlayerId);
      if (!white) continue;
      seen.add(board.whitePlayerId);
      if (board.blackPlayerId === null) {
        white.push({ opponent: null, colour: null, result: BYE_CODE[board.byeKind ?? 'pairing'] });
        continue;
      }
      seen.add(board.blackPlayerId);
      const result = board.gameResult;
      white.push({ opponent: rankOf.get(board.blackPlayerId) ?? null, colour: 'w', result: result === null ? 'Z' : WHITE_CODE[result] });
      entries.get(board.blackPlayerId)?.push({ opponent: rankOf.get(board.whitePlayerId) ?? null, colour: 'b', result: result === null ? 'Z' : BLACK_CODE[result] });
    }
    for (const player of players) {
      if (seen.has(player.userId)) continue;
      const entry = late.get(player.userId);
      const missed: ResultCode = entry && entry.fromRound > round.roundNumber && entry.missedRounds === 'half' ? 'H' : 'Z';
      entries.get(player.userId)?.push({ opponent: null, colour: null, result: missed });
    }
  }
  const eligible = new Set(eligiblePlayers(snapshot, roundNumber).map((player) => player.userId));
  const byes = requestedByes(snapshot, roundNumber);
  const half: number[] = [];
  const zero: number[] = [];
  for (const player of players) {
    const rank = rankOf.get(player.userId) as number;
    if (!eligible.has(player.userId)) zero.push(rank);
    else if (byes.get(player.userId) === 'half') half.push(rank);
    else if (byes.get(player.userId) === 'zero') zero.push(rank);
  }
  const roundByes: RoundByes[] = [];
  if (half.length > 0) roundByes.push({ round: roundNumber, type: 'H', players: half });
  if (zero.length > 0) roundByes.push({ round: roundNumber, type: 'Z', players: zero });
  const tournament: Tournament = {
    players: players.map((player, index): Player => ({
      startRank: index + 1,
      name: player.name,
      rating: player.rating,
      sex: '',
      title: '',
      federation: '',
      fideId: '',
      birthDate: '',
      points: 0,
      rank: 0,
      rounds: entries.get(player.userId) ?? [],
    })),
    totalRounds: Math.max(snapshot.tournament.rounds ?? 0, roundNumber, Math.ceil(Math.log2(Math.max(players.length, 2)))),
    initialColour: 'w',
    forbiddenPairs: [],
    ...pairingRuleRecords(snapshot, players.map((player) => player.userId)),
    byes: roundByes,
  };
  return ok({ tournament, userIdByRank: players.map((player) => player.userId) });
}

/** A player's school or club for keeping schools apart: their account's organization. */
const schoolOf = (snapshot: Pick<Snapshot, 'registrations'>): Map<number, number> =>
  new Map(snapshot.registrations.filter((entry) => entry.organizationId != null).map((entry) => [entry.userId, entry.organizationId as number]));

/**
 * The tournament's pairing rules (issue 29) as the engine's records: Baku, or custom virtual
 * points as 250 records (cut to the players there are); prohibited pairings as 260 records, one
 * per school or club with two players or more for rounds 1..keepApartRounds, one per pair.
 */
export function pairingRuleRecords(
  snapshot: Snapshot,
  userIdByRank: readonly number[],
): { acceleration: Tournament['acceleration']; accelerations: AccelerationRecord[]; prohibitedPairs: ProhibitedPairs[] } {
  const rules = snapshot.tournament.pairingRules ?? NO_PAIRING_RULES;
  const n = userIdByRank.length;
  const accelerations: AccelerationRecord[] =
    rules.acceleration === 'custom'
      ? rules.virtualPoints.filter((v) => v.firstPlayer <= n).map((v) => ({ kind: '250', points: v.points, firstRound: v.firstRound, lastRound: v.lastRound, firstPlayer: v.firstPlayer, lastPlayer: Math.min(v.lastPlayer, n) }))
      : [];
  const rankOf = new Map(userIdByRank.map((userId, index) => [userId, index + 1]));
  const prohibitedPairs: ProhibitedPairs[] = [];
  if (rules.keepApartRounds > 0) {
    const groups = new Map<number, number[]>();
    for (const [userId, school] of schoolOf(snapshot)) {
      const rank = rankOf.get(userId);
      if (rank === undefined) continue;
      groups.set(school, [...(groups.get(school) ?? []), rank]);
    }
    for (const ranks of groups.values()) {
      if (ranks.length >= 2) prohibitedPairs.push({ firstRound: 1, lastRound: rules.keepApartRounds, players: ranks.sort((a, b) => a - b) });
    }
  }
  for (const pair of rules.prohibitedPairs) {
    const a = rankOf.get(pair.userIds[0]);
    const b = rankOf.get(pair.userIds[1]);
    if (a !== undefined && b !== undefined) prohibitedPairs.push({ firstRound: pair.firstRound, lastRound: pair.lastRound, players: [a, b] });
  }
  return { acceleration: rules.acceleration === 'baku' ? 'baku' : 'none', accelerations, prohibitedPairs };
}

export interface RuleConflict {
  readonly boardNumber: number;
  readonly whiteUserId: number;
  readonly blackUserId: number;
  readonly rule: 'school' | 'pair';
}

/**
 * The boards of a round where a prohibited pairing gave way: two players of the same school or
 * club within the first keepApartRounds rounds, or a pair the organiser kept apart for this round.
 */
export function pairingRuleConflicts(
  snapshot: Pick<Snapshot, 'tournament' | 'registrations'>,
  roundNumber: number,
  boards: readonly Pick<ProposedBoard, 'boardNumber' | 'whiteUserId' | 'blackUserId'>[],
): RuleConflict[] {
  const rules = snapshot.tournament.pairingRules ?? NO_PAIRING_RULES;
  const school = schoolOf(snapshot);
  const conflicts: RuleConflict[] = [];
  for (const board of boards) {
    const black = board.blackUserId;
    if (black === null) continue;
    const white = board.whiteUserId;
    const sameSchool = roundNumber <= rules.keepApartRounds && school.has(white) && school.get(white) === school.get(black);
    const keptApart = rules.prohibitedPairs.some(
      (pair) => pair.firstRound <= roundNumber && roundNumber <= pair.lastRound && pair.userIds.includes(white) && pair.userIds.includes(black),
    );
    if (sameSchool || keptApart) conflicts.push({ boardNumber: board.boardNumber, whiteUserId: white, blackUserId: black, rule: keptApart ? 'pair' : 'school' });
  }
  return conflicts;
}

/** The boards of a Swiss round from the engine's pairing: games first, then the pairing bye, then requested byes. */
export function boardsFromRoundPairing(snapshot: Snapshot, pairing: RoundPairing, userIdByRank: readonly number[]): ProposedBoard[] {
  const user = (rank: number) => userIdByRank[rank - 1] as number;
  const boards: ProposedBoard[] = pairing.pairs.map((pair, index) => ({ boardNumber: index + 1, whiteUserId: user(pair.white), blackUserId: user(pair.black), byeKind: null }));
  if (pairing.bye !== null) boards.push({ boardNumber: boards.length + 1, whiteUserId: user(pairing.bye), blackUserId: null, byeKind: 'pairing' });
  const eligible = new Set(eligiblePlayers(snapshot, pairing.round).map((player) => player.userId));
  for (const [userId, kind] of requestedByes(snapshot, pairing.round)) {
    if (eligible.has(userId)) boards.push({ boardNumber: boards.length + 1, whiteUserId: userId, blackUserId: null, byeKind: kind });
  }
  return boards;
}

/** Single cycle length of a round robin of n players. */
const cycleLength = (n: number) => (n % 2 === 0 ? n - 1 : n);

function isDoubleRoundRobin(snapshot: Snapshot, players: number): boolean {
  return snapshot.tournament.rounds !== null && snapshot.tournament.rounds === 2 * cycleLength(players);
}

function roundRobinBoards(snapshot: Snapshot, roundNumber: number): Result<ProposedBoard[], AdminError> {
  const players = roundNumber === 1 ? eligiblePlayers(snapshot, 1) : tournamentPlayers(snapshot);
  const schedule = roundRobinPairings(players.map((player) => player.userId), { cycles: isDoubleRoundRobin(snapshot, players.length) ? 2 : 1 });
  if (!schedule.ok) return fail('ERR_PAIRING_FAILED', 'ERR_ROUND_ROBIN_TOO_FEW');
  const round = schedule.value.find((each) => each.round === roundNumber);
  if (!round) return fail('ERR_PAIRING_FAILED', 'ERR_ROUND_ROBIN_ROUNDS', { players: players.length, rounds: schedule.value.length });
  const boards: ProposedBoard[] = round.pairs.map((pair, index) => ({ boardNumber: index + 1, whiteUserId: pair.white, blackUserId: pair.black, byeKind: null }));
  if (round.bye !== null) boards.push({ boardNumber: boards.length + 1, whiteUserId: round.bye, blackUserId: null, byeKind: 'pairing' });
  return ok(boards);
}

/** The bracket of an elimination event, over the players of round 1 (seeded by rating). */
export function eliminationBracket(snapshot: Snapshot): Result<Bracket, AdminError> {
  const first = findRound(snapshot, 1);
  const seeded = first && first.status !== 'created'
    ? tournamentPlayers(snapshot)
    : eligiblePlayers(snapshot, 1);
  const ids = seeded.map((player) => String(player.userId));
  const bracket = snapshot.tournament.format === 'double_elimination' ? doubleElimination(ids) : singleElimination(ids);
  if (!bracket.ok) return failUncoded('ERR_PAIRING_FAILED', bracket.error.message);
  return ok(bracket.value);
}

/** Who went through on a board: the winner, or after a draw the organiser's choice. */
export function boardWinner(board: RoundWithPairings['pairings'][number]): number | null {
  if (board.blackPlayerId === null) return board.whitePlayerId;
  if (board.gameResult === null) return null;
  const points = resultPoints(board.gameResult);
  if (points.white > points.black) return board.whitePlayerId;
  if (points.black > points.white) return board.blackPlayerId;
  return board.advancesPlayerId;
}

/** The bracket's results replayed from the rounds before `roundNumber`. */
export function eliminationResults(snapshot: Snapshot, bracket: Bracket, roundNumber: number): BracketResults {
  let results: Record<string, string> = {};
  for (const round of completedRounds(snapshot, roundNumber)) {
    const state = bracketState(bracket, results);
    for (const board of round.pairings) {
      if (board.blackPlayerId === null) continue;
      const pair = [String(board.whitePlayerId), String(board.blackPlayerId)];
      const match = state.matches.find((each) => each.status === 'ready' && pair.includes(each.players[0] as string) && pair.includes(each.players[1] as string));
      const winner = boardWinner(board);
      if (match && winner !== null) results = { ...results, [match.match.id]: String(winner) };
    }
  }
  return results;
}

function eliminationBoards(snapshot: Snapshot, roundNumber: number): Result<ProposedBoard[], AdminError> {
  const bracket = eliminationBracket(snapshot);
  if (!bracket.ok) return bracket;
  const state = bracketState(bracket.value, eliminationResults(snapshot, bracket.value, roundNumber));
  if (state.champion !== null) return fail('ERR_PAIRING_FAILED', 'ERR_BRACKET_FINISHED');
  const ready = state.matches.filter((match) => match.status === 'ready');
  if (ready.length === 0) return fail('ERR_PAIRING_FAILED', 'ERR_NO_MATCH_READY');
  return ok(ready.map((match, index) => ({ boardNumber: index + 1, whiteUserId: Number(match.players[0]), blackUserId: Number(match.players[1]), byeKind: null })));
}

/** The pairing of a round for the tournament's format (Swiss runs the Dutch engine here; the app may run it in a worker with swissInput). */
export function generatePairings(snapshot: Snapshot, roundNumber: number): Result<ProposedBoard[], AdminError> {
  switch (snapshot.tournament.format) {
    case 'round_robin':
      return roundRobinBoards(snapshot, roundNumber);
    case 'single_elimination':
    case 'double_elimination':
      return eliminationBoards(snapshot, roundNumber);
    case 'swiss': {
      const input = swissInput(snapshot, roundNumber);
      if (!input.ok) return input;
      // Prohibited pairings give way when no pairing keeps them all (pairingRuleConflicts says where).
      const pairing = pairGivingWay(input.value.tournament);
      if (!pairing.ok) return failUncoded('ERR_PAIRING_FAILED', pairing.error.message);
      return ok(boardsFromRoundPairing(snapshot, pairing.value.pairing, input.value.userIdByRank));
    }
  }
}

const illegal = (message: string) => failUncoded('ERR_ILLEGAL_PAIRING', message);

/** Pairs of players who have met in a played game before this round (forfeits do not count). */
function meetings(snapshot: Snapshot, roundNumber: number): Map<string, number> {
  const met = new Map<string, number>();
  for (const round of completedRounds(snapshot, roundNumber)) {
    for (const board of round.pairings) {
      if (board.blackPlayerId === null || (board.gameResult !== null && isForfeit(board.gameResult))) continue;
      const key = pairKey(board.whitePlayerId, board.blackPlayerId);
      met.set(key, (met.get(key) ?? 0) + 1);
    }
  }
  return met;
}

const pairKey = (a: number, b: number) => (a < b ? `${a}-${b}` : `${b}-${a}`);

/**
 * Whether a pairing may be published for a round: boards numbered 1..n; every eligible player
 * exactly once (Swiss, round robin) or exactly the bracket's ready matches (elimination); no
 * player from outside the field; no rematch in a Swiss or a single round robin (twice at most in
 * a double one); byes only as the rules allow: one pairing-allocated bye, to a player who has not
 * had one (or a forfeit win) before, requested byes exactly to those who asked, no full-point byes.
 */
export function checkPairing(snapshot: Snapshot, roundNumber: number, boards: readonly ProposedBoard[]): Result<true, AdminError> {
  const numbers = boards.map((board) => board.boardNumber).sort((a, b) => a - b);
  if (numbers.some((number, index) => number !== index + 1)) return illegal('Boards must be numbered 1 to ' + boards.length + '.');
  const seen = new Set<number>();
  for (const board of boards) {
    for (const userId of [board.whiteUserId, board.blackUserId]) {
      if (userId === null) continue;
      if (seen.has(userId)) return illegal(`A player is paired more than once (user ${userId}).`);
      seen.add(userId);
    }
    if (board.blackUserId === null && board.byeKind === null) return illegal(`Board ${board.boardNumber} has no opponent and no bye.`);
    if (board.blackUserId !== null && board.byeKind !== null) return illegal(`Board ${board.boardNumber} is a game and a bye at once.`);
    if (board.whiteUserId === board.blackUserId) return illegal(`Board ${board.boardNumber} pairs a player with themself.`);
  }
  if (isElimination(snapshot)) {
    const expected = eliminationBoards(snapshot, roundNumber);
    if (!expected.ok) return expected;
    const want = new Set(expected.value.map((board) => pairKey(board.whiteUserId, board.blackUserId as number)));
    const got = boards.map((board) => (board.blackUserId === null ? 'bye' : pairKey(board.whiteUserId, board.blackUserId)));
    if (got.length !== want.size || got.some((key) => !want.has(key))) return illegal('The pairing is not the bracket\'s matches for this round.');
    return ok(true);
  }
  const eligible = new Set(eligiblePlayers(snapshot, roundNumber).map((player) => player.userId));
  for (const userId of seen) if (!eligible.has(userId)) return illegal(`User ${userId} is not a confirmed player of this round.`);
  for (const userId of eligible) if (!seen.has(userId)) return illegal(`A confirmed player is missing from the pairing (user ${userId}).`);
  const met = meetings(snapshot, roundNumber);
  const double = snapshot.tournament.format === 'round_robin' && isDoubleRoundRobin(snapshot, tournamentPlayers(snapshot).length);
  for (const board of boards) {
    if (board.blackUserId === null) continue;
    const times = met.get(pairKey(board.whiteUserId, board.blackUserId)) ?? 0;
    if (times >= (double ? 2 : 1)) return illegal(`Board ${board.boardNumber} is a rematch.`);
  }
  const requested = snapshot.tournament.format === 'swiss' ? requestedByes(snapshot, roundNumber) : new Map<number, 'half' | 'zero'>();
  const pairingByes = boards.filter((board) => board.byeKind === 'pairing');
  if (pairingByes.length > 1) return illegal('Only one player can get the pairing-allocated bye.');
  if (pairingByes.length === 1 && eligible.size - requested.size === 2 * boards.filter((board) => board.blackUserId !== null).length) {
    return illegal('A pairing-allocated bye is given only when the number of players is odd.');
  }
  for (const board of boards) {
    if (board.byeKind === 'full') return illegal('Full-point byes cannot be given in a pairing.');
    if (board.byeKind === 'half' || board.byeKind === 'zero') {
      if (requested.get(board.whiteUserId) !== board.byeKind) return illegal(`Board ${board.boardNumber} gives a bye that was not requested.`);
    }
    if (board.byeKind === 'pairing' && snapshot.tournament.format === 'swiss' && hadPairingBye(snapshot, roundNumber, board.whiteUserId)) {
      return illegal('A player cannot get a second pairing-allocated bye (or one after a forfeit win).');
    }
  }
  for (const [userId, kind] of requested) {
    if (!eligible.has(userId)) continue;
    const board = boards.find((each) => each.whiteUserId === userId);
    if (!board || board.byeKind !== kind) return illegal(`A requested bye is missing (user ${userId}).`);
  }
  return ok(true);
}

function hadPairingBye(snapshot: Snapshot, roundNumber: number, userId: number): boolean {
  return completedRounds(snapshot, roundNumber).some((round) =>
    round.pairings.some(
      (board) =>
        (board.whitePlayerId === userId && (board.byeKind === 'pairing' || board.byeKind === 'full' || board.gameResult === '+-')) ||
        (board.blackPlayerId === userId && board.gameResult === '-+'),
    ),
  );
}

