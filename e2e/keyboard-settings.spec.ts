import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { chooseOpponent, openAsGuest, registerAndStart, skipTutorial, solutionPositions, waitForStoredGame } from './helpers';
import { grantRole, makePlayer, signIn } from './tournament-helpers';

/**
 * 'Board for screen readers' and focus that is never lost (issue 31), with the keyboard only:
 * the setting turned on in Settings, then Play without the graphical board (the position as text,
 * the move log, the 'Type a move' box focused) through a promotion, an undo, a hint and a checkmate; a replay and a puzzle
 * as text; the profile dialog giving focus back to the name that opened it; and a class
 * roster whose 'Remove from class' hands focus to the next student's, the previous one's, then
 * the roster's heading, and a class's homework list doing the same for 'Cancel homework'. Accounts and classes are made through the usual helpers; from then on
 * nothing is clicked: Tab, focus on a control, Enter, Space and Escape. Judged by the
 * accessibility tree (roles, names, toBeFocused) and the live regions' text.
 */

test.use({ serviceWorkers: 'block' });

const moveLog = (page: Page) => page.getByRole('log', { name: 'Moves' });
const answer = (page: Page) => page.getByTestId('move-answer');
const typeBox = (page: Page) => page.getByLabel('Type a move');
const position = (page: Page) => page.getByRole('region', { name: 'Position' });

/** Presses Tab (or Shift+Tab, for what is above) until `target` has focus, as a keyboard user walks the page. */
async function tabTo(page: Page, target: Locator, { back = false, limit = 150 } = {}): Promise<void> {
  await expect(target).toBeVisible();
  for (let presses = 0; presses < limit; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  await expect(target).toBeFocused();
}

/** Types a line into the focused 'Type a move' box and sends it with Enter. */
async function typeLine(page: Page, line: string): Promise<void> {
  await expect(typeBox(page)).toBeFocused();
  await page.keyboard.type(line);
  await page.keyboard.press('Enter');
}

/** Turns a switch of Settings on or off with Space, and waits for the save. */
async function flipSwitch(page: Page, name: string, on: boolean): Promise<void> {
  const toggle = page.getByRole('switch', { name });
  await tabTo(page, toggle);
  await page.keyboard.press('Space');
  await expect(toggle).toBeChecked({ checked: on });
  await expect(page.getByText('Setting updated').first()).toBeVisible();
}

test('Board for screen readers: Play as text, by typed moves, through a promotion, an undo, a hint and a checkmate', { tag: '@phone' }, async ({ page }, testInfo) => {
  test.slow();
  await openAsGuest(page);
  await chooseOpponent(page, 'Human');
  // Off by default: the graphical board's named squares are there.
  await expect(page.getByRole('group', { name: /^Chess board\./ })).toBeVisible();

  await tabTo(page, page.getByRole('link', { name: 'Open settings' }), { back: true });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Parental Controls' })).toBeFocused();
  await flipSwitch(page, 'Board for screen readers', true);
  await expect(page.getByRole('region', { name: 'Appearance' }).getByRole('switch', { name: /^Board for screen readers/ })).toBeVisible();
  // axe's target-size counts a control half under the sticky header as obscured: judge the page
  // from its top, as every other walk does, not from wherever the keyboard scrolled it.
  await page.evaluate(() => window.scrollTo(0, 0));
  await expectAccessible(page, 'settings with the board for screen readers on');

  // Back on Play: no graphical board; the position as text; the box has focus.
  await tabTo(page, page.getByRole('link', { name: /Back to Play/ }));
  await page.keyboard.press('Enter');
  await expect(typeBox(page)).toBeFocused();
  await expect(page.getByRole('group', { name: /^Chess board\./ })).toHaveCount(0);
  await expect(page.locator('[data-square-focus]')).toHaveCount(0);
  await expect(position(page).getByRole('heading', { level: 2, name: 'Position' })).toBeVisible();
  await expect(position(page).getByRole('listitem')).toHaveText([
    'White: king e1, queen d1, rooks a1 and h1, bishops c1 and f1, knights b1 and g1, pawns a2, b2, c2, d2, e2, f2, g2 and h2',
    'Black: king e8, queen d8, rooks a8 and h8, bishops c8 and f8, knights b8 and g8, pawns a7, b7, c7, d7, e7, f7, g7 and h7',
    'White to move',
  ]);
  await expect(page.getByRole('heading', { level: 2, name: 'Moves' })).toBeVisible();
  await expectAccessible(page, 'Play as text (dark theme)');
  await page.screenshot({ path: testInfo.outputPath('play-as-text-dark.png'), fullPage: true });

  // A pawn runs to h8; the promotion is typed, first without its piece.
  for (const san of ['h4', 'g5', 'hxg5', 'h6', 'gxh6', 'Bg7', 'hxg7', 'Nf6']) await typeLine(page, san);
  await expect(moveLog(page)).toContainText('Black knight to f6');
  await expect(position(page)).toContainText('Last move: black knight g8 to f6');
  await typeLine(page, 'gxh8');
  await expect(answer(page)).toHaveText('gxh8: say which piece the pawn becomes, such as gxh8=Q');
  await typeLine(page, 'gxh8=Q');
  await expect(moveLog(page)).toContainText('White pawn takes h8, promotes to queen, check');
  await expect(position(page)).toContainText('White: king e1, queens d1 and h8');
  await expect(position(page)).toContainText('Black to move, in check');
  await expect(position(page)).toContainText('Last move: white queen g7 to h8');
  await expect(typeBox(page)).toBeFocused();

  // Undo, by the keyboard: the pawn is back on g7, White to move again.
  const controls = page.getByRole('toolbar', { name: 'Game controls' });
  await tabTo(page, controls.getByRole('button', { name: 'Undo' }));
  await page.keyboard.press('Enter');
  await expect(position(page)).toContainText('White to move');
  await expect(position(page)).toContainText(/pawns [^.]*g7/);
  await expect(position(page)).not.toContainText('queens');

  // A hint, by the keyboard: the text view names the piece, then, after 'Show me', its move.
  await tabTo(page, controls.getByRole('button', { name: 'Hint', exact: true }));
  await page.keyboard.press('Enter');
  const card = page.getByTestId('hint-card');
  await expect(card.getByRole('heading', { name: 'AI Suggestion' })).toBeVisible({ timeout: 30_000 });
  await expect(position(page)).toContainText(/Hint: the piece on [a-h][1-8]/);
  await tabTo(page, card.getByRole('button', { name: 'Show me' }));
  await page.keyboard.press('Enter');
  await expect(position(page)).toContainText(/Hint: [a-h][1-8] to [a-h][1-8]/);
  await expect(card.getByTestId('hint-text')).not.toBeEmpty();

  // A new game (asked first), then Fool's mate: the end is heard and shown in words.
  await tabTo(page, controls.getByRole('button', { name: 'New Game' }));
  await page.keyboard.press('Enter');
  const ask = page.getByRole('dialog', { name: 'Start a new game?' });
  await expect(ask.getByRole('button', { name: 'Keep playing' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(ask.getByRole('button', { name: 'New Game' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(position(page)).toContainText('White to move');
  await tabTo(page, typeBox(page));
  for (const san of ['f3', 'e5', 'g4', 'Qh4']) await typeLine(page, san);
  await expect(moveLog(page)).toContainText('Black queen to h4, checkmate');
  await expect(position(page)).toContainText('Checkmate, Black wins');
  await expect(page.getByRole('alert').filter({ has: page.locator('#end-banner-title') })).toBeVisible();

  // The light theme: the same text view, and axe's contrast rules on it.
  await tabTo(page, page.getByRole('link', { name: 'Open settings' }), { back: true });
  await page.keyboard.press('Enter');
  await flipSwitch(page, 'Dark theme', false);
  await tabTo(page, page.getByRole('link', { name: /Back to Play/ }));
  await page.keyboard.press('Enter');
  await expect(position(page)).toContainText('Checkmate, Black wins');
  await expectAccessible(page, 'Play as text (light theme)');
  await page.screenshot({ path: testInfo.outputPath('play-as-text-light.png'), fullPage: true });
});

test('Board for screen readers: a replay read as text, step by step', async ({ page }) => {
  test.slow();
  await registerAndStart(page);
  await chooseOpponent(page, 'Human');
  await tabTo(page, page.getByRole('link', { name: 'Open settings' }), { back: true });
  await page.keyboard.press('Enter');
  await flipSwitch(page, 'Board for screen readers', true);
  await tabTo(page, page.getByRole('link', { name: /Back to Play/ }));
  await page.keyboard.press('Enter');
  for (const san of ['f3', 'e5', 'g4', 'Qh4#']) await typeLine(page, san);
  await expect(position(page)).toContainText('Checkmate, Black wins');
  await waitForStoredGame(page, 4);
  // History lists the game once the server has it (sent a moment after the mate).
  await expect
    .poll(async () => ((await (await page.request.get('/api/games/history')).json()) as { games?: unknown[] }).games?.length ?? 0, { timeout: 30_000 })
    .toBe(1);

  await page.goto('/games/history');
  await tabTo(page, page.getByRole('link', { name: /^Replay Game/ }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Game Replay' })).toBeFocused();
  // A board that only shows: the text view, captioned with what it shows; no squares, no typed moves.
  await expect(page.locator('[data-square-focus]')).toHaveCount(0);
  await expect(position(page)).toContainText('Board at the starting position');
  await expect(position(page)).toContainText('White to move');
  await tabTo(page, page.getByRole('button', { name: 'Next move' }));
  await page.keyboard.press('Enter');
  await expect(moveLog(page).locator('p').last()).toHaveText('White pawn to f3');
  await expect(position(page)).toContainText('Board after White pawn to f3');
  await expect(position(page)).toContainText('Last move: white pawn f2 to f3');
  await page.keyboard.press('End');
  await expect(position(page)).toContainText('Checkmate, Black wins');
  await expect(page.getByLabel('Type a command')).not.toBeFocused();
  await expectAccessible(page, 'replay as text');
});

test('Board for screen readers: a puzzle solved by typed moves, with its position as text', async ({ page }) => {
  test.slow(); // a real server round trip per attempt
  await registerAndStart(page);
  await tabTo(page, page.getByRole('link', { name: 'Open settings' }), { back: true });
  await page.keyboard.press('Enter');
  await flipSwitch(page, 'Board for screen readers', true);
  await page.goto('/puzzles');
  await expect(page.getByRole('heading', { name: 'Puzzles', level: 1 })).toBeVisible();
  const puzzle = page.getByTestId('puzzle-board');
  await expect(puzzle).toHaveAttribute('data-status', 'solving');
  // The box has focus from the start; the text view says whose move it is.
  await expect(typeBox(page)).toBeFocused();
  await expect(page.locator('[data-square-focus]')).toHaveCount(0);
  const text = page.getByTestId('review-board');
  const fen = (await text.getAttribute('data-fen'))!;
  await expect(position(page)).toContainText(fen.split(' ')[1] === 'w' ? 'White to move' : 'Black to move');
  await expect(position(page)).toContainText(/Last move: (white|black) \w+ [a-h][1-8] to [a-h][1-8]/);
  const moves = (await puzzle.getAttribute('data-solution'))!.split(' ');
  // Each of the solver's moves typed (UCI), the opponent's reply waited for before the next.
  const fens = solutionPositions(fen, moves.slice(1));
  for (let i = 1; i < moves.length; i += 2) {
    await typeLine(page, moves[i]!);
    if (i + 1 < moves.length) await expect(text).toHaveAttribute('data-fen', fens[i]!);
  }
  await expect(page.getByTestId('puzzle-status')).toHaveText('Correct!');
  await expect(moveLog(page)).toContainText('Correct!');
  await expectAccessible(page, 'puzzle solved as text');
});

test('the profile dialog gives focus back to the name that opened it, after Close and after Escape', async ({ page }) => {
  const account = await registerAndStart(page);
  const name = page.getByRole('banner').getByRole('button', { name: account.username });
  const dialog = page.getByRole('dialog');
  await tabTo(page, name, { back: true });
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('heading', { level: 2, name: account.username })).toBeVisible();
  await tabTo(page, dialog.getByRole('button', { name: 'Close' }));
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  await expect(name).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('heading', { level: 2, name: account.username })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(name).toBeFocused();
});

/** A school, its teacher and a class of the named children, made through the API. */
async function makeClass(baseURL: string, project: string, names: string[]) {
  const stamp = `${project === 'phone-360' ? 'p' : 'd'}${Date.now().toString(36)}`;
  const manager = await makePlayer(baseURL, 'kfm');
  await grantRole(manager.email, 'organizer');
  const organization = await manager.api.post('/api/organizations', { data: { name: `Focus School ${stamp}`, type: 'elementary_school' } });
  expect(organization.status(), await organization.text()).toBe(201);
  const organizationId = ((await organization.json()) as { id: number }).id;
  const teacher = await makePlayer(baseURL, 'kft');
  await grantRole(teacher.email, 'teacher', `organization:${organizationId}`);
  const made = await teacher.api.post('/api/classes', { data: { organizationId, name: `Focus ${stamp}`, maxMembers: 30 } });
  expect(made.status(), await made.text()).toBe(201);
  const classId = ((await made.json()) as { id: number }).id;
  const added = await teacher.api.post(`/api/classes/${classId}/students`, { data: { names: names.map((name) => `${name}${stamp}`) } });
  expect(added.status(), await added.text()).toBe(201);
  const students = ((await added.json()) as { credentials: { username: string; realName: string }[] }).credentials;
  return { teacher, classId, students };
}

/** Presses a dialog's confirm button by the keyboard: focus starts on the safe choice; Tab, Enter. */
async function confirmByKeyboard(page: Page, dialogName: string, safe: string, confirm: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: dialogName });
  await expect(dialog.getByRole('button', { name: safe })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: confirm, exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
}

test("removing a student hands focus to the next student's Remove, the previous one's, then the roster's heading", async ({ page, baseURL }, testInfo) => {
  test.slow();
  const { teacher, classId, students } = await makeClass(baseURL!, testInfo.project.name, ['Ada First', 'Bo Middle', 'Cy Last']);
  const [ada, bo, cy] = students;

  await signIn(page, teacher);
  await skipTutorial(page);
  await page.goto(`/classes/${classId}`);
  const roster = page.getByRole('region', { name: 'Students of the class' });
  await expect(roster.locator('tbody tr')).toHaveCount(3);
  const removeButton = (username: string) => page.getByRole('button', { name: `Remove from class: ${username}` });

  /** Remove from class, by the keyboard: the dialog's focus starts on 'Keep in class'; Tab, Enter. */
  const remove = async (student: { username: string; realName: string }) => {
    await tabTo(page, removeButton(student.username));
    await page.keyboard.press('Enter');
    await confirmByKeyboard(page, `Remove ${student.realName} (${student.username}) from the class?`, 'Keep in class', 'Remove from class');
    await expect(removeButton(student.username)).toHaveCount(0);
  };

  // The middle row: focus goes to the next row's button.
  await remove(bo!);
  await expect(removeButton(cy!.username)).toBeFocused();
  // The last row: to the previous row's.
  await remove(cy!);
  await expect(removeButton(ada!.username)).toBeFocused();
  // The only row: to the roster's heading.
  await remove(ada!);
  await expect(page.getByRole('heading', { level: 2, name: 'No students yet' })).toBeFocused();
  await expectAccessible(page, 'class roster after removing every student');
});

test("cancelling a homework hands focus to the next one's Cancel, then the Homework heading", async ({ page, baseURL }, testInfo) => {
  test.slow();
  const { teacher, classId } = await makeClass(baseURL!, testInfo.project.name, ['Di Homework']);
  const due = new Date(Date.now() + 7 * 86_400_000).toISOString();
  for (const task of [{ kind: 'puzzles', theme: 'fork', count: 3 }, { kind: 'games', level: 'beginner', count: 2 }]) {
    const set = await teacher.api.post(`/api/classes/${classId}/homework`, { data: { key: crypto.randomUUID(), task, dueAt: due, note: '', studentIds: null } });
    expect(set.status(), await set.text()).toBeLessThan(300);
  }
  await signIn(page, teacher);
  await skipTutorial(page);
  await page.goto(`/classes/${classId}`);
  const cancelButtons = page.getByRole('button', { name: /^Cancel homework/ });
  await expect(cancelButtons).toHaveCount(2);
  // Each button is named for its homework ('Cancel homework: Solve 3 puzzles: Fork').
  const [first, second] = (await cancelButtons.evaluateAll((buttons) => buttons.map((button) => button.textContent ?? ''))).map((text) => {
    const what = text.slice(text.indexOf(':') + 1).trim().replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    return page.getByRole('button', { name: new RegExp(`^Cancel homework.*${what}$`) });
  });

  await tabTo(page, cancelButtons.first());
  await page.keyboard.press('Enter');
  await confirmByKeyboard(page, 'Cancel this homework?', 'Keep it', 'Cancel homework');
  await expect(first!).toHaveCount(0);
  await expect(second!).toBeFocused();

  await page.keyboard.press('Enter');
  await confirmByKeyboard(page, 'Cancel this homework?', 'Keep it', 'Cancel homework');
  await expect(cancelButtons).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 2, name: 'Homework' })).toBeFocused();
});
