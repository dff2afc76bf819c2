import { describe, expect, it } from 'vitest';
import { DEFAULT_CHESS_SETTINGS, type ChessSettings } from '../../schema';
import { mergeSettings, withParentControls } from './settings';

const server = (updatedAt: string | null) => ({ settings: DEFAULT_CHESS_SETTINGS as Required<typeof DEFAULT_CHESS_SETTINGS>, updatedAt });

describe('mergeSettings (newest updatedAt wins)', () => {
  const t = Date.parse('2026-11-23T10:00:00.000Z');

  it('adopts the server’s settings when they are newer, or this device never stored any', () => {
    expect(mergeSettings(t, server('2026-11-23T10:00:01.000Z'))).toBe('adopt');
    expect(mergeSettings(0, server('2026-11-23T10:00:00.000Z'))).toBe('adopt');
  });

  it('sends this device’s settings when they are newer, or the server has none', () => {
    expect(mergeSettings(t + 1, server('2026-11-23T10:00:00.000Z'))).toBe('push');
    expect(mergeSettings(t, server(null))).toBe('push');
  });

  it('keeps things as they are when both are the same moment, or neither side has any', () => {
    expect(mergeSettings(t, server('2026-11-23T10:00:00.000Z'))).toBe('keep');
    expect(mergeSettings(0, server(null))).toBe('keep');
  });

  it('adopts the user’s stored settings over ones another user (or a guest) left on a shared device', () => {
    expect(mergeSettings(t + 1, server('2026-11-23T10:00:00.000Z'), false)).toBe('adopt');
    expect(mergeSettings(t, server(null), false)).toBe('push');
  });
});

describe('withParentControls (issue 19: a parent set the controls)', () => {
  const local: ChessSettings = { ...DEFAULT_CHESS_SETTINGS, dailyPlayTime: 0, focusMode: true, aiDifficulty: 'advanced' };
  it.each([
    ['the same controls: nothing to write', { ...DEFAULT_CHESS_SETTINGS, dailyPlayTime: 0, gameMode: 'pvp' }, local],
    [
      "the parent's limit and hints; the child's own focus mode and computer level stay",
      { ...DEFAULT_CHESS_SETTINGS, dailyPlayTime: 30, hintsEnabled: false, focusMode: false, aiDifficulty: 'beginner' },
      { ...local, dailyPlayTime: 30, hintsEnabled: false },
    ],
    [
      'a new learning level brings the computer to it',
      { ...DEFAULT_CHESS_SETTINGS, dailyPlayTime: 0, difficulty: 'intermediate', aiDifficulty: 'intermediate' },
      { ...local, difficulty: 'intermediate', aiDifficulty: 'intermediate' },
    ],
  ] as const)('%s', (_name, server, expected) => {
    const next = withParentControls(local, server as ChessSettings);
    expect(next).toEqual(expected);
    if (expected === local) expect(next).toBe(local);
  });
});
