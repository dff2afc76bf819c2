import { Chess } from 'chess.js';
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { chooseOpponent, openAsGuest, registerAndStart, solutionPositions } from './helpers';

/**
 * The boards that take moves, with the keyboard only (issue 31): a puzzle solved by typed moves
 * and one failed, and a lesson's practice board played square by square with the arrow keys.
 * Judged by what a screen reader reads: the squares' names, the move log (role="log") and the
 * typed box's answer (role="status"). The account is made through the usual helpers; from then
 * on nothing is clicked: focus goes to the board's or the box's tab stop, and keys do the rest.
 */

const moveLog = (page: Page) => page.getByRole('log', { name: 'Moves' });
const answer = (page: Page) => page.getByTestId('move-answer');
const typeBox = (page: Page) => page.getByLabel('Type a move');
const puzzleBoard = (page: Page) => page.getByTestId('puzzle-board');
const reviewBoard = (page: Page) => page.getByTestId('review-board');

/** Types a line into the 'Type a move' box and sends it with Enter. */
async function typeLine(page: Page, line: string): Promise<void> {
  await typeBox(page).focus();
  await page.keyboard.type(line);
  await page.keyboard.press('Enter');
}

/** Presses a button by giving it focus and pressing Enter, as a keyboard user does. */
async function pressButton(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name, exact: true }).focus();
  await page.keyboard.press('Enter');
}

/** The square the board's focus is on. */
const focusedSquare = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('data-square-focus') ?? null);

/** Puts the focus on the board (its one tab stop), then walks to `to` with the arrow keys. */
async function walkTo(page: Page, to: string, orientation: 'w' | 'b'): Promise<void> {
  let from = await focusedSquare(page);
  if (from === null) {
    await reviewBoard(page).locator('[data-square-focus][tabindex="0"]').focus();
    from = (await focusedSquare(page))!;
  }
  const flip = orientation === 'w' ? 1 : -1;
  const across = (to.charCodeAt(0) - from.charCodeAt(0)) * flip;
  const up = (Number(to[1]) - Number(from[1])) * flip;
  for (let i = 0; i < Math.abs(across); i++) await page.keyboard.press(across > 0 ? 'ArrowRight' : 'ArrowLeft');
  for (let i = 0; i < Math.abs(up); i++) await page.keyboard.press(up > 0 ? 'ArrowUp' : 'ArrowDown');
  expect(await focusedSquare(page)).toBe(to);
}

/** Plays a UCI move on the focused board: Enter on the piece, arrows, Enter on the target. */
async function playByKeys(page: Page, uci: string, orientation: 'w' | 'b'): Promise<void> {
  await walkTo(page, uci.slice(0, 2), orientation);
  await page.keyboard.press('Enter');
  await expect(page.locator(`[data-square-focus="${uci.slice(0, 2)}"]`)).toHaveAttribute('aria-label', /, selected$/);
  await walkTo(page, uci.slice(2, 4), orientation);
  await page.keyboard.press('Enter');
}


async function currentPuzzle(page: Page) {
  await expect(puzzleBoard(page)).toHaveAttribute('data-status', 'solving');
  const moves = (await puzzleBoard(page).getAttribute('data-solution'))!.split(' ');
  const fen = (await reviewBoard(page).getAttribute('data-fen'))!;
  return { moves, fen };
}

test('a puzzle solved by typed moves, the commands, and one failed, with the keyboard only', { tag: '@phone' }, async ({ page }) => {
  test.slow(); // a real server round trip per attempt
  await registerAndStart(page);
  await page.goto('/puzzles');
  await expect(page.getByRole('heading', { name: 'Puzzles', level: 1 })).toBeVisible();
  // The log is in the page from the start, and has heard the opponent's first move.
  await expect(moveLog(page)).toBeAttached();
  const { moves, fen } = await currentPuzzle(page);
  await expect(moveLog(page)).toContainText(/(White|Black) (king|queen|rook|bishop|knight|pawn) (to|takes) [a-h][1-8]|castles/);
  await expect(moveLog(page)).toContainText(/Find the best move for (White|Black)\./);

  // Commands read the position; a refused line says why, and the position stays.
  await typeLine(page, 'turn');
  await expect(answer(page)).toHaveText(new Chess(fen).turn() === 'w' ? /^White to move/ : /^Black to move/);
  await typeLine(page, 'board');
  await expect(answer(page)).toContainText('White: king');
  const game = new Chess(fen);
  const empty = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].flatMap((f) => [3, 4, 5, 6].map((r) => `${f}${r}`)).filter((s) => !game.get(s as never));
  const nonsense = `${empty[0]}${empty[1]}`;
  await typeLine(page, nonsense);
  await expect(answer(page)).toHaveText(`${nonsense} is not a legal move here`);
  await expect(reviewBoard(page)).toHaveAttribute('data-fen', fen);

  // The solution, typed (UCI), each reply waited for (the log hears it) before the next move.
  const fens = solutionPositions(fen, moves.slice(1));
  for (let i = 1; i < moves.length; i += 2) {
    await typeLine(page, moves[i]!);
    if (i + 1 < moves.length) await expect(reviewBoard(page)).toHaveAttribute('data-fen', fens[i]!);
  }
  await expect(page.getByTestId('puzzle-status')).toHaveText('Correct!');
  await expect(moveLog(page)).toContainText('Correct!');
  await typeLine(page, 'last');
  await expect(answer(page)).toHaveText(/^Last move: (White|Black) /);
  await expectAccessible(page, 'puzzle solved by typed moves');

  // The next one, failed: Show Solution by the keyboard; the log says the verdict.
  await pressButton(page, 'Next puzzle');
  await expect(page.getByTestId('puzzle-status')).toHaveText(/Watch the opponent|Find the best move/);
  await currentPuzzle(page);
  await pressButton(page, 'Show Solution');
  await expect(page.getByTestId('puzzle-status')).toContainText('Not quite right');
  await expect(moveLog(page)).toContainText('Not quite right. This puzzle will come back for review.');
  // The solution's last move is named on its square, not only coloured.
  const shown = (await puzzleBoard(page).getAttribute('data-solution'))!.split(' ').at(-1)!;
  await expect(page.locator(`[data-square-focus="${shown.slice(2, 4)}"]`)).toHaveAttribute('aria-label', /, last move/);
  // The board takes no more moves, and says so.
  await typeLine(page, 'a1a2');
  await expect(answer(page)).toHaveText(/is not a legal move here|The board is not taking moves now/);
});

interface ApiSection {
  type: 'text' | 'interactive';
  content: string | { fen: string; correctMoves: string[] };
}

test("a lesson's practice board, played square by square with the arrow keys", { tag: '@phone' }, async ({ page }) => {
  await registerAndStart(page);
  const lessons = (await (await page.request.get('/api/lessons')).json()) as { id: number; content: { sections: ApiSection[] } }[];
  const found = lessons
    .flatMap((lesson) => lesson.content.sections.map((section, index) => ({ lesson, section, index })))
    .find(({ section }) => section.type === 'interactive' && typeof section.content !== 'string' && !section.content.correctMoves[0]![4]);
  if (!found || typeof found.section.content === 'string') throw new Error('no lesson with a practice board');
  const { fen, correctMoves } = found.section.content;
  const orientation = fen.split(' ')[1] === 'b' ? 'b' : 'w';
  await page.goto(`/lesson/${found.lesson.id}?section=${found.index + 1}`);
  await expect(reviewBoard(page)).toHaveAttribute('data-fen', fen);
  await expect(moveLog(page)).toBeAttached();

  // Home and End go to the ends of the rank, Escape puts a piece down again.
  await reviewBoard(page).locator('[data-square-focus][tabindex="0"]').focus();
  await page.keyboard.press('Home');
  expect(await focusedSquare(page)).toMatch(orientation === 'w' ? /^a/ : /^h/);
  await page.keyboard.press('End');
  expect(await focusedSquare(page)).toMatch(orientation === 'w' ? /^h/ : /^a/);

  // A wrong move, typed: refused on the board, heard in the log.
  const game = new Chess(fen);
  const wrong = game.moves({ verbose: true }).find((m) => !correctMoves.some((c) => c.startsWith(`${m.from}${m.to}`)) && !m.promotion)!;
  await typeLine(page, wrong.san);
  await expect(moveLog(page)).toContainText('Not the move. Try again.');
  await expect(reviewBoard(page)).toHaveAttribute('data-fen', fen);

  // The right one, by the arrows and Enter; focus stays on the board, whose squares say the move.
  const correct = correctMoves[0]!;
  await reviewBoard(page).locator('[data-square-focus][tabindex="0"]').focus();
  await page.keyboard.press('Escape');
  await playByKeys(page, correct, orientation);
  await expect(moveLog(page)).toContainText('Solved: that is the move.');
  expect(await focusedSquare(page)).toBe(correct.slice(2, 4));
  const played = new Chess(fen).move({ from: correct.slice(0, 2), to: correct.slice(2, 4) });
  const side = played.color === 'w' ? 'White' : 'Black';
  await expect(moveLog(page)).toContainText(new RegExp(`${side} (\\w+ (to|takes) ${played.to}|castles)`));
  await expectAccessible(page, 'lesson practice board after a keyboard move');
});

test('Play by typed moves: castling, a refusal, and both sides heard in the log', { tag: '@phone' }, async ({ page }) => {
  await openAsGuest(page);
  await chooseOpponent(page, 'Human');
  await expect(moveLog(page)).toBeAttached();
  for (const san of ['e4', 'e5', 'nf3', 'Nc6', 'f1c4', 'Nf6']) await typeLine(page, san);
  await typeLine(page, '0-0');
  await expect(moveLog(page)).toContainText('White pawn to e4');
  await expect(moveLog(page)).toContainText('Black knight to c6');
  await expect(moveLog(page)).toContainText('White castles kingside');
  await expect(page.locator('[data-square-focus="g1"]')).toHaveAttribute('aria-label', 'g1, white king, last move');
  await typeLine(page, 'Nf6');
  await expect(answer(page)).toHaveText('Nf6 is not a legal move here');
  await typeLine(page, 'p n');
  await expect(answer(page)).toHaveText('Black knights: c6, f6');
  await typeLine(page, 'last');
  await expect(answer(page)).toHaveText('Last move: White castles kingside');
});

/**
 * The move White types to lose quickly against the strongest level: the fool's-mate pawns first
 * (f3, g4), then the first legal move that neither captures nor checks, so the computer's mate
 * comes soon. Read from the board's position, as a person reads the squares.
 */
function losingMove(fen: string): string {
  const game = new Chess(fen);
  const moves = game.moves({ verbose: true });
  const quiet = moves.filter((m) => !m.captured && !m.san.includes('+') && !m.san.startsWith('O-'));
  const pick = quiet.find((m) => m.lan === 'f2f3') ?? quiet.find((m) => m.lan === 'g2g4') ?? quiet[0] ?? moves[0]!;
  return pick.lan;
}

// At 1280 px only: the typed moves, the log and Play's layout at 360 px are the test above's; this
// one adds about twenty engine moves, the longest wait of the keyboard tests (CI's time).
test('a whole game against the computer, lost by typed moves and heard in the log', async ({ page }) => {
  // The strongest level thinks up to a second a move and each move is also classified by the
  // engine in the page: about twenty moves on a busy 2-core machine.
  test.setTimeout(240_000);
  await openAsGuest(page);
  // The computer is the default opponent; its level is chosen in Settings with the keyboard.
  await page.getByRole('link', { name: 'Settings' }).or(page.getByRole('button', { name: 'Settings' })).first().focus();
  await page.keyboard.press('Enter');
  const level = page.getByLabel('AI difficulty');
  await level.focus();
  await page.keyboard.press('End');
  await expect(level).toHaveValue('advanced');
  await expect(page.getByText('Setting updated')).toBeVisible();
  await page.getByRole('link', { name: /Back to Play/ }).focus();
  await page.keyboard.press('Enter');
  await expect(typeBox(page)).toBeVisible();
  const playBoard = page.getByTestId('board');

  for (let ply = 0; ply < 120; ply += 2) {
    const fen = (await playBoard.getAttribute('data-fen'))!;
    const game = new Chess(fen);
    if (game.isGameOver()) break;
    const uci = losingMove(fen);
    const san = game.move({ from: uci.slice(0, 2), to: uci.slice(2, 4), promotion: uci[4] }).san;
    await typeLine(page, uci);
    // The computer's reply is heard in the log, or the game is over; then it is White's turn again.
    await expect(playBoard).not.toHaveAttribute('data-fen', fen);
    await expect.poll(async () => {
      const now = new Chess((await playBoard.getAttribute('data-fen'))!);
      return now.turn() === 'w' || now.isGameOver();
    }, { timeout: 30_000 }).toBe(true);
    await expect(moveLog(page)).toContainText(san.startsWith('O-') ? 'castles' : /to|takes/);
  }
  const final = new Chess((await playBoard.getAttribute('data-fen'))!);
  expect(final.isCheckmate()).toBe(true);
  expect(final.turn()).toBe('w');
  // What a screen reader heard: White's typed moves, the computer's moves, and the mate.
  await expect(moveLog(page)).toContainText('White pawn to f3');
  await expect(moveLog(page)).toContainText(/Black (king|queen|rook|bishop|knight|pawn) (to|takes) [a-h][1-8].*, checkmate/);
  await expect(page.getByRole('alert')).toContainText('Checkmate!');
  await expect(page.getByRole('alert')).toContainText('Black wins!');
  // The finished board takes no more moves and says so.
  await typeLine(page, 'e2e4');
  await expect(answer(page)).toHaveText(/is not a legal move here|The board is not taking moves now/);
  await expectAccessible(page, 'a game lost to the computer by typed moves');
});
