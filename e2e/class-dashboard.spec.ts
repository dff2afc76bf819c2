import { readFile } from 'node:fs/promises';
import { request as playwrightRequest, expect, test } from '@playwright/test';
import { skipTutorial } from './helpers';
import { expectAccessible, grantRole, makePlayer, signIn } from './tournament-helpers';

/**
 * The class dashboard (issue 19). Set up through the API: a school, its teacher, a class of two
 * children, and one child's game with its review. The teacher opens the class, sees the child's
 * figures, sorts, opens the child's page and the game's replay, and exports the CSV.
 */
test('a teacher follows a child’s progress on the class dashboard, the child’s page and the CSV', { tag: '@phone' }, async ({ page, baseURL }, testInfo) => {
  test.setTimeout(90_000);
  const stamp = `${testInfo.project.name === 'phone-360' ? 'p' : 'd'}${Date.now().toString(36)}`;
  const manager = await makePlayer(baseURL!, 'cdm');
  await grantRole(manager.email, 'organizer');
  const organization = await manager.api.post('/api/organizations', { data: { name: `Hillside ${stamp}`, type: 'elementary_school' } });
  expect(organization.status(), await organization.text()).toBe(201);
  const organizationId = ((await organization.json()) as { id: number }).id;
  const teacher = await makePlayer(baseURL!, 'cdt');
  await grantRole(teacher.email, 'teacher', `organization:${organizationId}`);
  const made = await teacher.api.post('/api/classes', { data: { organizationId, name: `5C Chess ${stamp}` } });
  expect(made.status(), await made.text()).toBe(201);
  const classId = ((await made.json()) as { id: number }).id;
  const added = await teacher.api.post(`/api/classes/${classId}/students`, { data: { names: [`Ayla Busy${stamp}`, `Ben Quiet${stamp}`] } });
  expect(added.status(), await added.text()).toBe(201);
  const [ayla] = ((await added.json()) as { credentials: { username: string; password: string }[] }).credentials;

  // Ayla plays a game and has it reviewed (two forks missed).
  const child = await playwrightRequest.newContext({ baseURL });
  expect((await child.post('/api/auth/login', { data: { username: ayla!.username, password: ayla!.password } })).status()).toBe(200);
  const gameId = crypto.randomUUID();
  const saved = await child.post('/api/games/save', {
    data: { gameId, opponent: 'Computer', result: 'win', moves: ['e4', 'e5', 'Bc4', 'Nc6', 'Qh5', 'Nf6', 'Qxf7#'], gameMode: 'pvc', difficulty: 'beginner', playerColor: 'white', gameDurationSeconds: 600 },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const phase = (accuracy: number, moves: number) => ({ accuracy, moves, blunders: 0, timeSpent: null });
  const analysis = { movesAnalyzed: 4, averageAccuracy: 82.5, blunders: 0, mistakes: 1, inaccuracies: 0, bestMovePercentage: 75, missedTactics: ['fork', 'fork'], phases: { opening: phase(90, 3), middlegame: phase(60, 1), endgame: { accuracy: null, moves: 0, blunders: 0, timeSpent: null } }, turningPoint: null };
  const reviewed = await child.post(`/api/games/${gameId}/analysis`, { data: { analysis } });
  expect(reviewed.status(), await reviewed.text()).toBe(200);
  await child.dispose();

  await signIn(page, teacher);
  await skipTutorial(page);
  await page.goto(`/classes/${classId}`);
  const table = page.getByRole('region', { name: 'Progress of each student (scrolls sideways)' });
  await expect(table.locator('tbody tr')).toHaveCount(2);
  const aylaRow = table.locator('tbody tr', { hasText: `Ayla Busy${stamp}` });
  await expect(aylaRow).toContainText('10 min');
  await expect(aylaRow).toContainText('82.5%');
  await expect(aylaRow).toContainText('Fork');
  await expect(aylaRow).toContainText('Strategy');
  // The table scrolls inside its card: the page itself never gets wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await expectAccessible(page);

  // Sorting: names A to Z at first; 'Games in all' puts the most first, again the fewest first.
  const firstName = () => table.locator('tbody tr').first().locator('th');
  await expect(firstName()).toContainText('Ayla');
  const gamesHeader = table.getByRole('columnheader', { name: 'Games in all' });
  await gamesHeader.getByRole('button').click();
  await expect(gamesHeader).toHaveAttribute('aria-sort', 'descending');
  await expect(firstName()).toContainText('Ayla');
  await gamesHeader.getByRole('button').click();
  await expect(gamesHeader).toHaveAttribute('aria-sort', 'ascending');
  await expect(firstName()).toContainText('Ben');
  await page.screenshot({ path: testInfo.outputPath('class-dashboard.png'), fullPage: true });

  // The CSV, made on the device from the figures shown, in the order shown.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^5C-Chess-.+-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '').split('\r\n');
  expect(csv[0]).toContain('Username,Name,Rating');
  expect(csv[1]).toContain(`Ben Quiet${stamp}`);
  expect(csv[2]).toMatch(new RegExp(`^${ayla!.username},Ayla Busy${stamp},\\d+,,,1,1,10,0,0,0,82.5,1,Strategy,Fork,\\d{4}-`));

  // Offline after this one visit: the figures stored on the device, with their time.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.context().setOffline(true);
  await page.reload();
  await expect(page.getByText('Offline: figures as they were on')).toBeVisible();
  await expect(aylaRow).toContainText('82.5%');
  await page.context().setOffline(false);

  // The child's page, and the game's replay from it.
  await aylaRow.getByRole('link', { name: `Ayla Busy${stamp}` }).click();
  await expect(page.getByRole('heading', { name: `Ayla Busy${stamp}`, level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Skill areas' }).or(page.locator('section', { has: page.getByRole('heading', { name: 'Skill areas' }) }))).toContainText('Fork');
  await expect(page.getByText('2 times')).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: testInfo.outputPath('class-student.png'), fullPage: true });
  await page.getByRole('link', { name: /^Replay the game of / }).click();
  await expect(page.getByRole('heading', { name: 'Game Replay' })).toBeVisible();
  await expect(page.getByText('Error loading game')).toHaveCount(0);
  await expect(page.getByText(/Win against the computer/).first()).toBeVisible();
});
