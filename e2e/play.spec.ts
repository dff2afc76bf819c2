import { expect, test } from '@playwright/test';
import { expectAccessible } from './axe';
import { board, chooseOpponent, expectPiece, move, openAsGuest, playMoves, recordPlay, statusBar, waitForStoredGame } from './helpers';

const FOOLS_MATE = ['f2f3', 'e7e5', 'g2g4', 'd8h4'];
// Sam Loyd's ten-move stalemate: 1. e3 a5 2. Qh5 Ra6 3. Qxa5 h5 4. h4 Rah6 5. Qxc7 f6 6. Qxd7+ Kf7 7. Qxb7 Qd3 8. Qxb8 Qh7 9. Qxc8 Kg6 10. Qe6
const LOYD_STALEMATE = ['e2e3', 'a7a5', 'd1h5', 'a8a6', 'h5a5', 'h7h5', 'h2h4', 'a6h6', 'a5c7', 'f7f6', 'c7d7', 'e8f7', 'd7b7', 'd8d3', 'b7b8', 'd3h7', 'b8c8', 'f7g6', 'c8e6'];
// White's b-pawn reaches b7 with a8 and c8 to capture: 1. e4 d5 2. exd5 c6 3. dxc6 Nf6 4. cxb7 Nbd7
const TO_PROMOTION = ['e2e4', 'd7d5', 'e4d5', 'c7c6', 'd5c6', 'g8f6', 'c6b7', 'b8d7'];

test.beforeEach(async ({ page }) => {
  await openAsGuest(page);
  await expect(statusBar(page)).toBeVisible();
});

test.describe('two players on one device', () => {
  // Each move is classified by the real engine in the page: twenty moves took 66 s on a busy
  // 2-core machine, over the default minute.
  test.describe.configure({ timeout: 120_000 });
  test.beforeEach(async ({ page }) => chooseOpponent(page, 'Human'));

  test("fool's mate ends in 'Checkmate!' and 'Black wins!'", { tag: '@phone' }, async ({ page }) => {
    await expect(statusBar(page)).toContainText("White's Turn");
    await move(page, 'f2f3');
    await expect(statusBar(page)).toContainText("Black's Turn");
    await expect(statusBar(page)).toContainText('Move 1');
    await playMoves(page, FOOLS_MATE.slice(1));
    const banner = page.getByRole('alert');
    await expect(banner).toContainText('Checkmate!');
    await expect(banner).toContainText('Black wins!');
    await expect(statusBar(page)).toContainText('Move 2');
    // The board is disabled once the game is over: a white piece can no longer be picked up.
    await move(page, 'e2e4');
    await expect(board(page)).toHaveAttribute('data-fen', /^rnb1kbnr\/pppp1ppp\/8\/4p3\/6Pq\/5P2\/PPPPP2P\/RNBQKBNR w/);
  });

  test("a stalemate shows 'Draw!'", async ({ page }) => {
    await playMoves(page, LOYD_STALEMATE);
    const banner = page.getByRole('alert');
    await expect(banner).toContainText('Draw!');
    await expect(banner).toContainText('The game ended in a draw.');
  });

  test('promotion asks for a piece; Cancel leaves the pawn where it was', async ({ page }) => {
    await playMoves(page, TO_PROMOTION);
    const fenBefore = await board(page).getAttribute('data-fen');
    await move(page, 'b7a8');
    const dialog = page.getByRole('dialog', { name: 'Pawn Promotion' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('Choose what piece you want to promote your pawn to:');
    for (const piece of ['Queen', 'Rook', 'Bishop', 'Knight']) {
      await expect(dialog.getByRole('button', { name: piece })).toBeVisible();
    }
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(board(page)).toHaveAttribute('data-fen', fenBefore ?? '');
    await expectPiece(page, 'b7', 'white pawn');

    await move(page, 'b7a8');
    await page.getByRole('dialog', { name: 'Pawn Promotion' }).getByRole('button', { name: 'Knight' }).click();
    await expect(dialog).toBeHidden();
    await expectPiece(page, 'a8', 'white knight');
    await expect(statusBar(page)).toContainText("Black's Turn");
  });

  test('the promotion dialog can be used with the keyboard', async ({ page }) => {
    await playMoves(page, TO_PROMOTION);
    await move(page, 'b7c8');
    const dialog = page.getByRole('dialog', { name: 'Pawn Promotion' });
    await expect(dialog.getByRole('button', { name: 'Queen' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expectPiece(page, 'c8', 'black bishop');
  });

  test('undo takes back one move and its highlight', async ({ page }) => {
    await expect(page.getByRole('button', { name: 'Undo' })).toHaveCount(0);
    await playMoves(page, ['e2e4', 'e7e5']);
    await page.getByRole('button', { name: 'Undo' }).click();
    await expectPiece(page, 'e7', 'black pawn');
    await expectPiece(page, 'e4', 'white pawn');
    await expect(statusBar(page)).toContainText("Black's Turn");
    await expect(page.locator('[data-square="e7"]')).not.toHaveCSS('background', /rgba\(246, 214, 60|rgba\(155, 199, 0/);
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(page.getByRole('button', { name: 'Undo' })).toHaveCount(0);
    await expect(statusBar(page)).toContainText("White's Turn");
  });

  test('only the side to move can pick up pieces, and targets are highlighted', async ({ page }) => {
    await page.locator('[data-square="e7"]').click();
    await expect(page.locator('[data-square-focus="e7"]')).not.toHaveAttribute('aria-label', /selected/);
    await page.locator('[data-square="g1"]').click();
    await expect(page.locator('[data-square-focus="g1"]')).toHaveAttribute('aria-label', /selected/);
    await expect(page.locator('[data-square-focus="f3"]')).toHaveAttribute('aria-label', /possible move/);
    await expect(page.locator('[data-square-focus="h3"]')).toHaveAttribute('aria-label', /possible move/);
    await expect(page.locator('[data-square-focus="g3"]')).not.toHaveAttribute('aria-label', /possible move/);
  });

  test('a piece can be moved with the keyboard alone', async ({ page }) => {
    await page.locator('[data-square-focus="e2"]').focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Enter');
    await expectPiece(page, 'e4', 'white pawn');
    await expect(statusBar(page)).toContainText("Black's Turn");
  });

  test('a piece can be dragged and dropped', { tag: '@phone' }, async ({ page }) => {
    const from = await page.locator('[data-square="d2"]').boundingBox();
    const to = await page.locator('[data-square="d4"]').boundingBox();
    if (!from || !to) throw new Error('board squares are not laid out');
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 12 });
    await page.mouse.up();
    await expectPiece(page, 'd4', 'white pawn');
  });

  test('reload restores the game', async ({ page }) => {
    await playMoves(page, ['e2e4', 'c7c5', 'g1f3']);
    const fen = await board(page).getAttribute('data-fen');
    await waitForStoredGame(page, 3);
    await page.reload();
    await expect(board(page)).toHaveAttribute('data-fen', fen ?? '');
    await expect(statusBar(page)).toContainText("Black's Turn");
    await expect(statusBar(page)).toContainText('Move 2');
  });

  test('New Game asks before discarding a game in progress, then clears the board', async ({ page }) => {
    await playMoves(page, ['e2e4']);
    const controls = page.getByRole('toolbar', { name: 'Game controls' });
    const ask = page.getByRole('dialog', { name: 'Start a new game?' });
    await controls.getByRole('button', { name: 'New Game' }).click();
    await expect(ask).toContainText('The game you are playing will be lost.');
    await expect(ask.getByRole('button', { name: 'Keep playing' })).toBeFocused();
    await expectAccessible(page, 'play, asking before a new game');
    await ask.getByRole('button', { name: 'Keep playing' }).click();
    await expect(ask).toHaveCount(0);
    await expectPiece(page, 'e4', 'white pawn');
    await controls.getByRole('button', { name: 'New Game' }).click();
    await ask.getByRole('button', { name: 'New Game' }).click();
    await expectPiece(page, 'e2', 'white pawn');
    await expect(statusBar(page)).toContainText('Move 0');
  });
});

test.describe('against the computer', () => {
  test("the computer replies, showing 'Coach is thinking...' meanwhile", async ({ page }) => {
    await expect(statusBar(page)).toContainText('Your Turn');
    const played = await recordPlay(page);
    await move(page, 'e2e4');
    await expect(statusBar(page)).toContainText('Your Turn', { timeout: 20_000 });
    await expect(statusBar(page)).toContainText('Move 1');
    const log = await played();
    const thinking = log.filter((moment) => moment.status.includes('Coach is thinking...'));
    expect(thinking.length).toBeGreaterThan(0);
    // While the coach thinks, Undo and the board are disabled.
    for (const moment of thinking) expect(moment).toMatchObject({ undoDisabled: true, boardDisabled: true });
    // Thinking came between the player's move and the reply.
    expect(log.findIndex((moment) => moment.status.includes('Coach is thinking...'))).toBeLessThan(
      log.findLastIndex((moment) => moment.status.includes('Your Turn')),
    );
    const fen = (await board(page).getAttribute('data-fen')) ?? '';
    expect(fen.split(' ')[1]).toBe('w');
    expect(fen.split(' ')[5]).toBe('2');
  });

  test('undo takes back the computer reply and the player move', async ({ page }) => {
    await move(page, 'd2d4');
    await expect(statusBar(page)).toContainText('Your Turn', { timeout: 20_000 });
    await page.getByRole('button', { name: 'Undo' }).click();
    await expectPiece(page, 'd2', 'white pawn');
    await expect(statusBar(page)).toContainText('Move 0');
    await expect(page.getByRole('button', { name: 'Undo' })).toHaveCount(0);
  });

  test('playing black, the computer opens', async ({ page }) => {
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('radio', { name: 'Black' }).check();
    await expect(page.getByText('Setting updated')).toBeVisible();
    await page.getByRole('link', { name: /Back to Play/ }).click();
    await expect(statusBar(page)).toContainText('Your Turn', { timeout: 20_000 });
    await expect(statusBar(page)).toContainText('Move 1');
    // Black sits at the bottom: the board's first (top-left) square is h1.
    await expect(page.locator('[data-square]').first()).toHaveAttribute('data-square', 'h1');
    expect((await board(page).getAttribute('data-fen'))?.split(' ')[1]).toBe('b');
  });
});

test.describe('when the engine cannot load', () => {
  // Without a service worker the test's network routes see every request for the engine files.
  test.use({ serviceWorkers: 'block' });

  test("the player is told, the board waits on the coach's turn, and Try again asks once more", async ({ page }) => {
    await page.route('**/engine/**', (route) => route.abort());
    await page.goto('/');
    await move(page, 'e2e4');
    await expect(page.getByRole('alert')).toContainText('The coach could not move');
    await expect(statusBar(page)).toContainText("Coach's Turn");
    await page.unroute('**/engine/**');
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(statusBar(page)).toContainText('Your Turn', { timeout: 20_000 });
  });
});

test('on a short wide screen the board and its controls stay above the bottom navigation', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name === 'phone-360', 'a desktop screen’s height');
  // 1280 x 800 keeps the spec's 450 px board; a Chromebook's browser window (about 1366 x 657)
  // shrinks it, rather than the navigation covering the controls.
  expect(Math.round((await board(page).boundingBox())!.width)).toBe(450);
  await page.setViewportSize({ width: 1366, height: 657 });
  const navTop = (await page.getByRole('navigation', { name: 'Main' }).boundingBox())!.y;
  for (const target of [board(page), page.getByRole('button', { name: 'New Game' }), page.getByRole('button', { name: 'Hint', exact: true })]) {
    const box = (await target.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(navTop);
  }
  const width = (await board(page).boundingBox())!.width;
  expect(width).toBeGreaterThanOrEqual(300);
  expect(width).toBeLessThan(450);
  await playMoves(page, ['e2e4']);
  await page.screenshot({ path: testInfo.outputPath('play-1366x657.png') });
});
