import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createRound, enterResult, generatePairings, publishPairings, startRound, type Snapshot } from '../../domain/tournament-admin';
import { context, makeSnapshot, registration, value } from '../../domain/tournament-admin/fixtures';
import { parseTrf } from '../../domain/tournament';
import { exportTrf } from './trf';

/** bbpPairings (built outside the repo): BBP_PAIRINGS, or the oracle build on the lead's machine. */
const BBP = process.env.BBP_PAIRINGS ?? '/work/oracle/bbp/bbpPairings.exe';

function played(players: number, rounds: number, seed: number, rules?: Snapshot['tournament']['pairingRules']): Snapshot {
  const ctx = context();
  let snapshot = makeSnapshot({ players, rounds });
  // Issue 29: pairing rules, and three schools for keeping schools apart.
  if (rules) snapshot = { ...snapshot, tournament: { ...snapshot.tournament, pairingRules: rules }, registrations: snapshot.registrations.map((entry, index) => ({ ...entry, organizationId: 100 + (index % 3) })) };
  // Ratings with ties and gaps, a late entrant and a requested bye, so the check has work to do.
  snapshot = { ...snapshot, registrations: snapshot.registrations.map((entry, index) => ({ ...entry, userElo: 1500 + ((index * 37 + seed) % 11) * 20, byes: index === 3 ? [{ roundNumber: 2, kind: 'half' as const }] : [] })) };
  for (let round = 1; round <= rounds; round++) {
    snapshot = value(createRound(snapshot, { roundNumber: round, name: `Round ${round}`, startTime: null }, ctx));
    const boards = generatePairings(snapshot, round);
    if (!boards.ok) throw new Error(boards.error.message);
    snapshot = value(startRound(value(publishPairings(snapshot, { roundNumber: round, boards: boards.value }, ctx)), { roundNumber: round }, ctx));
    for (const board of boards.value) {
      if (board.blackUserId === null) continue;
      // Now and then a forfeit: a game not played over the board, so the two may meet again (C.04.1, as bbpPairings).
      const result = (['1-0', '0-1', '1/2-1/2', '1-0', '0-1', '+-', '1/2-1/2'] as const)[(board.boardNumber * 7 + round + seed) % 7] ?? '1-0';
      snapshot = value(enterResult(snapshot, { roundNumber: round, boardNumber: board.boardNumber, whiteUserId: board.whiteUserId, blackUserId: board.blackUserId, result, resultReason: null }, ctx));
    }
    // (Not with pairing rules: a late entrant changes who is in Baku's top half after the fact.)
    if (round === 2 && !rules) snapshot = { ...snapshot, registrations: [...snapshot.registrations, { ...registration(99, 'confirmed'), lateEntry: { fromRound: 3, missedRounds: 'zero' } }] };
  }
  return snapshot;
}

describe('TRF export', () => {
  it('reads back with every player and round', () => {
    const trf = exportTrf(played(9, 5, 1));
    const parsed = parseTrf(trf);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.value.players).toHaveLength(10);
    expect(Math.max(...parsed.value.players.map((player) => player.rounds.length))).toBe(5);
  });

  it.runIf(existsSync(BBP)).each([
    [9, 5, 1],
    [14, 6, 2],
    [21, 7, 3],
    [40, 8, 6],
  ])('%i players, %i rounds: bbpPairings --dutch -c accepts every pairing', async (players, rounds, seed) => {
    const dir = await mkdtemp(join(tmpdir(), 'trf-'));
    try {
      const file = join(dir, 'event.trf');
      await writeFile(file, exportTrf(played(players, rounds, seed)));
      // bbpPairings exits 0 either way; a round whose pairing differs from its own is printed
      // as a 'Checker pairings / Tournament pairings' table (checked by hand with a swapped board).
      const run = spawnSync(BBP, ['--dutch', file, '-c'], { encoding: 'utf8' });
      expect(run.status).toBe(0);
      expect(`${run.stdout}${run.stderr}`).not.toMatch(/Checker pairings|error|invalid/i);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  // Issue 29: the TRF-2026 export of an accelerated event with schools kept apart (192
  // FIDE_DUTCH_BAKU or 250 records, 260 records), re-paired round by round by bbpPairings.
  it.runIf(existsSync(BBP)).each([
    ['Baku, schools apart for 2 rounds', 16, 6, 4, { acceleration: 'baku', virtualPoints: [], keepApartRounds: 2, prohibitedPairs: [] }],
    ['custom 250 records, schools apart for 3 rounds', 24, 7, 5, { acceleration: 'custom', virtualPoints: [{ points: 1, firstRound: 1, lastRound: 2, firstPlayer: 1, lastPlayer: 8 }, { points: 0.5, firstRound: 3, lastRound: 3, firstPlayer: 1, lastPlayer: 8 }], keepApartRounds: 3, prohibitedPairs: [] }],
  ] as const)('%s: bbpPairings --dutch -c accepts every pairing', async (_name, players, rounds, seed, rules) => {
    const dir = await mkdtemp(join(tmpdir(), 'trf-'));
    try {
      const file = join(dir, 'event.trf');
      const text = exportTrf(played(players, rounds, seed, { ...rules, virtualPoints: [...rules.virtualPoints], prohibitedPairs: [] }));
      expect(text).toMatch(/^260 /m);
      expect(text).toMatch(rules.acceleration === 'baku' ? /^192 FIDE_DUTCH_BAKU\r$/m : /^250 /m);
      await writeFile(file, text);
      const run = spawnSync(BBP, ['--dutch', file, '-c'], { encoding: 'utf8' });
      expect(run.status, run.stderr).toBe(0);
      expect(`${run.stdout}${run.stderr}`).not.toMatch(/Checker pairings|error|invalid/i);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
