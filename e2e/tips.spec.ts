import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { navigateTo, registerAndStart } from './helpers';

/**
 * Tips as a student uses them (play spec section 2, Tips): today's tip, bookmark, rate and
 * complete it and see the stats change; the categories with their 200-character cut; the
 * bookmarks; and the tips with the network off after one visit.
 */

const stat = (page: Page, label: string) => page.getByTestId(`tip-stat-${label}`);

async function openTab(page: Page, name: string): Promise<void> {
  await page.getByRole('tab', { name }).click();
  await expect(page.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
}

test("today's tip: bookmark, rate, complete, and the stats change", { tag: '@phone' }, async ({ page }) => {
  await registerAndStart(page);
  await navigateTo(page, 'Tips');
  await expect(page.getByRole('heading', { name: 'Chess Tips' })).toBeVisible();

  await openTab(page, 'Progress');
  await expect(page.getByRole('heading', { name: 'Start Your Learning Journey' }).or(stat(page, 'Tips viewed'))).toBeVisible();
  await expectAccessible(page, 'tips: progress tab');

  await openTab(page, "Today's Tip");
  const tip = page.getByRole('article');
  await expect(tip).toHaveCount(1);
  const title = (await tip.getByRole('heading').textContent())!;
  await expect(tip.getByText(/\d+ s read/)).toBeVisible();
  await expectAccessible(page, "tips: today's tip");

  await tip.getByRole('button', { name: 'Bookmark' }).click();
  await expect(tip.getByRole('button', { name: 'Bookmarked' })).toHaveAttribute('aria-pressed', 'true');
  // The spec's success toasts (issue 20).
  await expect(page.getByText('Saved!', { exact: true })).toBeVisible();
  await tip.getByRole('radio', { name: '4' }).check();
  await expect(tip.getByRole('radio', { name: '4' })).toBeChecked();
  await expect(page.getByText('Thanks!', { exact: true })).toBeVisible();
  await tip.getByRole('button', { name: 'Mark Complete' }).click();
  await expect(page.getByText('Great job!', { exact: true })).toBeVisible();
  await expect(tip.getByRole('button', { name: 'Mark Complete' })).toHaveCount(0);
  await expect(tip.getByText('Completed', { exact: true })).toBeVisible();

  // The stats come from the server once the changes are pushed.
  await openTab(page, 'Progress');
  await expect(stat(page, 'Tips completed')).toHaveText('1');
  await expect(stat(page, 'Bookmarked')).toHaveText('1');
  await expect(stat(page, 'Tips viewed')).toHaveText('1');
  await expect(stat(page, 'Completion rate')).toHaveText('100%');
  await expect(stat(page, 'Day streak')).toHaveText('1');

  // Explore, All: the bookmark is listed.
  await openTab(page, 'Explore');
  await expect(page.getByRole('heading', { name: 'Bookmarked tips' })).toBeVisible();
  await expect(page.getByRole('article').getByRole('heading', { name: title })).toBeVisible();
  // The server kept the rating.
  const stored = (await (await page.request.get('/api/tips')).json()) as { title: string; progress: { rating: number | null; completed: boolean; bookmarked: boolean } }[];
  expect(stored.find((t) => t.title === title)?.progress).toEqual({ completed: true, bookmarked: true, rating: 4 });
});

test('explore: categories cut at 200 characters, empty bookmarks, and offline after one visit', async ({ page, context }) => {
  await registerAndStart(page);
  await page.goto('/tips');
  await openTab(page, 'Explore');
  await expect(page.getByRole('heading', { name: 'No bookmarked tips yet' })).toBeVisible();
  await page.getByRole('button', { name: 'Tactics' }).click();
  const cards = page.getByRole('article');
  await expect(cards.first()).toBeVisible();
  const tips = (await (await page.request.get('/api/tips/category/tactics')).json()) as { title: string; content: string }[];
  const long = tips.find((t) => t.content.length > 200);
  if (long) {
    const card = cards.filter({ has: page.getByRole('heading', { name: long.title }) });
    await expect(card.locator('.tip__content')).toHaveText(/…$/);
    expect(((await card.locator('.tip__content').textContent()) ?? '').length).toBeLessThanOrEqual(201);
    await card.getByRole('button', { name: /^Read more/ }).click();
    await expect(card.locator('.tip__content')).toHaveText(long.content);
  }
  await expect(cards).toHaveCount(tips.length);
  await expectAccessible(page, 'tips: a category');

  // The service worker has stored the app (its install precaches every chunk) before the network goes.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await context.setOffline(true);
  await page.reload();
  await openTab(page, 'Explore');
  await page.getByRole('button', { name: 'Endgame' }).click();
  await expect(page.getByRole('article').first()).toBeVisible();
  await openTab(page, "Today's Tip");
  await expect(page.getByRole('article')).toHaveCount(1);
  await context.setOffline(false);
});
