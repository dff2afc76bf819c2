import { expect, test, type Locator, type Page } from '@playwright/test';
import { openAsGuest, registerAndStart, statusBar } from './helpers';

/**
 * The app's frame with the keyboard only (issue 31, WCAG 2.4.3, 2.4.11): after a change of screen
 * focus is on the new screen's main heading; the More sheet and 'Start a new game?' close with
 * Escape and give focus back to the button that opened them; at 360 px no focused control is under
 * the fixed bottom navigation or the sticky header. The account is made through the usual helpers;
 * from then on nothing is clicked: Tab walks to a control and Enter or Escape does the rest. Judged
 * by the accessibility tree: which element has focus (toBeFocused) and where it is on the screen.
 */

test.use({ serviceWorkers: 'block' });

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const moreSheet = (page: Page) => page.getByRole('dialog', { name: 'More' });

/** Presses Tab until `target` has focus, as a keyboard user walks the page (no element.focus()). */
async function tabTo(page: Page, target: Locator, limit = 150): Promise<void> {
  await expect(target).toBeVisible();
  for (let presses = 0; presses < limit; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

/** The focused element's box against the bottom navigation's and the header's: null when it is in full view. */
async function coverOfFocused(page: Page): Promise<string | null> {
  const focused = await page.locator(':focus').boundingBox();
  const nav = await mainNav(page).boundingBox();
  const header = await page.getByRole('banner').boundingBox();
  if (!focused || !nav || !header) return 'not laid out';
  if (focused.y + focused.height > nav.y + 0.5) return `under the bottom navigation (${Math.round(focused.y + focused.height)} > ${Math.round(nav.y)})`;
  if (focused.y < header.y + header.height - 0.5) return `under the header (${Math.round(focused.y)} < ${Math.round(header.y + header.height)})`;
  return null;
}

/**
 * Tabs from the top of the screen through every control of its main region until focus reaches
 * the bottom navigation, checking at each stop that the control is in full view. Returns the
 * accessible names of the stops, in order.
 */
async function tabThroughMain(page: Page): Promise<string[]> {
  const names: string[] = [];
  for (let presses = 0; presses < 200; presses += 1) {
    await page.keyboard.press('Tab');
    if ((await mainNav(page).locator(':focus').count()) > 0) return names;
    if ((await page.locator('main :focus').count()) === 0) continue;
    const focused = page.locator(':focus');
    const name = (await focused.getAttribute('aria-label')) ?? (await focused.textContent()) ?? '';
    names.push(name.trim());
    // The page scrolls to the control (smoothly or not): judged once it has settled.
    await expect.poll(() => coverOfFocused(page), { message: `'${name.trim()}' is in full view` }).toBeNull();
  }
  throw new Error('Tab never reached the bottom navigation');
}

test('after the bottom navigation, focus is on the new screen’s heading; not on the first load', { tag: '@phone' }, async ({ page }) => {
  await openAsGuest(page);
  const settingsHeading = page.getByRole('heading', { level: 1, name: 'Parental Controls' });
  await tabTo(page, mainNav(page).getByRole('link', { name: 'Settings', exact: true }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/settings$/);
  await expect(settingsHeading).toBeFocused();
  await expect(page).toHaveTitle('Parental Controls · Chess Learning App');
  // Focus is at the top of the new screen: one Shift+Tab back is its 'Back to Play' link.
  await page.keyboard.press('Shift+Tab');
  await expect(page.getByRole('link', { name: /Back to Play/ })).toBeFocused();

  // The app's first load: focus stays at the document's start, where a screen reader begins.
  await page.reload();
  await expect(settingsHeading).toBeVisible();
  await expect(page.locator(':focus')).toHaveCount(0);

  await tabTo(page, mainNav(page).getByRole('link', { name: 'Play', exact: true }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Play' })).toBeFocused();
  await expect(page).toHaveTitle('Play · Chess Learning App');
});

test('the More sheet opens from the keyboard, and Escape or Close gives focus back to More', { tag: '@phone' }, async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== 'phone-360', 'A phone only: on wider screens every item is in the bar.');
  await registerAndStart(page);
  const more = mainNav(page).getByRole('button', { name: 'More' });
  await tabTo(page, more);

  await page.keyboard.press('Enter');
  await expect(moreSheet(page)).toBeVisible();
  await expect(moreSheet(page).locator(':focus')).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(moreSheet(page)).toHaveCount(0);
  await expect(more).toBeFocused();

  await page.keyboard.press('Enter');
  await tabTo(page, moreSheet(page).getByRole('button', { name: 'Close' }));
  await page.keyboard.press('Enter');
  await expect(moreSheet(page)).toHaveCount(0);
  await expect(more).toBeFocused();

  // A link in the sheet goes to its screen, and focus to that screen's heading.
  await page.keyboard.press('Enter');
  await tabTo(page, moreSheet(page).getByRole('link', { name: 'History', exact: true }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/games\/history$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Game History' })).toBeFocused();
});

test('Escape on “Start a new game?” keeps the game and gives focus back to New Game', async ({ page }) => {
  await openAsGuest(page);
  const typeBox = page.getByLabel('Type a move');
  await tabTo(page, typeBox);
  await page.keyboard.type('e4');
  await page.keyboard.press('Enter');
  await expect(page.locator('[data-square-focus="e4"]')).toHaveAttribute('aria-label', /^e4, white pawn/);

  const newGame = page.getByRole('toolbar', { name: 'Game controls' }).getByRole('button', { name: 'New Game' });
  await expect(newGame).toBeEnabled();
  await tabTo(page, newGame);
  await page.keyboard.press('Enter');
  const ask = page.getByRole('dialog', { name: 'Start a new game?' });
  await expect(ask.getByRole('button', { name: 'Keep playing' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(ask).toHaveCount(0);
  await expect(newGame).toBeFocused();
  await expect(page.locator('[data-square-focus="e4"]')).toHaveAttribute('aria-label', /^e4, white pawn/);
  await expect(statusBar(page)).toBeVisible();
});

test('no control of Settings is under the bottom navigation or the header when focused (360 and 1280 px)', { tag: '@phone' }, async ({ page }) => {
  await openAsGuest(page, '/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Parental Controls' })).toBeVisible();
  const stops = await tabThroughMain(page);
  // One stop per group of radios (the chosen one), down to the controls at the page's foot.
  expect(stops.length).toBeGreaterThan(10);
});

test('every “Open lesson” link of Lessons is in full view when focused (360 and 1280 px)', { tag: '@phone' }, async ({ page }) => {
  await registerAndStart(page);
  await tabTo(page, mainNav(page).getByRole('link', { name: 'Lessons', exact: true }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'AI-Personalized Lessons' })).toBeFocused();
  const stops = await tabThroughMain(page);
  expect(stops.some((name) => name.startsWith('Open lesson'))).toBe(true);
});
