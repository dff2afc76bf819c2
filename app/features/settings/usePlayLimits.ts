/**
 * The settings that act on Play: counts play while a game is under way (and the tab is shown),
 * and answers whether today's limit is reached and whether a break reminder is due. The count
 * lives in Dexie (chess-play-time), so a reload or a second game the same day adds to it; it is
 * the signed-in person's (or the guest's) own.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { breakReminderDue, playTimeStatus } from '../../../domain';
import type { ChessSettings } from '../../../schema';
import { currentUserId, useAuth } from '../auth';
import { readRecord, writeRecord } from '../../shared/db';
import { playTimeRecord, type PlayTime } from './records';
import { countPlay, playedSinceBreak, playedToday, playTimeOf, PLAY_TICK_MS, takeBreak } from './play-limits';

/** While the limit is reached, look again this often, so New Game comes back after midnight. */
const RECHECK_MS = 30_000;

export interface PlayLimits {
  loaded: boolean;
  limitReached: boolean;
  /** Minutes played today (for the notice). */
  playedMinutes: number;
  breakDue: boolean;
  /** The break reminder's button: the interval starts again. */
  tookBreak: () => void;
}

export function usePlayLimits(settings: ChessSettings | undefined, playing: boolean): PlayLimits {
  const [state, setState] = useState<PlayTime | null | undefined>(undefined);
  const stateRef = useRef<PlayTime | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const auth = useAuth();
  const userId = auth.status === 'signedIn' ? auth.user.id : null;

  const store = useCallback((next: PlayTime | null) => {
    stateRef.current = next;
    setState(next);
    setNow(Date.now());
    // Stamped with whoever is playing now (the count is theirs: play-limits.ts playTimeOf).
    if (next !== null) void writeRecord(playTimeRecord, { ...next, userId: currentUserId() });
  }, []);

  useEffect(() => {
    let live = true;
    void readRecord(playTimeRecord).then((stored) => {
      if (!live) return;
      const own = playTimeOf(stored, userId);
      stateRef.current = own;
      setState(own);
    });
    return () => {
      live = false;
    };
  }, [userId]);

  const loaded = state !== undefined;
  useEffect(() => {
    if (!playing || !loaded) return;
    let last = Date.now();
    const timer = window.setInterval(() => {
      const at = Date.now();
      const elapsed = at - last;
      last = at;
      if (document.visibilityState !== 'visible') return;
      store(countPlay(stateRef.current, at, elapsed));
    }, PLAY_TICK_MS);
    return () => window.clearInterval(timer);
  }, [playing, loaded, store]);

  const tookBreak = useCallback(() => store(takeBreak(stateRef.current)), [store]);

  const limit = playTimeStatus(settings?.dailyPlayTime ?? 0, playedToday(state ?? null, now));
  useEffect(() => {
    if (!limit.limitReached) return;
    const timer = window.setInterval(() => setNow(Date.now()), RECHECK_MS);
    return () => window.clearInterval(timer);
  }, [limit.limitReached]);

  return {
    loaded,
    limitReached: loaded && limit.limitReached,
    playedMinutes: Math.floor(playedToday(state ?? null, now) / 60_000),
    breakDue: loaded && breakReminderDue(settings?.breakReminders ?? 0, playedSinceBreak(state ?? null, now)),
    tookBreak,
  };
}
