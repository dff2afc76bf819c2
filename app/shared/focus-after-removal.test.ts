import { describe, expect, it } from 'vitest';
import { pickNeighbour } from './focus-after-removal';

describe('pickNeighbour: where focus goes when the opener\'s row is removed', () => {
  it.each([
    { why: 'a middle row: the next row\'s button', controls: ['a', 'b', 'c'], opener: 'b', focus: 'c' },
    { why: 'the first row: the next', controls: ['a', 'b', 'c'], opener: 'a', focus: 'b' },
    { why: 'the last row: the previous', controls: ['a', 'b', 'c'], opener: 'c', focus: 'b' },
    { why: 'the only row: none (the list\'s heading)', controls: ['a'], opener: 'a', focus: null },
    { why: 'an opener not in the list: none', controls: ['a', 'b'], opener: 'x', focus: null },
  ])('$why', ({ controls, opener, focus }) => {
    expect(pickNeighbour(controls, opener)).toBe(focus);
  });
});
