import { readFile } from 'node:fs/promises';
import { Chess } from 'chess.js';
import { expect, test } from '@playwright/test';
import { chooseOpponent, navigateTo, newAccount, playMoves, registerAndStart, statusBar, waitForStoredGame } from './helpers';

const FOOLS_MATE = ['f2f3', 'e7e5', 'g2g4', 'd8h4'];

test("a finished game appears in history, replays move by move, downloads as PGN, and both open offline", { tag: '@phone' }, async ({ page, context }) => {
  test.slow(); // it also reviews the game with the engine
  await registerAndStart(page, newAccount('hist'));
  await chooseOpponent(page, 'Human');
  await playMoves(page, FOOLS_MATE);
  await expect(page.getByRole('alert').filter({ hasText: 'Checkmate!' })).toBeVisible();
  // A reload on the final position restores the finished game; it must not be queued again.
  await waitForStoredGame(page, FOOLS_MATE.length);
  await page.reload();
  await expect(page.getByRole('alert').filter({ hasText: 'Checkmate!' })).toBeVisible();

  await navigateTo(page, 'History');
  await expect(page.getByRole('heading', { name: 'Game History' })).toBeVisible();
  const items = page.getByTestId('history-item');
  await expect(items).toHaveCount(1);
  await expect(items.first()).toContainText('Loss');
  await expect(items.first()).toContainText('vs Player');
  await expect(items.first()).toContainText('White');

  // Filters: no win among my games; back to all of them.
  await page.getByLabel('Result').selectOption('win');
  await page.getByRole('button', { name: 'Apply Filters' }).click();
  await expect(page.getByRole('heading', { name: 'No games match these filters' })).toBeVisible();
  await expect(page).toHaveURL(/result=win/);
  await page.getByRole('button', { name: 'Clear' }).click();
  await page.getByLabel('Mode').selectOption('pvp');
  await page.getByRole('button', { name: 'Apply Filters' }).click();
  await expect(items).toHaveCount(1);

  // Download from the list.
  const [listDownload] = await Promise.all([page.waitForEvent('download'), items.first().getByRole('button', { name: 'Download PGN' }).click()]);
  expect(listDownload.suggestedFilename()).toMatch(/^game-\d+\.pgn$/);

  await items.first().getByRole('link', { name: /Replay Game/ }).click();
  await expect(page.getByRole('heading', { name: 'Game Replay' })).toBeVisible();
  const board = page.getByTestId('replay-board');
  const position = page.getByTestId('replay-position');
  await expect(position).toHaveText('Starting position');
  await expect(board).toHaveAttribute('data-fen', /^rnbqkbnr\/pppppppp\/8\/8\/8\/8\/PPPPPPPP\/RNBQKBNR w/);
  await expect(page.getByTestId('replay-speed')).toHaveText('1x');

  await page.getByRole('button', { name: 'Next move' }).click();
  await expect(position).toHaveText('Move 1 of 2: 1. f3');
  await page.keyboard.press('End');
  await expect(position).toHaveText('Move 2 of 2: 2... Qh4#');
  await expect(board).toHaveAttribute('data-fen', /^rnb1kbnr\/pppp1ppp\/8\/4p3\/6Pq\/5P2\/PPPPP2P\/RNBQKBNR w/);
  await page.keyboard.press('ArrowLeft');
  await expect(position).toHaveText('Move 2 of 2: 2. g4');
  await page.keyboard.press('Home');
  await expect(position).toHaveText('Starting position');
  await page.getByRole('button', { name: 'e5', exact: true }).click();
  await expect(position).toHaveText('Move 1 of 2: 1... e5');
  await expect(page.getByRole('button', { name: 'e5', exact: true })).toHaveAttribute('aria-current', 'step');
  await page.getByLabel('Move', { exact: true }).fill('1');
  await expect(position).toHaveText('Move 1 of 2: 1. f3');

  // Auto-play at the fastest speed (4x) runs to the end.
  await page.getByLabel(/Auto-play speed/).fill('250');
  await expect(page.getByTestId('replay-speed')).toHaveText('4x');
  await page.getByRole('button', { name: 'Auto-play' }).click();
  await expect(position).toHaveText('Move 2 of 2: 2... Qh4#');
  await expect(page.getByRole('button', { name: 'Auto-play' })).toHaveAttribute('aria-pressed', 'false');

  await page.getByRole('button', { name: 'Flip Board' }).click();
  await expect(page.getByRole('button', { name: 'Flip Board' })).toHaveAttribute('aria-pressed', 'true');

  // The saved game's review (the engine in the page's worker): both accuracies and the blunder 2.g4??.
  await page.getByRole('button', { name: 'Review game' }).click();
  const review = page.getByTestId('game-review');
  await expect(review.getByTestId('accuracy-w')).toHaveText(/\d+\.\d%/, { timeout: 60_000 });
  await expect(review).toContainText('Blunder');

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download PGN' }).click()]);
  const id = /\/games\/(\d+)\/replay/.exec(page.url())?.[1];
  expect(download.suggestedFilename()).toBe(`game-${id}.pgn`);
  const pgn = await readFile((await download.path())!, 'utf8');
  const chess = new Chess();
  chess.loadPgn(pgn);
  expect(chess.history()).toEqual(['f3', 'e5', 'g4', 'Qh4#']);
  expect(chess.isCheckmate()).toBe(true);
  expect(chess.getHeaders()).toMatchObject({ Result: '0-1' });

  await page.getByRole('link', { name: /Back to History/ }).click();
  await expect(page.getByRole('heading', { name: 'Game History' })).toBeVisible();
  await expect(items).toHaveCount(1);

  // Offline after one visit: the list and the replay come from the device.
  // The service worker has stored the app (its install precaches every chunk) before the network goes.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText('Offline: showing your games saved on this device.')).toBeVisible();
  await expect(items).toHaveCount(1);
  await items.first().getByRole('link', { name: /Replay Game/ }).click();
  await expect(page.getByText('Offline: showing this game as saved on this device.')).toBeVisible();
  // The keys are listened to once the replay has rendered (an effect after the paint that shows
  // it): on a loaded machine a key pressed in between is pressed again, as a person would.
  await expect(async () => {
    await page.keyboard.press('End');
    await expect(board).toHaveAttribute('data-fen', /^rnb1kbnr\/pppp1ppp\/8\/4p3\/6Pq\/5P2\/PPPPP2P\/RNBQKBNR w/, { timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  await context.setOffline(false);
  await page.goto('/');
  await expect(statusBar(page)).toBeVisible();
});

test('a replay of a game that does not exist shows the error state', async ({ page }) => {
  await registerAndStart(page, newAccount('nogame'));
  await page.goto('/games/999999/replay');
  await expect(page.getByText('Error loading game. Please try again later.')).toBeVisible();
  await expect(page.locator('.toast')).toContainText('Failed to fetch game data');
});

test('history shows the error state when the server fails with nothing stored, then the empty state', async ({ page }) => {
  await registerAndStart(page, newAccount('empty'));
  await page.route('**/api/games/history**', (route) => route.fulfill({ status: 500, body: '{"error":"Internal Server Error"}' }));
  await page.goto('/games/history');
  await expect(page.getByText('Error loading game history. Please try again later.')).toBeVisible();
  await expect(page.locator('.toast')).toContainText('Failed to fetch game history');
  await page.unroute('**/api/games/history**');
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { name: 'No games yet' })).toBeVisible();
});

test('a game left for a New Game is saved as abandoned', async ({ page }) => {
  await registerAndStart(page, newAccount('aband'));
  await chooseOpponent(page, 'Human');
  await playMoves(page, ['e2e4', 'e7e5']);
  await page.getByRole('toolbar', { name: 'Game controls' }).getByRole('button', { name: 'New Game' }).click();
  await page.getByRole('dialog', { name: 'Start a new game?' }).getByRole('button', { name: 'New Game' }).click();
  await expect(statusBar(page)).toContainText('Move 0');
  await navigateTo(page, 'History');
  const items = page.getByTestId('history-item');
  await expect(items).toHaveCount(1);
  await expect(items.first()).toContainText('Abandoned');
  await page.getByLabel('Result').selectOption('abandoned');
  await page.getByRole('button', { name: 'Apply Filters' }).click();
  await expect(items).toHaveCount(1);
});
