import { expect, test } from '@playwright/test';
import { skipTutorial } from './helpers';
import { expectAccessible, grantRole, makePlayer, signIn } from './tournament-helpers';

// Nothing here works offline: no service worker, whose install of the whole app cost each test
// about 1.3 s of CPU (decisions.md, 'End-to-end time').
test.use({ serviceWorkers: 'block' });

/**
 * Class tournaments (issue 19): a teacher with a class of four (set up through the API) makes a
 * tournament from the class page, sees the confirmed players with their real names, starts round
 * 1, and an outsider opening the same tournament sees usernames only.
 */
test('a teacher makes a tournament from the class page; real names for the teacher, usernames for an outsider', async ({ page, baseURL, browser }, testInfo) => {
  // Two accounts, a class and a tournament: about 1.8 min at load 14 on 2 cores.
  test.setTimeout(240_000);
  const stamp = `${testInfo.project.name === 'phone-360' ? 'p' : 'd'}${Date.now().toString(36)}`;
  const manager = await makePlayer(baseURL!, 'ctm');
  await grantRole(manager.email, 'organizer');
  const organization = await manager.api.post('/api/organizations', { data: { name: `Hillside ${stamp}`, type: 'elementary_school' } });
  expect(organization.status(), await organization.text()).toBe(201);
  const organizationId = ((await organization.json()) as { id: number }).id;
  const teacher = await makePlayer(baseURL!, 'ctt');
  await grantRole(teacher.email, 'teacher', `organization:${organizationId}`);
  const made = await teacher.api.post('/api/classes', { data: { organizationId, name: `4C ${stamp}` } });
  expect(made.status(), await made.text()).toBe(201);
  const classId = ((await made.json()) as { id: number }).id;
  const names = ['Amara Osei', 'Ben Carter', 'Chloe Dubois', 'Dev Patel'];
  const accounts = await teacher.api.post(`/api/classes/${classId}/students`, { data: { names } });
  expect(accounts.status(), await accounts.text()).toBe(201);
  const credentials = ((await accounts.json()) as { credentials: { username: string; realName: string }[] }).credentials;
  const second = await teacher.api.post('/api/classes', { data: { organizationId, name: `5D ${stamp}` } });
  expect(second.status(), await second.text()).toBe(201);
  const secondId = ((await second.json()) as { id: number }).id;
  expect((await teacher.api.post(`/api/classes/${secondId}/students`, { data: { names: ['Eli Brown'] } })).status()).toBe(201);

  await signIn(page, teacher);
  await skipTutorial(page);
  await page.goto(`/classes/${classId}`);
  await page.getByRole('button', { name: 'Create a tournament for this class' }).click();
  await expect(page.getByLabel('Tournament name')).toHaveValue(`4C ${stamp} tournament`);
  await page.getByLabel('Round robin (everyone plays everyone)').check();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Create tournament' }).click();
  await expect(page).toHaveURL(/\/tournaments\/\d+$/);
  const tournamentId = Number(new URL(page.url()).pathname.split('/').pop());

  // The confirmed players, with their real names, on the organiser's Registrations tab.
  await expect(page.getByRole('region', { name: 'Tournament numbers' })).toContainText('4Registered');
  await page.getByRole('tab', { name: 'Registrations' }).click();
  for (const card of credentials) await expect(page.getByRole('listitem', { name: card.username })).toContainText(card.realName);
  await expectAccessible(page);

  // The organiser adds the school's other class on the Manage screen (queued, then pushed).
  await page.goto(`/tournaments/${tournamentId}/manage`);
  await page.getByRole('button', { name: `Add class 5D ${stamp}` }).click();
  await expect(page.getByRole('region', { name: 'Classes' })).toContainText('Playing');
  await expectAccessible(page);
  await page.goto(`/tournaments/${tournamentId}`);
  await expect(page.getByRole('region', { name: 'Tournament numbers' })).toContainText('5Registered');

  // Round 1 (through the API the Manage and Rounds tabs call), then the pairings show real names.
  expect((await teacher.api.patch(`/api/tournaments/${tournamentId}`, { data: { status: 'in_progress' } })).ok()).toBe(true);
  const round = await teacher.api.post(`/api/tournaments/${tournamentId}/rounds`, { data: { roundNumber: 1, name: 'Round 1' } });
  expect(round.status(), await round.text()).toBe(201);
  const roundId = ((await round.json()) as { id: number }).id;
  expect((await teacher.api.post(`/api/rounds/${roundId}/pairings`)).ok()).toBe(true);
  expect((await teacher.api.put(`/api/rounds/${roundId}/start`)).ok()).toBe(true);
  await page.reload();
  await page.getByRole('tab', { name: 'Pairings' }).click();
  for (const card of credentials) await expect(page.getByText(`${card.realName} (${card.username})`).first()).toBeVisible();
  await expect(page.getByText(/^Eli Brown \(/).first()).toBeVisible();
  await expectAccessible(page);

  // Someone outside the class sees the same tournament by usernames only.
  const outsider = await makePlayer(baseURL!, 'cto');
  const context = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
  const other = await context.newPage();
  try {
    await signIn(other, outsider);
    await skipTutorial(other);
    await other.goto(`/tournaments/${tournamentId}`);
    await other.getByRole('tab', { name: 'Pairings' }).click();
    for (const card of credentials) await expect(other.getByText(card.username).first()).toBeVisible();
    const text = await other.locator('main').innerText();
    for (const name of [...names, 'Eli Brown']) expect(text).not.toContain(name);
    await expectAccessible(other);
  } finally {
    await context.close();
  }
});
