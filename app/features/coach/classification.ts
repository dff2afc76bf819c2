/**
 * The Move Classification panel's work: which move it classifies, the engine work for it, and
 * what the panel shows. Classified moves are kept for the tab, by depth, position and move:
 * undoing and replaying a move does not search again, and the previous move's classification
 * (for 'miss') is usually here already.
 */
import { replayGame } from '../../../domain';
import type { MoveClassification } from '../../../schema';
import type { EngineWork } from '../../../worker/engine-work';
import { createAnalysisCache } from './analysis-cache';
import { failureReason, type EngineWorkState } from './useEngineWork';

export const classifications = createAnalysisCache<MoveClassification>({ ttlMs: Number.POSITIVE_INFINITY, maxEntries: 400 });

export type ClassificationState =
  | { status: 'empty' }
  | { status: 'loading'; ply: number; san: string }
  | { status: 'done'; ply: number; san: string; classification: MoveClassification }
  /** `reason`: the failure's own words, '' without them (the panel then says 'Failed to classify move'). */
  | { status: 'error'; ply: number; san: string; reason: string };

export interface ClassificationTarget {
  ply: number;
  san: string;
  fenBefore: string;
  history: string[];
  /** The cache key: depth, position and move. */
  key: string;
  previousKey: string | null;
}

/** The move at `ply` of the game, or null when there is none. */
export function classificationTarget(moves: readonly string[], ply: number | null, depth: number, startingFen?: string): ClassificationTarget | null {
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

export function classificationWork(target: ClassificationTarget, depth: number, movetimeCapMs: number): EngineWork & { kind: 'classification' } {
  return {
    kind: 'classification',
    input: {
      fenBefore: target.fenBefore,
      move: target.san,
      history: target.history,
      previous: target.previousKey === null ? null : (classifications.get(target.previousKey) ?? null),
      depth,
      moveNumber: Math.floor(target.ply / 2) + 1,
    },
    movetimeCapMs,
  };
}

/** What the panel shows of the work; a dismissed error shows as nothing. */
export function classificationState(target: ClassificationTarget | null, work: EngineWorkState<'classification'>, dismissed: boolean): ClassificationState {
  if (target === null) return { status: 'empty' };
  const { ply, san } = target;
  if (work.status === 'done') return { status: 'done', ply, san, classification: work.result };
  if (work.status === 'failed') return dismissed ? { status: 'empty' } : { status: 'error', ply, san, reason: failureReason(work.error) };
  return { status: 'loading', ply, san };
}
