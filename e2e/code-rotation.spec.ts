import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import Database from 'better-sqlite3';
import { skipTutorial } from './helpers';
import { expectAccessible, grantRole, makePlayer, signIn } from './tournament-helpers';

// Nothing here works offline: no service worker, whose install of the whole app cost each test
// about 1.3 s of CPU (decisions.md, 'End-to-end time').
test.use({ serviceWorkers: 'block' });

/**
 * Guessable codes (issue 26): the teacher rotates the sign-in code, the join code and a parent
 * letter's code in one tap, and the teacher's screens say when a code was retired after many wrong
 * guesses. Set-up by API calls.
 *
 * Retiring a code takes its kind's count of guesses reaching the code's mark: 14,803 wrong sign-in
 * codes from more networks than one browser has (sync-server/auth/code-guard.test.ts makes real
 * guesses cross the mark). Here the server's database moves one code's mark down to the count
 * already reached, as those guesses would have, so that only this test's code retires and the
 * specs running beside it keep theirs.
 */
function retireCode(sql: string, ...params: (string | number)[]): void {
  const database = new Database(join(process.env.E2E_DATA_DIR ?? '', 'chess.sqlite'));
  try {
    database.pragma('busy_timeout = 5000');
    expect(database.prepare(sql).run(...params).changes).toBe(1);
  } finally {
    database.close();
  }
}

const shot = (page: Page, name: string, path: (name: string) => string) => page.screenshot({ path: path(`${name}.png`), fullPage: true });

test('the teacher rotates each code in one tap, and a retired code is named on the teacher’s screen', async ({ page, baseURL }, testInfo) => {
  test.setTimeout(240_000);
  const stamp = `${testInfo.project.name === 'phone-360' ? 'p' : 'd'}${Date.now().toString(36)}`;
  const outputPath = (name: string) => testInfo.outputPath(name);
  const manager = await makePlayer(baseURL!, 'crm');
  await grantRole(manager.email, 'organizer');
  const organization = await manager.api.post('/api/organizations', { data: { name: `Oak School ${stamp}`, type: 'elementary_school' } });
  expect(organization.status(), await organization.text()).toBe(201);
  const organizationId = ((await organization.json()) as { id: number }).id;
  const teacher = await makePlayer(baseURL!, 'crt');
  await grantRole(teacher.email, 'teacher', `organization:${organizationId}`);
  const made = await teacher.api.post('/api/classes', { data: { organizationId, name: `4B Chess ${stamp}` } });
  expect(made.status(), await made.text()).toBe(201);
  const classId = ((await made.json()) as { id: number }).id;
  const added = await teacher.api.post(`/api/classes/${classId}/students`, { data: { names: ['Mia Jones', 'Leo Park'] } });
  expect(added.status(), await added.text()).toBe(201);
  const mia = ((await added.json()) as { credentials: { userId: number }[] }).credentials[0]!.userId;
  const lookUp = async (code: string) => (await teacher.api.post('/api/auth/class-code', { data: { code } })).status();

  await signIn(page, teacher);
  await skipTutorial(page);

  // The sign-in code: 'New code' replaces the one on the board at once.
  await page.goto(`/classes/${classId}/sign-in-code`);
  const board = page.getByTestId('sign-in-code');
  await expect(board).toHaveText(/^[A-Z0-9]{3}-[A-Z0-9]{3}$/);
  const first = (await board.textContent()) ?? '';
  await page.getByRole('button', { name: 'New code' }).click();
  await expect(board).not.toHaveText(first);
  await expect(board).toHaveText(/^[A-Z0-9]{3}-[A-Z0-9]{3}$/);
  const second = (await board.textContent()) ?? '';
  expect(await lookUp(first)).toBe(404);
  expect(await lookUp(second)).toBe(200);

  // Retired while on the board: the board says so within its next look (every 15 s) and offers a new code.
  retireCode("update class_codes set retire_at_guess = (select guesses from code_guess_counts where kind = 'sign_in') where team_id = ? and kind = 'sign_in'", classId);
  await expect(page.getByText('This code was retired for safety.')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('someone may be guessing codes', { exact: false })).toBeVisible();
  await expect(page.getByRole('timer')).toHaveCount(0);
  expect(await lookUp(second)).toBe(404);
  await expectAccessible(page);
  await shot(page, 'sign-in-code-retired', outputPath);
  await page.getByRole('button', { name: 'Show a new code' }).click();
  await expect(board).not.toHaveText(second);
  await expect(page.getByRole('timer')).toBeVisible();
  await expect(page.getByText('This code was retired for safety.')).toHaveCount(0);
  expect(await lookUp((await board.textContent()) ?? '')).toBe(200);

  // The join code: made, then replaced in one tap; it shows until when it works.
  await page.getByRole('link', { name: 'Back to the class' }).click();
  await page.getByRole('button', { name: 'Make a join code' }).click();
  const joinCode = page.getByTestId('join-code');
  await expect(joinCode).toHaveText(/^[A-Z0-9]{4}-[A-Z0-9]{4}$/);
  const firstJoin = (await joinCode.textContent()) ?? '';
  await expect(page.getByText(/^Works until /)).toBeVisible();
  await page.getByRole('button', { name: 'New join code' }).click();
  await expect(joinCode).not.toHaveText(firstJoin);
  const secondJoin = (await joinCode.textContent()) ?? '';

  // Retired: the class page names it and a new one is one tap away.
  retireCode("update class_codes set retire_at_guess = (select guesses from code_guess_counts where kind = 'join') where team_id = ? and kind = 'join'", classId);
  await page.reload();
  const notice = page.getByTestId('join-code-retired');
  await expect(notice).toContainText('This join code was retired for safety.');
  await expect(joinCode).toHaveText(secondJoin);
  await notice.scrollIntoViewIfNeeded();
  await expectAccessible(page);
  await shot(page, 'join-code-retired', outputPath);
  await page.getByRole('button', { name: 'New join code' }).click();
  await expect(joinCode).not.toHaveText(secondJoin);
  await expect(notice).toHaveCount(0);
  await expect(page.getByText(/^Works until /)).toBeVisible();

  // Parent letters: one letter's code replaced in one tap.
  await page.goto(`/classes/${classId}/parent-codes`);
  await page.getByRole('button', { name: 'Make letters for 2 students' }).click();
  const miaLetter = page.getByTestId('parent-letter').filter({ hasText: 'Mia Jones' });
  const miaCode = miaLetter.getByTestId('parent-code');
  await expect(miaCode).toHaveText(/^[A-Z0-9]{4}-[A-Z0-9]{4}$/);
  const firstLetter = (await miaCode.textContent()) ?? '';
  await miaLetter.getByRole('button', { name: 'New code for Mia Jones' }).click();
  await expect(miaCode).not.toHaveText(firstLetter);
  await expectAccessible(page);

  // Mia's newest letter retired: on the next visit the page names it and offers a new letter.
  retireCode(
    "update parent_link_codes set retire_at_guess = (select guesses from code_guess_counts where kind = 'parent') where id = (select max(id) from parent_link_codes where child_id = ?)",
    mia,
  );
  await page.reload();
  const retired = page.getByTestId('parent-letters-retired');
  await expect(retired).toContainText('One letter was retired for safety.');
  const given = page.getByRole('region', { name: 'Letters given' });
  await expect(given.getByRole('listitem').filter({ hasText: 'Mia Jones' })).toContainText('Retired for safety');
  await expect(given.getByRole('listitem').filter({ hasText: 'Leo Park' })).toContainText(/^Leo ParkWorks until /);
  await expectAccessible(page);
  await shot(page, 'parent-letter-retired', outputPath);
  await retired.getByRole('button', { name: 'New letter for Mia Jones' }).click();
  await expect(page.getByTestId('parent-letter')).toHaveCount(1);
  await expect(miaCode).toHaveText(/^[A-Z0-9]{4}-[A-Z0-9]{4}$/);
  await expect(miaCode).not.toHaveText(firstLetter);
});
