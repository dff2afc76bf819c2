import { expect, test } from '@playwright/test';
import { expectAccessible } from './axe';
import { chooseOpponent, move, navigateTo, newAccount, openAsGuest, playMoves, registerAndStart, statusBar } from './helpers';

// Nothing here works offline: no service worker, whose install of the whole app cost each test
// about 1.3 s of CPU (decisions.md, 'End-to-end time').
test.use({ serviceWorkers: 'block' });

test('signed-out screens pass axe: landing, login, sign up, forgot and reset password', { tag: '@phone' }, async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Play as guest' })).toBeVisible();
  await expectAccessible(page, 'landing');
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeVisible();
  await expectAccessible(page, 'login');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expectAccessible(page, 'login with errors');
  await page.goto('/register');
  await expect(page.getByRole('button', { name: 'Sign Up' })).toBeVisible();
  await expectAccessible(page, 'sign up');
  await page.goto('/forgot-password');
  await expect(page.getByLabel('Email')).toBeVisible();
  await expectAccessible(page, 'forgot password');
  await page.goto('/reset-password?token=abc');
  await expect(page.getByRole('button').first()).toBeVisible();
  await expectAccessible(page, 'reset password');
});

test('the Play screen passes axe with a piece picked up, and its controls fit the screen', { tag: '@phone' }, async ({ page }) => {
  await openAsGuest(page, '/');
  await expect(statusBar(page)).toBeVisible();
  await expectAccessible(page, 'play');
  await page.locator('[data-square="e2"]').click();
  await expectAccessible(page, 'play with a piece selected');
  await page.locator('[data-square="e4"]').click();
  // The pieces are not unnamed buttons nor tab stops of their own: the squares are the controls.
  await expect(page.locator('[data-piece-wrapper]').first()).toBeAttached();
  await expect(page.locator('[data-piece-wrapper][role], [data-piece-wrapper][tabindex]')).toHaveCount(0);
  const viewport = page.viewportSize()!.width;
  for (const name of ['Undo', 'Settings', 'New Game']) {
    const box = (await page.getByRole('toolbar', { name: 'Game controls' }).getByRole('button', { name }).boundingBox())!;
    expect(box.x, name).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, name).toBeLessThanOrEqual(viewport);
    const fits = await page.getByRole('toolbar', { name: 'Game controls' }).getByRole('button', { name }).evaluate((button) => button.scrollWidth <= button.clientWidth);
    expect(fits, `${name} shows its whole label`).toBe(true);
  }
  // Icons are inline SVG, never emoji (machines without an emoji font draw empty boxes).
  const toolbarText = await page.getByRole('toolbar', { name: 'Game controls' }).innerText();
  expect(toolbarText).not.toMatch(/\p{Extended_Pictographic}/u);
  await expect(page.getByRole('toolbar', { name: 'Game controls' }).locator('svg[data-icon="plus"]')).toBeVisible();
});

test('settings, history, replay and the 404 page pass axe', { tag: '@phone' }, async ({ page }) => {
  test.slow();
  await registerAndStart(page, newAccount('axe'));
  await page.getByRole('button', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { name: 'Parental Controls' })).toBeVisible();
  await expectAccessible(page, 'settings');
  await page.getByRole('link', { name: /Back to Play/ }).click();
  await chooseOpponent(page, 'Human');
  await playMoves(page, ['f2f3', 'e7e5', 'g2g4']);
  await move(page, 'd8h4');
  await expect(page.getByRole('alert').filter({ hasText: 'Checkmate!' })).toBeVisible();
  await expectAccessible(page, 'play, game over');
  await navigateTo(page, 'History');
  await expect(page.getByRole('heading', { name: 'Game History' })).toBeVisible();
  await expect(page.getByTestId('history-item')).toHaveCount(1);
  await expectAccessible(page, 'history');
  await page.getByTestId('history-item').first().getByRole('link', { name: /Replay Game/ }).click();
  await expect(page.getByRole('heading', { name: 'Game Replay' })).toBeVisible();
  await expectAccessible(page, 'replay');
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await expectAccessible(page, '404');
});
