import { describe, expect, it } from 'vitest';
import { playerLabel, withRealNames } from './real-names';
import { snapshotView } from './tournament-snapshot';
import { makeSnapshot, registration } from '../../../domain/tournament-admin/fixtures';

describe('playerLabel', () => {
  it.each([
    ['AnnaS', 'Anna Smith', 'Anna Smith (AnnaS)'],
    ['AnnaS', undefined, 'AnnaS'],
    ['AnnaS', '  ', 'AnnaS'],
    ['AnnaS', 'Anna\u202EHtims', 'AnnaHtims (AnnaS)'],
  ])('%s with %s reads %s', (username, realName, label) => {
    expect(playerLabel(username, realName)).toBe(label);
  });
});

describe('withRealNames', () => {
  const board = (white: number, black: number) => ({
    id: white, gameId: white, boardNumber: 1, whitePlayerId: white, whitePlayerName: `Player 0${white}`, whitePlayerElo: null,
    blackPlayerId: black, blackPlayerName: `Player 0${black}`, blackPlayerElo: null, gameResult: null, resultReason: null,
    gameStatus: 'scheduled' as const, gameDuration: null, isBye: false, byeKind: null, advancesPlayerId: null,
  });
  const snapshot = () => {
    const made = makeSnapshot({ status: 'in_progress' });
    made.registrations = [{ ...registration(1, 'confirmed'), realName: 'Anna Smith' }, registration(2, 'confirmed')];
    made.rounds = [{ id: 1, roundNumber: 1, name: 'Round 1', status: 'in_progress', gamesCount: 1, completedGames: 0, startTime: null, pairings: [board(1, 2)] }];
    return made;
  };

  it('shows the real names the server sent in the pairings and the standings, and keeps the registrations’ usernames', () => {
    const view = withRealNames(snapshotView(snapshot()));
    expect(view.rounds[0]?.pairings[0]).toMatchObject({ whitePlayerName: 'Anna Smith (Player 01)', blackPlayerName: 'Player 02' });
    expect(view.standings.map((row) => row.username).sort()).toEqual(['Anna Smith (Player 01)', 'Player 02']);
    expect(view.registrations.map((row) => row.userName)).toEqual(['Player 01', 'Player 02']);
  });

  it('changes nothing without real names (everyone outside the classes)', () => {
    const plain = snapshot();
    plain.registrations = plain.registrations.map(({ realName: _realName, ...rest }) => rest);
    const view = snapshotView(plain);
    expect(withRealNames(view)).toBe(view);
  });
});
