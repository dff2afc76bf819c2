import { useEffect, useRef } from 'react';
import { speakWhenReady } from './speech-on-demand';

/** The words load when the first move is announced: off by default, so not on the first visit. */
const loadWords = () => import('./move-announcement');

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
    if (san === undefined) return;
    const mover = moves.length - 1;
    void loadWords().then(({ announceMove, moverOf }) => speakWhenReady(announceMove(san, moverOf(mover))));
  }, [ready, moves, enabled]);
}
