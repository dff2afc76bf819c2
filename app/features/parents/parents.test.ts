import { describe, expect, it } from 'vitest';
import { mutationSchema, type LinkedChild } from '../../../schema';
import { MUTATION_VIEWS, viewOf } from '../../shared/components/refused-mutations';
import { changeChild, handedBack } from './parents';

const child = (userId: number, controlsSetAt: string | null): LinkedChild => ({
  userId,
  username: `Child${userId}`,
  realName: null,
  rating: 1200,
  lessonsCompleted: 0,
  puzzlesSolved: 0,
  gamesPlayed: 0,
  recentGames: [],
  playedGames: [],
  controls: { dailyPlayTime: 30, breakReminders: 15, hintsEnabled: false, difficulty: 'beginner' },
  controlsSetAt,
});

describe("the parent's stored /children list, changed at once (issue 19)", () => {
  const setAt = '2026-11-23T10:00:00.000Z';
  const list = [child(1, setAt), child(2, setAt)];

  it('a hand-back clears the mark of that child only and keeps the values', () => {
    const next = changeChild(list, 2, handedBack);
    expect(next.map((each) => each.controlsSetAt)).toEqual([setAt, null]);
    expect(next[1]?.controls).toEqual(list[1]?.controls);
  });

  it('an unlinked child leaves the list; an unknown one changes nothing', () => {
    expect(changeChild(list, 1, () => null).map((each) => each.userId)).toEqual([2]);
    expect(changeChild(list, 3, () => null)).toEqual(list);
  });
});

describe('the mutations', () => {
  it('take a child id only', () => {
    for (const name of ['releaseChildControls', 'unlinkChild']) {
      expect(mutationSchema.safeParse({ id: 1, name, args: { childId: 4 } }).success).toBe(true);
      for (const args of [{}, { childId: 0 }, { childId: 'x' }, { childId: 4, parentId: 2 }]) expect(mutationSchema.safeParse({ id: 1, name, args }).success).toBe(false);
    }
  });

  it('a refused one reads in plain words and leads back to /children', () => {
    expect(viewOf('releaseChildControls', { childId: 4 })).toMatchObject({ title: "Child's controls not handed back" });
    expect(viewOf('unlinkChild', { childId: 4 })).toMatchObject({ title: 'Child not unlinked' });
    expect(MUTATION_VIEWS.releaseChildControls?.editPath?.({ childId: 4 })).toBe('/children');
    expect(MUTATION_VIEWS.unlinkChild?.editPath?.({ childId: 4 })).toBe('/children');
  });
});
