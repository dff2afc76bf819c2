/**
 * The onboarding assessment's data: the puzzles (kept in Dexie, so the assessment works offline
 * once loaded), each attempt and the completion as outbox mutations. The starting rating is the
 * server's (domain/learning/assessment.ts over the attempts it checked); the same maths here gives
 * the figure shown at once, which the next sync replaces with the server's.
 */
import { z } from 'zod';
import { assessmentRating, attemptFromMoves } from '../../../domain';
import { onboardingPuzzleSchema, accountPaths, apiPath, type OnboardingPuzzle } from '../../../schema';
import { getAuthState, setSignedIn } from '../auth';
import { useCachedPage, type CachedLoad } from '../../shared/cached-page';
import { enqueue } from '../../shared/outbox';
import { useContentLanguageQuery } from '../../shared/i18n';

export function usePuzzles(): CachedLoad<OnboardingPuzzle[]> {
  return useCachedPage('onboarding:puzzles', apiPath(accountPaths.assessmentPuzzles, {}, useContentLanguageQuery()), z.array(onboardingPuzzleSchema));
}

export interface PuzzleAttempt {
  puzzle: OnboardingPuzzle;
  solved: boolean;
  timeSpent: number;
  attemptedMoves: { from: string; to: string }[];
}

export async function recordAttempt(userId: number, attempt: PuzzleAttempt): Promise<void> {
  await enqueue(userId, 'recordPuzzleAttempt', {
    puzzleId: attempt.puzzle.id,
    solved: attempt.solved,
    timeSpent: Math.round(attempt.timeSpent),
    attemptedMoves: attempt.attemptedMoves.slice(0, 200),
    attemptedAt: new Date().toISOString(),
  });
}

/**
 * Queues the completion and lets the user in at once, with the rating the attempts give (the
 * server's own figure arrives with the next sync). Answers that rating.
 */
export async function finishAssessment(userId: number, attempts: readonly PuzzleAttempt[]): Promise<number> {
  await enqueue(userId, 'completeOnboarding', { completedAt: new Date().toISOString() }, { once: `onboarding:${userId}` });
  const rating = assessmentRating(attempts.map((a) => attemptFromMoves(a.puzzle, a)));
  const auth = getAuthState();
  if (auth.status === 'signedIn' && auth.user.id === userId) await setSignedIn({ ...auth.user, onboardingCompleted: true, eloRating: rating });
  return rating;
}
