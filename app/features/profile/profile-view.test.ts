import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { listFrom, positionBadge, roleBadges } from './profile-view';

describe('roleBadges', () => {
  it.each([
    ['student', [], ['student']],
    ['student', ['teacher', 'coach'], ['student', 'teacher', 'coach']],
    ['super_admin', ['organizer'], ['admin', 'organizer']],
    ['parent', ['parent', 'unknown'], ['parent']],
  ])('%s with %j', (primaryRole, roles, badges) => {
    expect(roleBadges({ primaryRole, roles })).toEqual(badges);
  });
});

describe('positionBadge', () => {
  it.each([
    [null, null],
    [0, null],
    [1, 3],
    [3, 3],
    [4, 10],
    [10, 10],
    [11, null],
  ])('position %s', (position, top) => {
    expect(positionBadge(position)?.top ?? null).toBe(top);
  });
});

describe('listFrom', () => {
  const item = z.object({ id: z.number() });
  it.each([
    ['a bare array', [{ id: 1 }, { id: 2 }], [1, 2]],
    ['a wrapped array', { games: [{ id: 3 }] }, [3]],
    ['invalid items dropped', [{ id: 1 }, { id: 'x' }], [1]],
    ['not a list', 'nope', []],
    ['null', null, []],
  ])('%s', (_name, body, ids) => {
    expect(listFrom(body, item).map((entry) => entry.id)).toEqual(ids);
  });
});
