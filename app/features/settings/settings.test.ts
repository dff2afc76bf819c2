import { describe, expect, it } from 'vitest';
import { DEFAULT_CHESS_SETTINGS, type ChessSettings } from '../../../schema';
import { mergeSettings, parentControlsChanged, parentControlsOutcome, parentMarkFor, withParentControls } from './settings';

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

describe('a parent changing or handing back the controls reaches the device (issue 19)', () => {
  const setAt = '2026-11-23T10:00:00.000Z';
  const mark = { userId: 7, setAt };

  it.each([
    ['no mark, none on the server: nothing to fetch', null, null, false],
    ['no mark, a parent set them: fetch', null, setAt, true],
    ['the same time: nothing to fetch', mark, setAt, false],
    ['a parent changed them again: fetch', mark, '2026-11-24T08:00:00.000Z', true],
    ['handed back or unlinked (null against a mark): fetch', mark, null, true],
    ["another user's mark on a shared device counts as none", { userId: 8, setAt }, null, false],
    ["another user's mark, this user's controls set: fetch", { userId: 8, setAt }, setAt, true],
  ] as const)('%s', (_name, stored, controlsSetAt, changed) => {
    expect(parentControlsChanged(stored, 7, controlsSetAt)).toBe(changed);
  });

  const local: ChessSettings = { ...DEFAULT_CHESS_SETTINGS, dailyPlayTime: 30, hintsEnabled: false, focusMode: true };
  const serverCopy = (controlsSetAt: string | null, settings: ChessSettings) => ({ settings: settings as Required<ChessSettings>, updatedAt: setAt, controlsSetAt });

  it("while a parent's controls stand: the parent's values and a mark that locks Settings", () => {
    const outcome = parentControlsOutcome(7, { ...local, dailyPlayTime: 0 }, serverCopy(setAt, { ...DEFAULT_CHESS_SETTINGS, dailyPlayTime: 30, hintsEnabled: false }));
    expect(outcome.settings).toEqual(local);
    expect(outcome.mark).toEqual(mark);
    expect(parentMarkFor(outcome.mark, 7)).toEqual(mark);
  });

  it('handed back: the values on the device stay, the mark goes, Settings unlocks', () => {
    // The server's copy may be older than a change the child made since (it is pushed as usual).
    const outcome = parentControlsOutcome(7, local, serverCopy(null, { ...DEFAULT_CHESS_SETTINGS, dailyPlayTime: 60 }));
    expect(outcome.settings).toBe(local);
    expect(outcome.mark).toBeNull();
    expect(parentMarkFor(outcome.mark, 7)).toBeNull();
    // A missing controlsSetAt (a server from before issue 19) is the same as none.
    expect(parentControlsOutcome(7, local, { settings: DEFAULT_CHESS_SETTINGS as Required<ChessSettings>, updatedAt: null }).mark).toBeNull();
  });
});
