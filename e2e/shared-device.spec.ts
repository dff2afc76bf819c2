/**
 * A shared school Chromebook (issue 26): what a signed-in person's role loaded leaves the device
 * when they log out, or when the server ends their session; unsent work is sent first or given up
 * only when asked; a guest opening a members' screen is sent to sign in and comes back to it.
 */
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { expect, request as playwrightRequest, test, type Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { chooseOpponent, newAccount, playMoves, registerAndStart, rowsOf, skipTutorial, statusBar } from './helpers';
import { grantRole, makePlayer, signIn } from './tournament-helpers';

const FOOLS_MATE = ['f2f3', 'e7e5', 'g2g4', 'd8h4'];

/** Letters only (names refuse digits), different on each run and screen. */
function tagOf(project: string): string {
  return `${project === 'phone-360' ? 'p' : 'd'}${Date.now().toString(36)}`.replace(/\d/g, (digit) => 'qrstuvwxyz'[Number(digit)]!);
}

/**
 * Everything this origin keeps in the browser, as text: every IndexedDB database and object
 * store, every Cache Storage entry that is text, localStorage and sessionStorage.
 */
async function deviceText(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const request = <T,>(r: IDBRequest<T>) => new Promise<T>((resolve, reject) => {
      r.onsuccess = () => resolve(r.result);
      r.onerror = () => reject(r.error);
    });
    const parts: string[] = [];
    for (const info of await indexedDB.databases()) {
      if (!info.name) continue;
      const database = await request(indexedDB.open(info.name));
      for (const store of Array.from(database.objectStoreNames)) {
        parts.push(`${info.name}/${store}: ${JSON.stringify(await request(database.transaction(store).objectStore(store).getAll()))}`);
      }
      database.close();
    }
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const entry of await cache.keys()) {
        const response = await cache.match(entry);
        const type = response?.headers.get('content-type') ?? '';
        parts.push(`${name} ${entry.url}: ${response && /json|text|html|javascript/.test(type) ? await response.text() : ''}`);
      }
    }
    parts.push(JSON.stringify({ ...localStorage }), JSON.stringify({ ...sessionStorage }));
    return parts.join('\n');
  });
}

/** The outbox's rows, by name and status. */
async function outboxRows(page: Page): Promise<{ name: string; status: string }[]> {
  return (await rowsOf<{ name: string; status: string }>(page, 'outbox')).map(({ name, status }) => ({ name, status }));
}

/**
 * A registration's emergency contact and medical notes, written in the e2e server's database (no
 * screen collects them yet; the server hands them to the tournament's managers), and the
 * tournament's version moved on so its cached snapshot is read again.
 */
function writeRegistrationNotes(tournamentId: number, userId: number, contact: string, medical: string): void {
  const database = new Database(join(process.env.E2E_DATA_DIR ?? '', 'chess.sqlite'));
  try {
    database.pragma('busy_timeout = 10000');
    const changed = database.prepare('update registrations set emergency_contact = ?, medical_info = ? where tournament_id = ? and user_id = ?').run(contact, medical, tournamentId, userId);
    expect(changed.changes).toBe(1);
    database.prepare('update tournaments set version = version + 1 where id = ?').run(tournamentId);
  } finally {
    database.close();
  }
}

async function finishOneGame(page: Page): Promise<void> {
  await playMoves(page, FOOLS_MATE);
  await expect(page.getByRole('alert').filter({ hasText: 'Checkmate!' })).toBeVisible();
  await page.getByRole('toolbar', { name: 'Game controls' }).getByRole('button', { name: 'New Game' }).click();
  await expect(statusBar(page)).toContainText('Move 0');
}

async function openSettings(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'Open settings' }).click();
  await expect(page.getByRole('button', { name: 'Log Out' })).toBeVisible();
}

test("a teacher logs out of a shared browser: the next child finds none of the class's names, contacts or medical notes", async ({ page, baseURL }, testInfo) => {
  // Three accounts, a class, a tournament and a full sign-in each way: slow on a loaded 2-core machine.
  test.setTimeout(240_000);
  const tag = tagOf(testInfo.project.name);
  const manager = await makePlayer(baseURL!, 'sdm');
  await grantRole(manager.email, 'organizer');
  const organization = await manager.api.post('/api/organizations', { data: { name: `Hillside ${tag}`, type: 'elementary_school' } });
  expect(organization.status(), await organization.text()).toBe(201);
  const organizationId = ((await organization.json()) as { id: number }).id;
  const teacher = await makePlayer(baseURL!, 'sdt');
  await grantRole(teacher.email, 'teacher', `organization:${organizationId}`);

  // The teacher's class, whose real names are private to its staff; and another class with the child who comes next.
  const className = `Class ${tag}`;
  const made = await teacher.api.post('/api/classes', { data: { organizationId, name: className } });
  expect(made.status(), await made.text()).toBe(201);
  const classId = ((await made.json()) as { id: number }).id;
  const names = [`Amara ${tag}`, `Ben ${tag}`, `Chloe ${tag}`];
  const pasted = await teacher.api.post(`/api/classes/${classId}/students`, { data: { names } });
  expect(pasted.status(), await pasted.text()).toBe(201);
  const students = ((await pasted.json()) as { credentials: { userId: number; username: string }[] }).credentials;
  const other = await teacher.api.post('/api/classes', { data: { organizationId, name: `Other ${tag}` } });
  const otherId = ((await other.json()) as { id: number }).id;
  const childPaste = await teacher.api.post(`/api/classes/${otherId}/students`, { data: { names: [`Zoe ${tag}`] } });
  const child = ((await childPaste.json()) as { credentials: { username: string; password: string }[] }).credentials[0]!;

  // The class's tournament, with a child's emergency contact and medical notes.
  const tournament = await teacher.api.post(`/api/classes/${classId}/tournament`, { data: { name: `Cup ${tag}`, format: 'round_robin', date: new Date().toISOString().slice(0, 10) } });
  expect(tournament.status(), await tournament.text()).toBe(201);
  const tournamentId = ((await tournament.json()) as { tournamentId: number }).tournamentId;
  const contact = `Grandma Ruth ${tag} 98450 11223`;
  const medical = `Peanut allergy ${tag}, inhaler in the blue bag`;
  writeRegistrationNotes(tournamentId, students[0]!.userId, contact, medical);

  // On the shared laptop: the roster, then the tournament, kept for offline use.
  await signIn(page, teacher);
  await skipTutorial(page);
  await page.goto(`/classes/${classId}`);
  const roster = page.getByRole('region', { name: 'Students of the class' });
  for (const name of names) await expect(roster).toContainText(name);
  await page.goto(`/tournaments/${tournamentId}`);
  await expect(page.getByRole('region', { name: 'Tournament numbers' })).toContainText('3Registered');
  await page.getByRole('tab', { name: 'Registrations' }).click();
  await expect(page.getByRole('listitem', { name: students[0]!.username })).toContainText(names[0]!);
  const secrets = [contact, medical, ...names, className, teacher.email];
  // The device holds them now (so the check below can fail).
  await expect.poll(async () => {
    const text = await deviceText(page);
    return secrets.filter((secret) => text.includes(secret));
  }).toEqual(secrets);

  await openSettings(page);
  await expectAccessible(page, 'Settings before Log Out');
  await page.getByRole('button', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(/\/login$/);

  // The next child signs in on the same browser.
  await page.goto('/login?with=username');
  await page.getByLabel('Username').fill(child.username);
  await page.getByLabel('Password', { exact: true }).fill(child.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText('Welcome back!')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Skill Assessment' }).or(statusBar(page))).toBeVisible();
  await expectAccessible(page, 'the child signed in');
  const text = await deviceText(page);
  expect(secrets.filter((secret) => text.includes(secret))).toEqual([]);
  expect(text).toContain('chess-learning/outbox');
});

test('Log Out offline asks before deleting unsent games; online it sends them first', async ({ page, context, baseURL }, testInfo) => {
  test.setTimeout(180_000);
  const account = await registerAndStart(page, newAccount('sdoff'));
  await chooseOpponent(page, 'Human');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await expect.poll(() => outboxRows(page)).toEqual([]);

  // Two games offline wait in the outbox; Log Out says so and asks.
  await context.setOffline(true);
  await finishOneGame(page);
  await finishOneGame(page);
  await openSettings(page);
  await page.getByRole('button', { name: 'Log Out' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete unsaved changes?' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('2 games are not saved to your account yet: this device is offline. If you log out now, they are deleted from this device. To keep them, connect to the internet and log out again.');
  await expect(dialog.getByRole('button', { name: 'Stay signed in' })).toBeFocused();
  await expectAccessible(page, 'the Log Out question');
  await page.screenshot({ path: testInfo.outputPath(`log-out-offline-${page.viewportSize()?.width}.png`) });
  await dialog.getByRole('button', { name: 'Stay signed in' }).click();
  await expect(dialog).toHaveCount(0);
  expect(await outboxRows(page)).toEqual([{ name: 'saveGame', status: 'pending' }, { name: 'saveGame', status: 'pending' }]);

  // Back online, Log Out sends them first and asks nothing.
  await context.setOffline(false);
  await page.getByRole('button', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  const api = await makeApi(baseURL!, account);
  expect(await gamesOf(api)).toBe(2);

  // Offline again, one more game, and this time the person chooses to delete it.
  await signIn(page, account);
  await skipTutorial(page);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await context.setOffline(true);
  await finishOneGame(page);
  await openSettings(page);
  await page.getByRole('button', { name: 'Log Out' }).click();
  await expect(dialog).toContainText('1 game is not saved to your account yet');
  await dialog.getByRole('button', { name: 'Log Out and delete' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await outboxRows(page)).toEqual([]);
  expect(await deviceText(page)).not.toContain(account.email);
  await context.setOffline(false);
  expect(await gamesOf(api)).toBe(2);
  await api.dispose();
});

test('a session the server ended: the data leaves, the unsent game waits for the next sign-in', async ({ page, context, baseURL }) => {
  test.setTimeout(150_000);
  const account = await registerAndStart(page, newAccount('sdend'));
  await chooseOpponent(page, 'Human');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await expect.poll(() => outboxRows(page)).toEqual([]);
  await context.setOffline(true);
  await finishOneGame(page);

  // Elsewhere, the password is changed: every other session ends (this browser's too).
  const api = await makeApi(baseURL!, account);
  const changed = await api.post('/api/auth/change-password', { data: { currentPassword: account.password, newPassword: 'other-pass-2' } });
  expect(changed.ok(), await changed.text()).toBe(true);

  // The network returns: the sync meets a 401, the account's data goes, the game stays for its owner.
  await context.setOffline(false);
  // Going online starts the sync itself; the nudge below may meet the page already leaving for
  // the sign-in page (the 401 came first), which is what the next line waits for.
  await page.evaluate(() => window.dispatchEvent(new Event('online'))).catch((error: unknown) => {
    if (!/Execution context was destroyed/.test(String(error))) throw error;
  });
  await expect(page).toHaveURL(/\/login\?ended=1$/);
  await expect(page.getByRole('status').filter({ hasText: 'Your session has ended' })).toContainText('A change not yet saved waits on this device and will be saved when this account signs in again.');
  await expectAccessible(page, 'the sign-in page after a session ended');
  const text = await deviceText(page);
  expect(text).not.toContain(account.email);
  expect((await rowsOf<{ key: string }>(page, 'records')).map((row) => row.key)).not.toContain('chess-current-game');
  expect(await outboxRows(page)).toEqual([{ name: 'saveGame', status: 'pending' }]);

  await signIn(page, { email: account.email, password: 'other-pass-2' });
  await expect.poll(() => gamesOf(api), { timeout: 30_000 }).toBe(1);
  await expect.poll(() => outboxRows(page)).toEqual([]);
  await api.dispose();
});

test('a guest opening a members’ screen (a homework link to /puzzles) signs in and lands on it', async ({ page, baseURL }) => {
  const player = await makePlayer(baseURL!, 'sdg');
  // A visitor who never chose gets the landing page there; 'Play as guest' goes to Play.
  await page.goto('/classes');
  await expect(page.getByRole('heading', { name: 'Chess Learning App' })).toBeVisible();
  await page.getByRole('button', { name: 'Play as guest' }).click();
  await expect(page).toHaveURL(/\/$/);
  await skipTutorial(page);
  // A guest opening the homework link is sent to sign in.
  await page.goto('/puzzles');
  await expect(page).toHaveURL(/\/login\?next=%2Fpuzzles$/);
  await expect(page.getByRole('link', { name: 'Back to Play' })).toBeVisible();
  await expectAccessible(page, 'sign in from /puzzles');
  await page.getByLabel('Email').fill(player.email);
  await page.getByLabel('Password', { exact: true }).fill(player.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/puzzles$/);
  await expect(page.getByRole('heading', { name: 'Puzzles', level: 1 })).toBeVisible();
  await player.api.dispose();
});

async function makeApi(baseURL: string, account: { email: string; password: string }) {
  const api = await playwrightRequest.newContext({ baseURL });
  const login = await api.post('/api/auth/login', { data: { email: account.email, password: account.password } });
  expect(login.ok(), await login.text()).toBe(true);
  return api;
}

async function gamesOf(api: Awaited<ReturnType<typeof makeApi>>): Promise<number> {
  const answer = await api.get('/api/games/history');
  expect(answer.ok(), await answer.text()).toBe(true);
  return ((await answer.json()) as { games: unknown[] }).games.length;
}
