import { useEffect, useRef } from 'react';
import { announceMove, moverOf } from './move-announcement';
import { getSpeech } from './speech-service';

/**
 * Settings → Move announcements: each new move on the board, the player's or the computer's, is
 * spoken as it is made. A restored game, an undo or a new game says nothing.
 */
export function useMoveAnnouncements(ready: boolean, moves: readonly string[], enabled: boolean): void {
  const announced = useRef<number | null>(null);
  useEffect(() => {
    if (!ready) return;
    const before = announced.current;
    announced.current = moves.length;
    if (!enabled || before === null || moves.length !== before + 1) return;
    const san = moves[moves.length - 1];
    if (san !== undefined) getSpeech().speak(announceMove(san, moverOf(moves.length - 1)));
  }, [ready, moves, enabled]);
}
