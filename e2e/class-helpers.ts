/**
 * Steps shared by the class scenarios (issue 19): reading a lesson through as a child does, and a
 * day's play counted on the child's device.
 */
import { expect, type Page } from '@playwright/test';
import { move } from './helpers';

export interface ApiSection {
  type: 'text' | 'interactive';
  content: string | { correctMoves: string[] };
}

export interface ApiLesson {
  id: number;
  title: string;
  content: { sections: ApiSection[] };
}

/** Reads the lesson through to 'Complete Lesson', playing the first right move of each exercise. */
export async function doLesson(page: Page, lesson: ApiLesson): Promise<void> {
  const sections = lesson.content.sections;
  for (const [index, section] of sections.entries()) {
    await expect(page.getByText(`Section ${index + 1} of ${sections.length}`)).toBeVisible();
    if (section.type === 'interactive' && typeof section.content !== 'string') {
      await move(page, section.content.correctMoves[0]!);
      await expect(page.getByText("You've successfully completed this exercise.")).toBeVisible();
    }
    const next = page.getByRole('button', { name: index === sections.length - 1 ? 'Complete Lesson' : 'Next' });
    await expect(next).toBeEnabled();
    await next.click();
  }
}

/** Minutes of play counted on the child's device today (chess-play-time in Dexie), as Play counts them. */
export async function seedPlayTime(page: Page, minutes: number): Promise<void> {
  await page.evaluate(async (playedMs) => {
    const now = new Date();
    const pad = (n: number) => String(n).padStart(2, '0');
    const day = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
    await new Promise<void>((resolve, reject) => {
      const opened = indexedDB.open('chess-learning');
      opened.onerror = () => reject(opened.error);
      opened.onsuccess = () => {
        const tx = opened.result.transaction('records', 'readwrite');
        tx.objectStore('records').put({ key: 'chess-play-time', value: { day, playedMs, sinceBreakMs: 0, lastPlayedAt: Date.now() - 60_000 }, updatedAt: Date.now() });
        tx.oncomplete = () => {
          opened.result.close();
          resolve();
        };
        tx.onerror = () => reject(tx.error);
      };
    });
  }, minutes * 60_000);
}
