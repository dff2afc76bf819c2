import { expect, type Page } from '@playwright/test';

/** Plays a move the way a person does: click the piece, then click the target square. */
export async function move(page: Page, uci: string): Promise<void> {
  await page.locator(`[data-square="${uci.slice(0, 2)}"]`).click();
  await page.locator(`[data-square="${uci.slice(2, 4)}"]`).click();
}

export async function playMoves(page: Page, moves: string[]): Promise<void> {
  for (const uci of moves) {
    const before = await board(page).getAttribute('data-fen');
    await move(page, uci);
    await expect(board(page)).not.toHaveAttribute('data-fen', before ?? '');
  }
}

export const board = (page: Page) => page.getByTestId('board');
export const statusBar = (page: Page) => page.getByTestId('status-bar');

/** Opens Settings and picks the opponent, as a person would, then comes back to Play. */
export async function chooseOpponent(page: Page, opponent: 'Human' | 'Computer'): Promise<void> {
  await page.getByRole('button', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { name: 'Parental Controls' })).toBeVisible();
  await page.getByRole('radio', { name: opponent }).check();
  await expect(page.getByText('Setting updated')).toBeVisible();
  await page.getByRole('link', { name: /Back to Play/ }).click();
  await expect(statusBar(page)).toBeVisible();
}

/** Asserts the piece on a square, read from its accessible label ("e4, white pawn"; "e4, empty"). */
export async function expectPiece(page: Page, square: string, piece: string): Promise<void> {
  await expect(page.locator(`[data-square-focus="${square}"]`)).toHaveAttribute('aria-label', new RegExp(`^${square}, ${piece}(,|$)`));
}

export interface PlaySnapshot {
  status: string;
  undoDisabled: boolean | null;
  boardDisabled: boolean;
}

/**
 * Records the status bar, the Undo button and the board's disabled state at every change of the
 * page from now on. Transient states ('Coach is thinking...') are then checked from the record,
 * not raced: on a busy machine the computer's reply can land before a polling assertion looks.
 */
export async function recordPlay(page: Page): Promise<() => Promise<PlaySnapshot[]>> {
  await page.evaluate(() => {
    const log: PlaySnapshot[] = [];
    const snapshot = (): PlaySnapshot => {
      const undo = [...document.querySelectorAll('button')].find((b) => b.textContent?.includes('Undo'));
      return {
        status: document.querySelector('[data-testid="status-bar"]')?.textContent ?? '',
        undoDisabled: undo ? undo.disabled : null,
        boardDisabled: document.querySelector('[data-square-focus="e1"]')?.getAttribute('aria-disabled') === 'true',
      };
    };
    const record = () => {
      const next = snapshot();
      const last = log[log.length - 1];
      if (!last || JSON.stringify(last) !== JSON.stringify(next)) log.push(next);
    };
    record();
    new MutationObserver(record).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
    (window as unknown as { playLog: PlaySnapshot[] }).playLog = log;
  });
  return () => page.evaluate(() => (window as unknown as { playLog: PlaySnapshot[] }).playLog);
}

/**
 * Opens a path as a signed-out guest. Signed-out visitors first see the landing page
 * ('Chess Learning App'); its 'Play as guest' button lets them play without an account.
 */
export async function openAsGuest(page: Page, path = '/'): Promise<void> {
  await page.goto(path);
  const guest = page.getByRole('button', { name: 'Play as guest' });
  if (await guest.isVisible({ timeout: 2_000 }).catch(() => false)) await guest.click();
}
