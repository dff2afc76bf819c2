import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { skipTutorial } from './helpers';
import { grantRole, makePlayer, signIn, startedSwiss } from './tournament-helpers';

/**
 * The arbiter's results with the keyboard only (issue 31): a round in progress is set up through
 * the public API (as the other tournament specs do), then every result is entered from the Rounds
 * tab by Tab, 1/0/= and Enter, and one corrected. Judged by the accessibility tree (the focused
 * control's name, the rows' names and text) and the toast region's live text.
 */

/** The accessible name of what has focus: its label's text, or its own aria-label or text. */
const focusedName = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element) return '';
    const label = element.id ? document.querySelector(`label[for="${element.id}"]`)?.textContent : null;
    return (label ?? element.getAttribute('aria-label') ?? element.textContent ?? '').trim();
  });

/** Presses Tab until the focused control is named `name` (at most `limit` presses). */
async function tabTo(page: Page, name: string | RegExp, limit = 60): Promise<void> {
  for (let i = 0; i < limit; i++) {
    const now = await focusedName(page);
    if (typeof name === 'string' ? now === name : name.test(now)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached '${String(name)}'`);
}

test('an arbiter enters and corrects a round’s results with the keyboard only', { tag: '@phone' }, async ({ page, baseURL }) => {
  test.setTimeout(150_000);
  const organiser = await makePlayer(baseURL!, 'kbarb');
  await grantRole(organiser.email, 'organizer');
  const players = await Promise.all(Array.from({ length: 6 }, () => makePlayer(baseURL!, 'kbp')));
  const { id } = await startedSwiss(organiser, players, { name: `Keyboard Open ${Date.now().toString(36)}` });

  await signIn(page, organiser);
  await skipTutorial(page);
  await page.goto(`/tournaments/${id}`);
  // The tab list: focus the selected tab, arrow to Rounds, Enter.
  await page.getByRole('tab', { selected: true }).focus();
  for (let i = 0; i < 12 && !(await page.getByRole('tab', { name: 'Rounds' }).evaluate((tab) => tab === document.activeElement)); i++) {
    await page.keyboard.press('ArrowRight');
  }
  await expect(page.getByRole('tab', { name: 'Rounds' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('tab', { name: 'Rounds' })).toHaveAttribute('aria-selected', 'true');
  const round = page.getByRole('region', { name: 'Round 1' });
  await expect(round.getByText('In Progress')).toBeVisible();
  const toasts = page.getByRole('status').and(page.locator('.toast-region'));

  // Board 1: Tab to its result box, type 1 and Enter. Focus then goes on down the table.
  await tabTo(page, 'Result for board 1');
  await page.keyboard.press('1');
  await expect(page.getByLabel('Result for board 1', { exact: true })).toHaveValue('1-0');
  await page.keyboard.press('Enter');
  await expect(toasts).toContainText('Result submitted successfully');
  await expect(page.getByLabel('Result for board 2', { exact: true })).toBeFocused();
  await page.keyboard.press('0');
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Result for board 3', { exact: true })).toBeFocused();
  await page.keyboard.press('=');
  await expect(page.getByLabel('Result for board 3', { exact: true })).toHaveValue('1/2-1/2');
  await page.keyboard.press('Enter');

  // Every row now reads its result in words, and the round is completed.
  const rows = round.getByRole('row', { name: /^Board \d: / });
  await expect(rows.nth(0)).toContainText('1-0');
  await expect(rows.nth(1)).toContainText('0-1');
  await expect(rows.nth(2)).toContainText(/½-½|1\/2-1\/2/);
  await expect(round.getByText('Completed', { exact: true })).toBeVisible();
  await expectAccessible(page, 'the Rounds tab after results typed');

  // A correction, by keyboard: board 2 becomes a draw, with its note.
  await rows.nth(1).getByRole('button', { name: 'Correct result' }).focus();
  await page.keyboard.press('Enter');
  await tabTo(page, 'Result for board 2');
  await page.keyboard.press('=');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Correction note for board 2')).toBeFocused();
  await page.keyboard.type('Scoresheets agree: a draw');
  await page.keyboard.press('Enter');
  await expect(toasts).toContainText('Result corrected');
  await expect(rows.nth(1)).toContainText(/½-½|1\/2-1\/2/);
});
