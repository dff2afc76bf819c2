/**
 * Real names in a class tournament (issue 19): the server sends a registration's `realName` only
 * to the staff and the students of that player's class (sync-server/classes/class-tournament.ts);
 * where it came, the screens show 'Anna Smith (AnnaS)' instead of the username.
 */
import { normalizeName } from '../../../domain/names';
import type { SnapshotView } from './tournament-snapshot';

/** 'Anna Smith (AnnaS)': the name a class's staff and students see for a child of the class. */
export function playerLabel(username: string, realName: string | undefined): string {
  const real = realName === undefined ? '' : normalizeName(realName);
  return real === '' ? username : `${real} (${username})`;
}

/**
 * The view with real names where the server sent them (only to the classes' staff and students):
 * in the pairings and the standings (and so the crosstable, the print sheets and the projector).
 * Registrations keep their usernames, which the organiser's actions send back.
 */
export function withRealNames<V extends SnapshotView>(view: V): V {
  const names = new Map<number, string>();
  for (const registration of view.registrations) if (registration.realName) names.set(registration.userId, registration.realName);
  if (names.size === 0) return view;
  const label = (userId: number | null, username: string) => (userId === null ? username : playerLabel(username, names.get(userId)));
  return {
    ...view,
    rounds: view.rounds.map((round) => ({
      ...round,
      pairings: round.pairings.map((pairing) => ({
        ...pairing,
        whitePlayerName: label(pairing.whitePlayerId, pairing.whitePlayerName),
        blackPlayerName: pairing.blackPlayerName === null ? null : label(pairing.blackPlayerId, pairing.blackPlayerName),
      })),
    })),
    standings: view.standings.map((row) => ({ ...row, username: label(row.userId, row.username) })),
  };
}
