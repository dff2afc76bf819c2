import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { chooseOpponent, navigateTo, playMoves, registerAndStart } from './helpers';

/** 'Your Chess Progress' with the user's real figures: empty for a new user, filled after games. */

const FOOLS_MATE = ['f2f3', 'e7e5', 'g2g4', 'd8h4'];
const figure = (page: Page, label: string) => page.locator('.progress__figure').filter({ has: page.getByText(label, { exact: true }) }).locator('dd');

test('a new user sees how each figure fills', async ({ page }) => {
  await registerAndStart(page);
  await navigateTo(page, 'Progress');
  await expect(page.getByRole('heading', { name: 'Your Chess Progress' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your progress starts here' })).toBeVisible();
  await expect(figure(page, 'Total games')).toHaveText('0');
  await expect(figure(page, 'Win rate')).toHaveText('–');
  await expect(page.getByText('Consistent Player')).toBeVisible();
  await expect(page.getByText('Not measured yet').first()).toBeVisible();
  await expectAccessible(page, 'progress, new user');
});

test('progress after two games, and with the network off', { tag: '@phone' }, async ({ page, context }) => {
  await registerAndStart(page);
  await chooseOpponent(page, 'Human');
  for (let game = 0; game < 2; game++) {
    await playMoves(page, FOOLS_MATE);
    await expect(page.getByRole('alert').filter({ hasText: 'Checkmate!' })).toBeVisible();
    if (game === 1) {
      // The review of a finished game is stored for the lesson plan (saveGameAnalysis).
      await page.getByRole('button', { name: 'Review game' }).click();
      await expect(page.getByTestId('game-review').getByText(/^Analyzing the game/)).toHaveCount(0, { timeout: 30_000 });
      await expect
        .poll(async () => ((await (await page.request.get('/api/learning/profile')).json()) as { weaknesses: { gamesAnalyzed: number } }).weaknesses.gamesAnalyzed, { timeout: 15_000 })
        .toBe(1);
    }
    await page.getByRole('button', { name: 'New Game' }).click();
  }
  await navigateTo(page, 'Progress');
  // The games reach the server through the outbox; the screen refreshes after each sync.
  await expect(figure(page, 'Total games')).toHaveText('2');
  await expect(figure(page, 'Games won')).toHaveText('0');
  await expect(figure(page, 'Win rate')).toHaveText('0%');
  await expect(page.getByRole('heading', { name: 'Your progress starts here' })).toHaveCount(0);
  await expect(page.getByRole('img', { name: /^Rating over time: from 1200/ })).toBeVisible();
  await expect(page.locator('.progress__games li')).toHaveCount(2);
  await expectAccessible(page, 'progress after two games');

  // The service worker has stored the app (its install precaches every chunk) before the network goes.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText('Offline: showing your progress as last saved on this device.')).toBeVisible();
  await expect(figure(page, 'Total games')).toHaveText('2');
  await context.setOffline(false);
});
