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
