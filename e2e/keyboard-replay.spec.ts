import { Chess } from 'chess.js';
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { chooseOpponent, newAccount, registerAndStart, waitForStoredGame } from './helpers';

/**
 * Replay and the assessment with the keyboard only (issue 31). Judged by what a screen reader
 * reads: the board's group name, the squares' names, the move log (role="log") and the typed box's
 * answer (role="status"). Accounts and Play's opponent are set up through the usual helpers; from
 * then on nothing is clicked: focus goes to a control, and keys do the rest.
 */

const moveLog = (page: Page) => page.getByRole('log', { name: 'Moves' });
/** The log's newest line: what a screen reader has just said. */
const lastLine = (page: Page) => moveLog(page).locator('p').last();
const answer = (page: Page) => page.getByTestId('move-answer');

/** Types a line into the box named `label` and sends it with Enter. */
async function typeLine(page: Page, label: 'Type a move' | 'Type a command', line: string): Promise<void> {
  await page.getByLabel(label).focus();
  await page.keyboard.type(line);
  await page.keyboard.press('Enter');
}

/** Presses a button or link by giving it focus and pressing Enter, as a keyboard user does. */
async function pressControl(page: Page, role: 'button' | 'link', name: string | RegExp): Promise<void> {
  await page.getByRole(role, { name, exact: typeof name === 'string' }).first().focus();
  await page.keyboard.press('Enter');
}

/** The square the board's focus is on. */
const focusedSquare = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('data-square-focus') ?? null);

test("replay read move by move with the keyboard: the log says each step, the squares say the position", { tag: '@phone' }, async ({ page }) => {
  test.slow();
  await registerAndStart(page, newAccount('kreplay'));
  await chooseOpponent(page, 'Human');
  // Fool's mate, typed.
  for (const san of ['f3', 'e5', 'g4', 'Qh4#']) await typeLine(page, 'Type a move', san);
  await expect(page.getByRole('alert').filter({ hasText: 'Checkmate!' })).toBeVisible();
  await waitForStoredGame(page, 4);

  // History lists the game once the server has it (sent a moment after the mate): asked of the
  // server, not by reloading the page, which would cut the push short each time.
  await expect
    .poll(async () => ((await (await page.request.get('/api/games/history')).json()) as { games?: unknown[] }).games?.length ?? 0, { timeout: 30_000 })
    .toBe(1);
  await page.goto('/games/history');
  await expect(page.getByTestId('history-item')).toHaveCount(1);
  await pressControl(page, 'link', /^Replay Game/);
  await expect(page.getByRole('heading', { name: 'Game Replay' })).toBeVisible();

  // The board is a group of named squares, not one image; the log is there, silent, from the start.
  const board = page.getByRole('group', { name: /^Board at the starting position\. Use the arrow keys to read the squares\.$/ });
  await expect(board).toBeVisible();
  await expect(page.getByRole('img', { name: /^Board after/ })).toHaveCount(0);
  await expect(moveLog(page)).toBeAttached();
  await expect(moveLog(page).locator('p')).toHaveCount(0);
  const position = page.getByTestId('replay-position');
  await expect(position).toHaveText('Starting position');

  // Step forward: Next move by Enter, then the arrow key; each move said in words.
  await pressControl(page, 'button', 'Next move');
  await expect(lastLine(page)).toHaveText('White pawn to f3');
  await expect(position).toHaveText('Move 1 of 2: 1. f3');
  await page.keyboard.press('ArrowRight');
  await expect(lastLine(page)).toHaveText('Black pawn to e5');
  await page.keyboard.press('ArrowRight');
  await expect(lastLine(page)).toHaveText('White pawn to g4');
  await page.keyboard.press('ArrowRight');
  await expect(lastLine(page)).toHaveText('Black queen to h4, checkmate');
  await expect(position).toHaveText('Move 2 of 2: 2... Qh4#');
  await expect(page.getByRole('group', { name: /^Board after Black queen to h4, checkmate\./ })).toBeVisible();

  // Back and jumps say where the board now is. (Next move is disabled on the last move: the keys
  // are pressed from Auto-play, which stays enabled; they work anywhere off the board and fields.)
  await page.getByRole('button', { name: 'Auto-play' }).focus();
  await page.keyboard.press('ArrowLeft');
  await expect(lastLine(page)).toHaveText('Move 2 of 2, white pawn to g4');
  await page.keyboard.press('Home');
  await expect(lastLine(page)).toHaveText('Starting position');
  await page.keyboard.press('End');
  await expect(lastLine(page)).toHaveText('Move 2 of 2, black queen to h4, checkmate');
  await pressControl(page, 'button', 'First move');
  await expect(lastLine(page)).toHaveText('Starting position');
  await pressControl(page, 'button', 'Last move');
  await expect(lastLine(page)).toHaveText('Move 2 of 2, black queen to h4, checkmate');
  await pressControl(page, 'button', 'Previous move');
  await expect(lastLine(page)).toHaveText('Move 2 of 2, white pawn to g4');

  // The board: one tab stop; the arrows walk its squares (they do not step the replay), each named.
  await page.getByTestId('replay-board').locator('[data-square-focus][tabindex="0"]').focus();
  expect(await focusedSquare(page)).toBe('e2');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  expect(await focusedSquare(page)).toBe('g4');
  await expect(page.locator('[data-square-focus="g4"]')).toHaveAttribute('aria-label', 'g4, white pawn, last move');
  await expect(position).toHaveText('Move 2 of 2: 2. g4');
  // Tab leaves the board at once: it is not a trap.
  await page.keyboard.press('Tab');
  expect(await focusedSquare(page)).toBeNull();

  // On the mate the king's square says check, not only its colour.
  await pressControl(page, 'button', 'Next move');
  await expect(page.locator('[data-square-focus="e1"]')).toHaveAttribute('aria-label', 'e1, white king, in check');
  await expect(page.locator('[data-square-focus="h4"]')).toHaveAttribute('aria-label', 'h4, black queen, last move');

  // The box beside it reads the position and plays no move.
  await typeLine(page, 'Type a command', 'last');
  await expect(answer(page)).toHaveText('Last move: Black queen to h4, checkmate');
  await typeLine(page, 'Type a command', 'turn');
  await expect(answer(page)).toHaveText('White to move, in check');
  await typeLine(page, 'Type a command', 'p q');
  await expect(answer(page)).toHaveText('Black queen: h4');
  await typeLine(page, 'Type a command', 's 4');
  await expect(answer(page)).toContainText('g4 white pawn, h4 black queen');
  await typeLine(page, 'Type a command', 'e4');
  await expect(answer(page)).toHaveText('Moves are not played here. Type help for the commands.');
  await expect(page.getByTestId('replay-board')).toHaveAttribute('data-fen', /^rnb1kbnr\/pppp1ppp\/8\/4p3\/6Pq\/5P2\/PPPPP2P\/RNBQKBNR w/);
  await expectAccessible(page, 'replay read by the keyboard');
});

/** The answer as typed: a pawn reaching the last rank becomes a queen, as the board makes it. */
function uciOf(fen: string, { from, to }: { from: string; to: string }): string {
  const promotes = new Chess(fen).moves({ verbose: true }).some((m) => m.from === from && m.to === to && m.promotion);
  return `${from}${to}${promotes ? 'q' : ''}`;
}

interface Puzzle {
  fen: string;
  solution: { from: string; to: string }[];
}

test("the assessment's verdicts heard in the move log, with the keyboard only", { tag: '@phone' }, async ({ page }) => {
  test.slow();
  const account = newAccount('kassess');
  await page.goto('/register');
  await page.getByLabel('Username').fill(account.username);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Skill Assessment' })).toBeVisible();
  const puzzles = (await (await page.request.get('/api/onboarding/puzzles')).json()) as Puzzle[];
  const [first, second] = puzzles;
  if (!first || !second) throw new Error('the assessment has fewer than two puzzles');
  await expect(moveLog(page)).toBeAttached();

  // Puzzle 1: a wrong move, typed; not played, and the log says which move was not the answer.
  const answer1 = first.solution[0]!;
  // Not castling, whose words name no square.
  const wrong = new Chess(first.fen).moves({ verbose: true }).find((m) => (m.from !== answer1.from || m.to !== answer1.to) && !/[kq]/.test(m.flags))!;
  await typeLine(page, 'Type a move', `${wrong.from}${wrong.to}${wrong.promotion ?? ''}`);
  await expect(lastLine(page)).toHaveText(new RegExp(`^(White|Black) .*${wrong.to}.* is not the answer\\. Try again\\.$`));
  await expect(page.getByTestId('review-board')).toHaveAttribute('data-fen', first.fen);

  // Then the answer: the log says the move, then 'Correct!'.
  await typeLine(page, 'Type a move', uciOf(first.fen, answer1));
  await expect(lastLine(page)).toHaveText('Correct!');
  await expect(moveLog(page)).toContainText(new RegExp(`(White|Black) (\\w+ (to|takes) ${answer1.to}|castles)`));

  // Puzzle 2 (1.5 s later): Show Solution by Enter; the log says the answer, then the verdict.
  await expect(page.getByRole('heading', { name: 'Puzzle 2' })).toBeVisible();
  await expect(page.getByTestId('review-board')).toHaveAttribute('data-fen', second.fen);
  await pressControl(page, 'button', 'Show Solution');
  await expect(lastLine(page)).toHaveText('The solution is on the board.');
  const answer2 = second.solution[0]!;
  await expect(page.locator(`[data-square-focus="${answer2.to}"]`)).toHaveAttribute('aria-label', /, last move/);
  await expectAccessible(page, 'the assessment heard by the keyboard');
});
