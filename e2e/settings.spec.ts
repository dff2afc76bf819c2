import { expect, test } from '@playwright/test';
import { openAsGuest, statusBar } from './helpers';

test.beforeEach(async ({ page }) => {
  await openAsGuest(page, '/settings');
  await expect(page.getByRole('heading', { name: 'Parental Controls' })).toBeVisible();
});

test('sections appear in the spec order', async ({ page }) => {
  const headings = await page.getByRole('heading', { level: 2 }).allTextContents();
  expect(headings).toEqual(['Learning Settings', 'Game Mode', 'Appearance', 'Time Management', 'Difficulty Control', 'Text-to-Speech']);
  await expect(page.getByRole('button', { name: 'Reset All Settings' })).toBeVisible();
});

test('the AI difficulty selector appears only against the computer', async ({ page }) => {
  await expect(page.getByLabel('AI difficulty')).toBeVisible();
  await page.getByRole('radio', { name: 'Human' }).check();
  await expect(page.getByLabel('AI difficulty')).toHaveCount(0);
  await page.getByRole('radio', { name: 'Computer' }).check();
  await page.getByLabel('AI difficulty').selectOption('advanced');
  await expect(page.getByText('Setting updated')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('AI difficulty')).toHaveValue('advanced');
});

test('time management offers the spec options', async ({ page }) => {
  await expect(page.getByLabel('Daily play time').locator('option')).toHaveText(['No Limit', '30 minutes', '60 minutes', '120 minutes']);
  await expect(page.getByLabel('Break reminders').locator('option')).toHaveText(['Disabled', '15 minutes', '30 minutes', '60 minutes']);
  await expect(page.getByLabel('Daily play time')).toHaveValue('30');
  await expect(page.getByLabel('Break reminders')).toHaveValue('15');
});

test('the theme switches the whole app between dark and light', async ({ page }) => {
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  const darkBackground = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  await page.getByRole('switch', { name: 'Dark theme' }).uncheck();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).not.toBe(darkBackground);
  await page.getByRole('link', { name: /Back to Play/ }).click();
  await expect(statusBar(page)).toBeVisible();
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
});

test('Reset All Settings restores the defaults', async ({ page }) => {
  await page.getByRole('switch', { name: /^Hints/ }).uncheck();
  await page.getByRole('radio', { name: 'Human' }).check();
  await page.getByRole('button', { name: 'Reset All Settings' }).click();
  await expect(page.getByText('Settings reset')).toBeVisible();
  await expect(page.getByRole('switch', { name: /^Hints/ })).toBeChecked();
  await expect(page.getByRole('radio', { name: 'Computer' })).toBeChecked();
});

test('an unknown path shows the 404 page', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to Play' }).click();
  await expect(statusBar(page)).toBeVisible();
});

test('a corrupted stored record is replaced by the defaults, and the app still opens', async ({ page }) => {
  await page.getByRole('radio', { name: 'Human' }).check();
  await expect(page.getByText('Setting updated')).toBeVisible();
  // Write nonsense straight into IndexedDB, as a broken older version or a full disk might leave it.
  await page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('chess-learning');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction('records', 'readwrite');
          tx.objectStore('records').put({ key: 'chess-settings', value: { gameMode: 'chess960', playerColor: 'green' }, updatedAt: Date.now() });
          tx.objectStore('records').put({ key: 'chess-current-game', value: { fen: 'not a fen', moveHistory: ['e4', 'Ke9'] }, updatedAt: Date.now() });
          tx.oncomplete = () => resolve();
          tx.onerror = () => reject(tx.error);
        };
      }),
  );
  await page.reload();
  await expect(page.getByRole('radio', { name: 'Computer' })).toBeChecked();
  await page.goto('/');
  await expect(page.getByTestId('status-bar')).toContainText('Your Turn');
  await expect(page.getByTestId('status-bar')).toContainText('Move 0');
});
