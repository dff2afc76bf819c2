import { expect, test, type Page } from '@playwright/test';
import { chooseOpponent, navigateTo, newAccount, playMoves, registerAndStart, statusBar } from './helpers';

const FOOLS_MATE = ['f2f3', 'e7e5', 'g2g4', 'd8h4'];

async function finishOneGame(page: Page): Promise<void> {
  await playMoves(page, FOOLS_MATE);
  await expect(page.getByRole('alert').filter({ hasText: 'Checkmate!' })).toBeVisible();
  await page.getByRole('toolbar', { name: 'Game controls' }).getByRole('button', { name: 'New Game' }).click();
  await expect(statusBar(page)).toContainText('Move 0');
}

test('three games finished offline are saved exactly once when the network returns', async ({ page, context }) => {
  test.setTimeout(120_000);
  await registerAndStart(page, newAccount('offline'));
  await chooseOpponent(page, 'Human');
  // The service worker's precache is what opens the app offline.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });

  await context.setOffline(true);
  for (let game = 0; game < 3; game++) await finishOneGame(page);

  // Offline, the app still opens signed in (cached), and the games wait in the outbox.
  await page.reload();
  await expect(statusBar(page)).toBeVisible();
  await expect(page.getByTestId('elo-rating')).toBeVisible();
  await navigateTo(page, 'History');
  await expect(page.getByTestId('pending-count')).toContainText('3 games are waiting to be saved');

  await context.setOffline(false);
  const items = page.getByTestId('history-item');
  await expect(items).toHaveCount(3, { timeout: 20_000 });
  await expect(page.getByTestId('pending-count')).toHaveCount(0);

  // Another reload (and another sync on start and focus) saves nothing twice.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Game History' })).toBeVisible();
  await expect(items).toHaveCount(3);
  await page.goto('/');
  await expect(statusBar(page)).toBeVisible();
  await page.goto('/games/history');
  await expect(items).toHaveCount(3);
  await expect(page.getByText('3 games')).toBeVisible();
});
