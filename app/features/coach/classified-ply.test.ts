import { describe, expect, it } from 'vitest';
import { classifiedPly } from './classified-ply';

describe('classifiedPly', () => {
  it.each([
    { moves: 0, mode: 'pvp', color: 'w', ply: null },
    { moves: 3, mode: 'pvp', color: 'w', ply: 2 },
    { moves: 4, mode: 'pvp', color: 'b', ply: 3 },
    { moves: 1, mode: 'pvc', color: 'w', ply: 0 }, // the player's move, before the reply
    { moves: 2, mode: 'pvc', color: 'w', ply: 0 }, // the coach replied: still the player's move
    { moves: 1, mode: 'pvc', color: 'b', ply: null }, // only the coach has moved
    { moves: 2, mode: 'pvc', color: 'b', ply: 1 },
    { moves: 3, mode: 'pvc', color: 'b', ply: 1 },
  ] as const)('$moves moves, $mode as $color -> $ply', ({ moves, mode, color, ply }) => {
    expect(classifiedPly(moves, mode, color)).toBe(ply);
  });
});
