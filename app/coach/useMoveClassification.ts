import { useCallback, useEffect, useMemo, useState } from 'react';
import { replayGame } from '../../domain';
import type { MoveClassification } from '../../schema';
import { createAnalysisCache } from './analysis-cache';
import { getEngine } from '../../worker/client';
import { coachQueue, nextCoachTaskId } from './coach-queue';
import { scheduleCoachWork, searchCap } from './schedule';

export type ClassificationState =
  | { status: 'empty' }
  | { status: 'loading'; ply: number; san: string }
  | { status: 'done'; ply: number; san: string; classification: MoveClassification }
  | { status: 'error'; ply: number; san: string; message: string };

/**
 * Classified moves of this tab, by depth, position and move: undoing and replaying a move does
 * not search again, and the previous move's classification (for 'miss') is usually here already.
 */
const classifications = createAnalysisCache<MoveClassification>({ ttlMs: Number.POSITIVE_INFINITY, maxEntries: 400 });

/** Error catalogue: the reason when there is one, else 'Failed to classify move'. */
export function classifyFailedMessage(error: unknown): string {
  const reason = error instanceof Error ? error.message : '';
  return reason || 'Failed to classify move';
}

interface Target {
  ply: number;
  san: string;
  fenBefore: string;
  history: string[];
  key: string;
  previousKey: string | null;
}

function targetOf(moves: readonly string[], ply: number | null, depth: number, startingFen?: string): Target | null {
  if (ply === null || ply < 0 || ply >= moves.length) return null;
  const before = replayGame(moves.slice(0, ply), startingFen);
  if (!before.ok) return null;
  const game = before.value;
  const fenBefore = game.fen();
  const san = moves[ply]!;
  let previousKey: string | null = null;
  if (ply > 0) {
    const undone = game.undo();
    if (undone) previousKey = `${depth}|${game.fen()}|${undone.san}`;
  }
  return { ply, san, fenBefore, history: moves.slice(0, ply), key: `${depth}|${fenBefore}|${san}`, previousKey };
}

/**
 * The classification of one move of the game (the panel shows the last one, or the player's
 * last one against the computer): searched after the spec's debounce, then kept for the tab.
 */
export function useMoveClassification(
  moves: readonly string[],
  ply: number | null,
  options: { depth: number; wide: boolean; enabled: boolean; startingFen?: string },
): { state: ClassificationState; clearError: () => void } {
  const { depth, wide, enabled, startingFen } = options;
  const target = useMemo(() => targetOf(moves, ply, depth, startingFen), [moves, ply, depth, startingFen]);
  const [result, setResult] = useState<{ key: string; value: ClassificationState } | null>(null);

  useEffect(() => {
    if (!enabled || target === null || classifications.get(target.key)) return;
    let live = true;
    const controller = new AbortController();
    const cancel = scheduleCoachWork(wide, () => {
      setResult({ key: target.key, value: { status: 'loading', ply: target.ply, san: target.san } });
      const taskId = nextCoachTaskId();
      coachQueue
        .run(
          () =>
            getEngine().classifyMove(
              taskId,
              {
                fenBefore: target.fenBefore,
                move: target.san,
                history: target.history,
                previous: target.previousKey === null ? null : (classifications.get(target.previousKey) ?? null),
                depth,
                moveNumber: Math.floor(target.ply / 2) + 1,
              },
              searchCap(wide),
            ),
          { signal: controller.signal, onCancel: () => void getEngine().cancelTask(taskId).catch(() => {}) },
        )
        .then((classification) => {
          classifications.set(target.key, classification);
          if (live) setResult({ key: target.key, value: { status: 'done', ply: target.ply, san: target.san, classification } });
        })
        .catch((error: unknown) => {
          if (!live) return; // cancelled: the position changed
          console.error('Error classifying move:', error);
          setResult({ key: target.key, value: { status: 'error', ply: target.ply, san: target.san, message: classifyFailedMessage(error) } });
        });
    });
    return () => {
      live = false;
      controller.abort();
      cancel();
    };
  }, [target, depth, wide, enabled]);

  const clearError = useCallback(() => setResult((current) => current && { key: current.key, value: { status: 'empty' } }), []);

  if (target === null) return { state: { status: 'empty' }, clearError };
  const cached = classifications.get(target.key);
  if (cached) return { state: { status: 'done', ply: target.ply, san: target.san, classification: cached }, clearError };
  if (result?.key === target.key && result.value.status !== 'loading') return { state: result.value, clearError };
  return { state: { status: 'loading', ply: target.ply, san: target.san }, clearError };
}
