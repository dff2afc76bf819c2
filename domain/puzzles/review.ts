/**
 * Spaced repetition of the puzzles a student failed and of their own mistakes (issue 21), with
 * FSRS through ts-fsrs (MIT): a failed puzzle becomes a card graded Again; each later try grades
 * it Good when solved cleanly and Again when not, and FSRS schedules the next time it comes
 * back as 'Review'. Pure: the cards are plain values (dates as ISO strings) kept in Dexie.
 */
import { createEmptyCard, fsrs, Rating, type Card, type Grade } from 'ts-fsrs';

export interface ReviewCard {
  /** The trainer puzzle's id, or 'own:<uuid>' for the student's own puzzle. */
  itemId: string;
  due: string;
  stability: number;
  difficulty: number;
  elapsedDays: number;
  scheduledDays: number;
  learningSteps: number;
  reps: number;
  lapses: number;
  state: number;
  lastReview: string | null;
}

// FSRS's defaults (90% retention wanted), short-term steps on (a failed puzzle is back within minutes), no fuzz (tests repeat).
const scheduler = fsrs({ enable_fuzz: false, enable_short_term: true });

const toCard = (card: ReviewCard): Card => ({
  due: new Date(card.due),
  stability: card.stability,
  difficulty: card.difficulty,
  elapsed_days: card.elapsedDays,
  scheduled_days: card.scheduledDays,
  learning_steps: card.learningSteps,
  reps: card.reps,
  lapses: card.lapses,
  state: card.state,
  ...(card.lastReview ? { last_review: new Date(card.lastReview) } : {}),
});

const fromCard = (itemId: string, card: Card): ReviewCard => ({
  itemId,
  due: card.due.toISOString(),
  stability: card.stability,
  difficulty: card.difficulty,
  elapsedDays: card.elapsed_days,
  scheduledDays: card.scheduled_days,
  learningSteps: card.learning_steps,
  reps: card.reps,
  lapses: card.lapses,
  state: card.state,
  lastReview: card.last_review ? card.last_review.toISOString() : null,
});

/** A try at an item: a new card (graded) or the next state of its card. */
export function reviewAfter(card: ReviewCard | null, itemId: string, solved: boolean, now: Date): ReviewCard {
  const grade: Grade = solved ? Rating.Good : Rating.Again;
  const current = card ? toCard(card) : createEmptyCard(now);
  return fromCard(itemId, scheduler.next(current, now, grade).card);
}

/** A card for an item that should come back (a failed puzzle, a mistake from a game): due now. */
export function newReviewCard(itemId: string, now: Date): ReviewCard {
  return fromCard(itemId, createEmptyCard(now));
}

export const isDue = (card: ReviewCard, now: Date): boolean => new Date(card.due).getTime() <= now.getTime();
