import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { statusBar } from './helpers';

const TITLES = ['Welcome to Chess Learning!', 'Computer Move Mechanics', 'Computer Thinking Indicator', 'Move Classification System', 'Ready to Play!'];

/** A first visit as a guest, without the shared helper (which skips the tutorial). */
async function firstVisit(page: Page) {
  await page.goto('/');
  await page.getByRole('button', { name: 'Play as guest' }).click();
  await expect(statusBar(page)).toBeVisible();
}

const tutorial = (page: Page) => page.getByRole('dialog', { name: /./ }).and(page.getByTestId('tutorial'));

test('the tutorial shows on the first visit and goes through its five steps', async ({ page }) => {
  await firstVisit(page);
  const dialog = tutorial(page);
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveAccessibleName(TITLES[0]!);
  await expect(dialog.getByText('Step 1 of 5')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Previous' })).toBeDisabled();
  // Focus starts inside the dialog, on Next.
  await expect(dialog.getByRole('button', { name: 'Next' })).toBeFocused();
  await expectAccessible(page, 'play with the tutorial');

  for (let step = 1; step < TITLES.length; step++) {
    await dialog.getByRole('button', { name: 'Next' }).click();
    await expect(dialog.getByRole('heading', { name: TITLES[step]! })).toBeVisible();
    await expect(dialog.getByText(`Step ${step + 1} of 5`)).toBeVisible();
  }
  await expect(dialog.getByRole('button', { name: 'Next' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Previous' }).click();
  await expect(dialog.getByRole('heading', { name: TITLES[3]! })).toBeVisible();
  await dialog.getByRole('button', { name: 'Next' }).click();
  await dialog.getByRole('button', { name: 'Start Playing!' }).click();
  await expect(dialog).toBeHidden();
  // Finished: the board is usable and the tutorial stays away on the next visit.
  await page.locator('[data-square="e2"]').click();
  await page.locator('[data-square="e4"]').click();
  await expect(statusBar(page)).toContainText('Move 1');
  await page.reload();
  await expect(statusBar(page)).toBeVisible();
  await expect(tutorial(page)).toHaveCount(0);
});

test('Escape and the close button hide it for this visit only; Skip Tutorial ends it; Settings reopens it', async ({ page }) => {
  await firstVisit(page);
  await expect(tutorial(page)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(tutorial(page)).toBeHidden();
  // Closed, not completed: it comes back on the next visit.
  await page.reload();
  await expect(tutorial(page)).toBeVisible();
  await tutorial(page).getByRole('button', { name: 'Close tutorial' }).click();
  await expect(tutorial(page)).toBeHidden();
  await page.reload();
  await expect(tutorial(page)).toBeVisible();
  await tutorial(page).getByRole('button', { name: 'Next' }).click();
  await tutorial(page).getByRole('button', { name: 'Skip Tutorial' }).click();
  await expect(tutorial(page)).toBeHidden();
  await page.reload();
  await expect(statusBar(page)).toBeVisible();
  await expect(tutorial(page)).toHaveCount(0);

  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('button', { name: 'Show Tutorial' }).click();
  await expect(tutorial(page)).toBeVisible();
  await expect(tutorial(page).getByRole('heading', { name: TITLES[0]! })).toBeVisible();
  await tutorial(page).getByRole('button', { name: 'Skip Tutorial' }).click();
  await expect(tutorial(page)).toBeHidden();
  // Focus came back to the page, and a reload does not reopen it.
  await page.reload();
  await expect(statusBar(page)).toBeVisible();
  await expect(tutorial(page)).toHaveCount(0);
});
