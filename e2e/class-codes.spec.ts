import { expect, test } from '@playwright/test';
import { skipTutorial } from './helpers';
import { expectAccessible, grantRole, makePlayer, signIn } from './tournament-helpers';

// Nothing here works offline: no service worker, whose install of the whole app cost each test
// about 1.3 s of CPU (decisions.md, 'End-to-end time').
test.use({ serviceWorkers: 'block' });

/**
 * Class codes (issue 19): the teacher shows the sign-in code on the board; a child on a fresh
 * browser types it, taps their username and types their password; an ordinary student asks to
 * join with the join code and the teacher lets them in. Set-up by API calls.
 */
test('a child signs in with the class code on the board, and a student joins with the join code', async ({ page, baseURL, browser }, testInfo) => {
  // A teacher, a child and a student on three pages: 2 min ran out at load 13 on 2 cores.
  test.setTimeout(240_000);
  const stamp = `${testInfo.project.name === 'phone-360' ? 'p' : 'd'}${Date.now().toString(36)}`;
  const manager = await makePlayer(baseURL!, 'ccm');
  await grantRole(manager.email, 'organizer');
  const organization = await manager.api.post('/api/organizations', { data: { name: `Hill School ${stamp}`, type: 'elementary_school' } });
  expect(organization.status(), await organization.text()).toBe(201);
  const organizationId = ((await organization.json()) as { id: number }).id;
  const teacher = await makePlayer(baseURL!, 'cct');
  await grantRole(teacher.email, 'teacher', `organization:${organizationId}`);
  const made = await teacher.api.post('/api/classes', { data: { organizationId, name: `5A Chess ${stamp}` } });
  expect(made.status(), await made.text()).toBe(201);
  const classId = ((await made.json()) as { id: number }).id;
  const added = await teacher.api.post(`/api/classes/${classId}/students`, { data: { names: ['Mia Jones', 'Leo Park'] } });
  expect(added.status(), await added.text()).toBe(201);
  const card = ((await added.json()) as { credentials: { username: string; password: string }[] }).credentials[1]!;

  // The teacher shows the sign-in code, full screen.
  await signIn(page, teacher);
  await skipTutorial(page);
  await page.goto(`/classes/${classId}`);
  await page.getByRole('link', { name: 'Show sign-in code' }).click();
  const shown = page.getByTestId('sign-in-code');
  await expect(shown).toHaveText(/^[A-Z0-9]{3}-[A-Z0-9]{3}$/);
  await expect(page.getByRole('timer')).toHaveText(/^(10:00|9:\d\d)$/);
  await expectAccessible(page);
  await page.screenshot({ path: testInfo.outputPath('sign-in-code.png') });
  const code = (await shown.textContent()) ?? '';

  // A child on another browser: 'I have a class code', the code, their username, their password.
  const childContext = await browser.newContext({ baseURL, viewport: page.viewportSize() });
  const child = await childContext.newPage();
  await child.goto('/login');
  await child.getByRole('button', { name: 'I have a class code' }).click();
  await child.getByLabel('Class code').fill(code.toLowerCase());
  await child.getByRole('button', { name: 'Next' }).click();
  await expect(child.getByRole('heading', { name: `5A Chess ${stamp}` })).toBeVisible();
  await expect(child.getByRole('button', { name: 'MiaJ' })).toBeVisible();
  await expect(child.getByText('Mia Jones')).toHaveCount(0);
  await expectAccessible(child);
  await child.getByRole('button', { name: card.username }).click();
  await child.getByLabel('Password', { exact: true }).fill(card.password);
  await child.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(child.getByText('Welcome back!')).toBeVisible();
  await childContext.close();

  // The join code, and an ordinary student asking to join with it.
  await page.getByRole('link', { name: 'Back to the class' }).click();
  await page.getByRole('button', { name: 'Make a join code' }).click();
  const joinCode = (await page.getByTestId('join-code').textContent()) ?? '';
  expect(joinCode).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}$/);
  const student = await makePlayer(baseURL!, 'ccs');
  const studentContext = await browser.newContext({ baseURL, viewport: page.viewportSize() });
  const studentPage = await studentContext.newPage();
  await signIn(studentPage, student);
  await skipTutorial(studentPage);
  await studentPage.goto('/classes');
  await studentPage.getByLabel('Join code').fill(joinCode);
  await studentPage.getByRole('button', { name: 'Ask to join' }).click();
  await expect(studentPage.getByText('Asked to join.')).toBeVisible();
  await expectAccessible(studentPage);
  // The request reaches the server through the outbox.
  await expect.poll(async () => ((await (await teacher.api.get(`/api/classes/${classId}/join`)).json()) as { requests: unknown[] }).requests.length).toBe(1);

  await page.reload();
  await page.getByRole('button', { name: `Let in: ${student.username}` }).click();
  const roster = page.getByRole('region', { name: 'Students of the class' });
  await expect(roster).toContainText(student.username, { timeout: 15_000 });
  await expect(page.getByText('Nobody is waiting.')).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: testInfo.outputPath('class-codes-panel.png'), fullPage: true });

  // The student now sees the class.
  await studentPage.goto('/classes');
  await expect(studentPage.getByRole('heading', { name: `5A Chess ${stamp}` })).toBeVisible();
  await studentContext.close();
});
