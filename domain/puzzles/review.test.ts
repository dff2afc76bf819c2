import { describe, expect, it } from 'vitest';
import { isDue, newReviewCard, reviewAfter } from './review';

describe('spaced repetition (FSRS)', () => {
  const now = new Date('2026-11-24T10:00:00.000Z');
  it('brings a failed puzzle back soon, and a solved one later each time', () => {
    const failed = reviewAfter(null, 'lichess:02CfV', false, now);
    expect(isDue(failed, now)).toBe(false);
    const back = new Date(failed.due);
    expect(back.getTime() - now.getTime()).toBeLessThanOrEqual(10 * 60_000);
    expect(isDue(failed, back)).toBe(true);
    const solved = reviewAfter(failed, 'lichess:02CfV', true, back);
    const again = reviewAfter(solved, 'lichess:02CfV', true, new Date(solved.due));
    const gap1 = new Date(solved.due).getTime() - back.getTime();
    const gap2 = new Date(again.due).getTime() - new Date(solved.due).getTime();
    expect(gap2).toBeGreaterThan(gap1);
    const lapsed = reviewAfter(again, 'lichess:02CfV', false, new Date(again.due));
    expect(lapsed.lapses).toBe(1);
  });

  it('makes a new card due at once', () => {
    expect(isDue(newReviewCard('own:x', now), now)).toBe(true);
  });
});
