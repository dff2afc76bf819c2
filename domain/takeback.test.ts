import { describe, expect, it } from 'vitest';
import { movesToUndo } from './takeback';

describe('movesToUndo', () => {
  it.each([
    // [moves made, mode, player colour, expected, situation]
    [0, 'pvp', 'w', 0, 'nothing to undo'],
    [1, 'pvp', 'w', 1, 'two players: one move'],
    [6, 'pvp', 'b', 1, 'two players: one move whatever the colour'],
    [2, 'pvc', 'w', 2, "white player: the computer's reply and the player's move"],
    [1, 'pvc', 'w', 1, 'white player, computer still to reply (after game over): the player move'],
    [3, 'pvc', 'w', 1, "white player who just moved and mated: the player's move"],
    [1, 'pvc', 'b', 0, 'black player: only the computer has moved'],
    [2, 'pvc', 'b', 1, "black player who just moved: the player's move"],
    [3, 'pvc', 'b', 2, "black player: the computer's reply and the player's move"],
  ] as const)('%i moves, %s, player %s: %i (%s)', (moves, mode, color, expected, _situation) => {
    expect(movesToUndo(moves, mode, color)).toBe(expected);
  });

  it('counts from the side that moved first in a set-up position', () => {
    expect(movesToUndo(1, 'pvc', 'b', 'b')).toBe(1);
    expect(movesToUndo(2, 'pvc', 'b', 'b')).toBe(2);
  });
});
