/**
 * Auto-adjust difficulty (Settings → Difficulty Control): after each finished game against the
 * computer, its result is counted at the level it was played at, and with auto-adjust on the
 * computer's level follows the rule in domain/learning/settings-rules.ts. A new level is saved
 * in the settings (and so follows a signed-in student) and announced.
 */
import { useEffect, useRef } from 'react';
import { playerResult, type GameEnd } from '../../../domain';
import type { ChessSettings, Difficulty } from '../../../schema';
import { readRecord, writeRecord } from '../../shared/db';
import { levelResultsRecord } from './records';
import { saveSettings } from './settings';
import { recordComputerGame } from './play-limits';

interface FinishedGame {
  gameId: string | null;
  end: GameEnd | null;
  setup: { gameMode: string; playerColor: 'w' | 'b'; difficulty: Difficulty } | null;
}

export function useAutoAdjust(game: FinishedGame, settings: ChessSettings | undefined, onLevelChange: (level: Difficulty, from: Difficulty) => void): void {
  const latest = useRef({ settings, onLevelChange });
  latest.current = { settings, onLevelChange };
  const { gameId, end, setup } = game;
  const finished = gameId !== null && end !== null && setup !== null && setup.gameMode === 'pvc';

  useEffect(() => {
    if (!finished || gameId === null || end === null || setup === null) return;
    let live = true;
    void (async () => {
      const current = latest.current.settings;
      if (current === undefined) return;
      const stored = await readRecord(levelResultsRecord);
      const outcome = playerResult(end, setup.playerColor);
      const next = recordComputerGame(stored, { gameId, level: setup.difficulty, outcome }, current.autoAdjustDifficulty);
      if (!next.counted || !live) return;
      await writeRecord(levelResultsRecord, next.record);
      // A level a parent chose meanwhile is theirs to keep.
      if (next.level !== setup.difficulty && current.aiDifficulty === setup.difficulty) {
        await saveSettings({ ...current, aiDifficulty: next.level });
        latest.current.onLevelChange(next.level, setup.difficulty);
      }
    })();
    return () => {
      live = false;
    };
    // The game's id and its end say when to count; the rest is read at that moment.
  }, [finished, gameId]); // eslint-disable-line react-hooks/exhaustive-deps
}
