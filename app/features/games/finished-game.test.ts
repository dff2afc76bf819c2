import { describe, expect, it } from 'vitest';
import { saveGameArgsSchema } from '../../../schema';
import { finishedResult, type GameSnapshot } from './finished-game';
import { saveGameArgs } from './game-handoff';

const GAME_ID = '4b0c6a52-3d7e-4a51-9f0e-2f8f3e1c9a10';
const start = Date.UTC(2026, 0, 1, 10, 0, 0);
const snapshot = (patch: Partial<GameSnapshot> = {}): GameSnapshot => ({
  gameId: GAME_ID,
  moves: ['f3', 'e5', 'g4', 'Qh4#'],
  startedAt: start,
  setup: { gameMode: 'pvp', playerColor: 'w', difficulty: 'beginner' },
  end: { reason: 'checkmate', winner: 'b' },
  computerFailed: false,
  ...patch,
});

describe('finishedResult', () => {
  it.each([
    ["fool's mate as White", snapshot(), 'loss'],
    ["fool's mate as Black", snapshot({ setup: { gameMode: 'pvp', playerColor: 'b', difficulty: 'beginner' } }), 'win'],
    ['a stalemate', snapshot({ end: { reason: 'stalemate', winner: null } }), 'draw'],
    ['the computer failed', snapshot({ end: null, computerFailed: true }), 'abandoned'],
    ['a game going on', snapshot({ end: null }), null],
    ['no setup yet', snapshot({ setup: null }), null],
  ] as const)('%s', (_name, game, result) => {
    expect(finishedResult(game)).toBe(result);
  });
});

describe('saveGameArgs', () => {
  it('builds the spec payload for a game between two players', () => {
    const args = saveGameArgs(snapshot(), 'loss', new Date(start + 83_400));
    expect(args).toEqual({
      gameId: GAME_ID,
      finishedAt: '2026-01-01T10:01:23.400Z',
      game: { opponent: 'Human Player', result: 'loss', moves: ['f3', 'e5', 'g4', 'Qh4#'], gameMode: 'pvp', playerColor: 'white', gameDurationSeconds: 83 },
    });
    expect(saveGameArgsSchema.safeParse(args).success).toBe(true);
  });

  it('names the computer and its difficulty in pvc', () => {
    const args = saveGameArgs(snapshot({ setup: { gameMode: 'pvc', playerColor: 'b', difficulty: 'advanced' } }), 'abandoned', new Date(start));
    expect(args?.game).toMatchObject({ opponent: 'Computer', difficulty: 'advanced', playerColor: 'black', result: 'abandoned', gameDurationSeconds: 0 });
    expect(saveGameArgsSchema.safeParse(args).success).toBe(true);
  });

  it.each([
    ['no game id', snapshot({ gameId: null })],
    ['no start time (spec: saving is skipped)', snapshot({ startedAt: null })],
    ['no moves', snapshot({ moves: [] })],
    ['no setup', snapshot({ setup: null })],
  ])('saves nothing with %s', (_name, game) => {
    expect(saveGameArgs(game, 'draw', new Date(start))).toBeNull();
  });

  it('never reports a negative duration when the clock went back', () => {
    expect(saveGameArgs(snapshot(), 'loss', new Date(start - 5000))?.game.gameDurationSeconds).toBe(0);
  });
});
