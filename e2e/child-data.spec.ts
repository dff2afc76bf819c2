import { readFile } from 'node:fs/promises';
import { expect, request as playwrightRequest, test, type Browser, type Page, type TestInfo } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { expectAccessible, grantRole, makePlayer, signIn, type Player } from './tournament-helpers';

// Nothing here works offline: no service worker, whose install of the whole app cost each test
// about 1.3 s of CPU (decisions.md, 'End-to-end time').
test.use({ serviceWorkers: 'block' });

/**
 * A child's data (issue 26): a school (its admin made it), a teacher and a class of two class
 * accounts (made through the API); Mia has played a game and her mother is linked to her. The
 * teacher and the mother download her data (the ZIP is opened and read); the school's admin sees
 * those downloads in the school's list and deletes Mia's account, asked first; her sessions end.
 * An ordinary account deletes itself from Settings.
 */

/** A game Mia saved (Scholar's mate against the computer). */
const GAME = { opponent: 'Computer', result: 'win', moves: ['e4', 'e5', 'Bc4', 'Nc6', 'Qh5', 'Nf6', 'Qxf7#'], gameMode: 'pvc', difficulty: 'beginner', playerColor: 'white', gameDurationSeconds: 95 };

interface ChildCard {
  userId: number;
  username: string;
  password: string;
}

async function school(baseURL: string, project: string) {
  const stamp = `${project === 'phone-360' ? 'p' : 'd'}${Date.now().toString(36)}`;
  const admin = await makePlayer(baseURL, 'cdad');
  await grantRole(admin.email, 'organizer');
  const organization = await admin.api.post('/api/organizations', { data: { name: `Riverside Primary ${stamp}`, type: 'elementary_school' } });
  expect(organization.status(), await organization.text()).toBe(201);
  const organizationId = ((await organization.json()) as { id: number }).id;
  const teacher = await makePlayer(baseURL, 'cdte');
  await grantRole(teacher.email, 'teacher', `organization:${organizationId}`);
  const made = await teacher.api.post('/api/classes', { data: { organizationId, name: `5B ${stamp}` } });
  expect(made.status(), await made.text()).toBe(201);
  const classId = ((await made.json()) as { id: number }).id;
  const added = await teacher.api.post(`/api/classes/${classId}/students`, { data: { names: ['Mia Rossi', 'Leo Brun'] } });
  expect(added.status(), await added.text()).toBe(201);
  const [mia] = ((await added.json()) as { credentials: ChildCard[] }).credentials as [ChildCard];

  const miaApi = await playwrightRequest.newContext({ baseURL });
  expect((await miaApi.post('/api/auth/login', { data: { username: mia.username, password: mia.password } })).ok()).toBe(true);
  const saved = await miaApi.post('/api/games/save', { data: GAME });
  expect(saved.ok(), await saved.text()).toBe(true);

  const mother = await makePlayer(baseURL, 'cdmo');
  const code = await teacher.api.post(`/api/classes/${classId}/students/${mia.userId}/parent-code`);
  expect(code.status(), await code.text()).toBe(201);
  const linked = await mother.api.post('/api/parents/link', { data: { code: ((await code.json()) as { code: string }).code } });
  expect(linked.status(), await linked.text()).toBe(201);
  return { admin, teacher, mother, organizationId, classId, mia, miaApi };
}

async function pageOf(browser: Browser, baseURL: string, like: Page, person: Player): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: like.viewportSize(), hasTouch: like.viewportSize()?.width === 360 });
  const page = await context.newPage();
  await signIn(page, person);
  return page;
}

/** Presses the download button, waits for the file and answers the archive's files as text. */
async function downloadArchive(page: Page, button: string, testInfo: TestInfo, name: string): Promise<Record<string, string>> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button }).click()]);
  expect(download.suggestedFilename()).toMatch(/^chess-data-.+-\d{4}-\d{2}-\d{2}\.zip$/);
  const path = testInfo.outputPath(name);
  await download.saveAs(path);
  const files = unzipSync(new Uint8Array(await readFile(path)));
  return Object.fromEntries(Object.entries(files).map(([file, bytes]) => [file, strFromU8(bytes)]));
}

test("the teacher and a parent download a child's data, the school's admin sees who did and deletes the account", async ({ page, baseURL, browser }, testInfo) => {
  test.setTimeout(150_000);
  const { admin, teacher, mother, organizationId, classId, mia, miaApi } = await school(baseURL!, testInfo.project.name);

  // The teacher, on Mia's page: a download, no delete (that is the school admin's).
  await signIn(page, teacher);
  await page.goto(`/classes/${classId}/students/${mia.userId}`);
  await expect(page.getByRole('heading', { name: 'Mia Rossi', level: 1 })).toBeVisible();
  const card = page.getByTestId('child-data');
  await expect(card.getByRole('heading', { name: /Data of Mia Rossi/ })).toBeVisible();
  await expect(card.getByRole('button', { name: /Delete/ })).toHaveCount(0);
  await expectAccessible(page);
  await page.screenshot({ path: testInfo.outputPath('student-data.png'), fullPage: true });
  const files = await downloadArchive(page, 'Download this child’s data', testInfo, 'teacher.zip');
  expect(Object.keys(files).sort()).toEqual(['README.txt', 'data.json', 'games.pgn', 'tournament-games.pgn']);
  const data = JSON.parse(files['data.json'] as string) as { account: Record<string, unknown>; tables: Record<string, unknown[]> };
  expect(data.account).toMatchObject({ id: mia.userId, username: mia.username, real_name: 'Mia Rossi' });
  expect(data.account).not.toHaveProperty('password_hash');
  expect(data.tables.games).toHaveLength(1);
  expect(data.tables.parent_links).toHaveLength(1);
  expect(files['games.pgn']).toContain('Qxf7#');
  expect(files['data.json']).not.toContain(mother.email);

  // The mother, on /children: the same download for her child.
  const parent = await pageOf(browser, baseURL!, page, mother);
  await parent.goto('/children');
  const child = parent.getByTestId('linked-child');
  await expect(child.getByRole('heading', { name: /Data of Mia Rossi/ })).toBeVisible();
  // A class account is the school's to delete: no delete for a parent.
  await expect(child.getByRole('button', { name: /Delete/ })).toHaveCount(0);
  const fromParent = await downloadArchive(parent, 'Download this child’s data', testInfo, 'parent.zip');
  expect(fromParent['games.pgn']).toContain('Qxf7#');
  await expectAccessible(parent);
  await parent.screenshot({ path: testInfo.outputPath('children-data.png'), fullPage: true });

  // The school's admin: the school's page lists both downloads.
  const office = await pageOf(browser, baseURL!, page, admin);
  await office.goto(`/organizations/${organizationId}`);
  const log = office.getByTestId('data-access-log');
  await expect(log.getByRole('heading', { name: 'Who read children’s private notes' })).toBeVisible();
  await expect(log.getByRole('listitem').filter({ hasText: `${teacher.username} downloaded all the data of Mia Rossi (${mia.username})` })).toBeVisible();
  await expect(log.getByRole('listitem').filter({ hasText: `${mother.username} downloaded all the data of Mia Rossi` })).toBeVisible();
  await expectAccessible(office);
  await office.screenshot({ path: testInfo.outputPath('access-log.png'), fullPage: true });
  // The teacher has no such list.
  await page.goto(`/organizations/${organizationId}`);
  await expect(page.getByRole('heading', { name: /Riverside Primary/ })).toBeVisible();
  await expect(page.getByTestId('data-access-log')).toHaveCount(0);

  // The admin deletes Mia's account, asked first with what goes.
  await office.goto(`/classes/${classId}/students/${mia.userId}`);
  await office.getByRole('button', { name: 'Delete this child’s account' }).click();
  const dialog = office.getByRole('dialog', { name: 'Delete Mia Rossi’s account?' });
  await expect(dialog).toContainText('games, puzzle attempts, lessons, homework, ratings, settings, classes and parent links');
  await expect(dialog).toContainText('Withdrawn player');
  await expectAccessible(office);
  await office.screenshot({ path: testInfo.outputPath('delete-confirm.png') });
  await dialog.getByRole('button', { name: 'Keep account' }).click();
  await expect(dialog).toHaveCount(0);
  await office.getByRole('button', { name: 'Delete this child’s account' }).click();
  await office.getByRole('dialog').getByRole('button', { name: 'Delete account' }).click();
  await expect(office.getByText('Account deleted')).toBeVisible();
  await expect(office).toHaveURL(new RegExp(`/classes/${classId}$`));
  await expect(office.getByText('Leo Brun').first()).toBeVisible();
  await expect(office.getByText('Mia Rossi')).toHaveCount(0);

  // Mia's devices: her session is gone (the app clears her data on the 401).
  expect((await miaApi.get('/api/auth/user')).status()).toBe(401);
  expect((await mother.api.get(`/api/users/${mia.userId}/data-export`)).status()).toBe(404);
  await parent.reload();
  await expect(parent.getByText('No child is linked yet.', { exact: false })).toBeVisible();
  await miaApi.dispose();
  await parent.context().close();
  await office.context().close();
});

test('an ordinary account downloads its data and deletes itself from Settings', { tag: '@phone' }, async ({ page, baseURL }, testInfo) => {
  test.setTimeout(90_000);
  const player = await makePlayer(baseURL!, 'cdse');
  await signIn(page, player);
  await page.goto('/settings');
  const card = page.getByTestId('child-data');
  await expect(card.getByRole('heading', { name: 'Your data' })).toBeVisible();
  const files = await downloadArchive(page, 'Download my data', testInfo, 'self.zip');
  expect((JSON.parse(files['data.json'] as string) as { account: { email: string } }).account.email).toBe(player.email.toLowerCase());
  await card.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog).toContainText('This deletes your account for good');
  await expectAccessible(page);
  await page.screenshot({ path: testInfo.outputPath('settings-delete.png') });
  await dialog.getByRole('button', { name: 'Delete account' }).click();
  await expect(page).toHaveURL(/\/login/);
  expect((await player.api.get('/api/auth/user')).status()).toBe(401);
  const again = await page.request.post('/api/auth/login', { data: { email: player.email, password: player.password } });
  expect(again.status()).toBe(401);
});
