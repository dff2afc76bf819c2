import { expect, test } from '@playwright/test';
import { expectAccessible } from './axe';
import { skipTutorial } from './helpers';
import { grantRole, makePlayer, signIn } from './tournament-helpers';

/**
 * Managing a class (issue 19). Set up through the API: a school, its teacher, a class of three
 * children. The teacher edits the class's name and size, removes a child (asked first), sees them
 * under Removed students and gone from the dashboard, and puts them back while offline; the change
 * reaches the server once back online.
 */
test('a teacher edits the class, removes a student and puts them back offline', { tag: '@phone' }, async ({ page, baseURL }, testInfo) => {
  test.setTimeout(120_000);
  const project = testInfo.project.name;
  const stamp = `${project === 'phone-360' ? 'p' : 'd'}${Date.now().toString(36)}`;
  const manager = await makePlayer(baseURL!, 'cmm');
  await grantRole(manager.email, 'organizer');
  const organization = await manager.api.post('/api/organizations', { data: { name: `Riverside ${stamp}`, type: 'elementary_school' } });
  expect(organization.status(), await organization.text()).toBe(201);
  const organizationId = ((await organization.json()) as { id: number }).id;
  const teacher = await makePlayer(baseURL!, 'cmt');
  await grantRole(teacher.email, 'teacher', `organization:${organizationId}`);
  const made = await teacher.api.post('/api/classes', { data: { organizationId, name: `2A Chess ${stamp}`, maxMembers: 30 } });
  expect(made.status(), await made.text()).toBe(201);
  const classId = ((await made.json()) as { id: number }).id;
  const added = await teacher.api.post(`/api/classes/${classId}/students`, { data: { names: [`Ada Stays${stamp}`, `Bo Leaves${stamp}`, `Cy Stays${stamp}`] } });
  expect(added.status(), await added.text()).toBe(201);
  const bo = ((await added.json()) as { credentials: { userId: number; username: string; realName: string }[] }).credentials[1]!;

  await signIn(page, teacher);
  await skipTutorial(page);
  await page.goto(`/classes/${classId}`);
  const dashboard = page.getByRole('region', { name: 'Progress of each student (scrolls sideways)' });
  await expect(dashboard.locator('tbody tr')).toHaveCount(3);
  const roster = page.getByRole('region', { name: 'Students of the class' });
  await expect(roster.locator('tbody tr')).toHaveCount(3);
  // The roster fits its card at 360 px too: every row's Edit, New password and Remove in view.
  expect(await roster.evaluate((region) => region.scrollWidth <= region.clientWidth)).toBe(true);
  const clipped = await roster.evaluate((region) => {
    const box = region.getBoundingClientRect();
    return [...region.querySelectorAll('button')].filter((button) => {
      const rect = button.getBoundingClientRect();
      return rect.left < box.left || rect.right > box.right;
    }).map((button) => button.getAttribute('aria-label'));
  });
  expect(clipped).toEqual([]);
  // The page never gets wider than the screen (the roster and the dashboard scroll inside their cards).
  const pageFits = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

  // Edit the class: a size below its three students is refused here, then a new name and size.
  await page.getByRole('button', { name: 'Edit class' }).click();
  const newName = `2A Knights ${stamp}`;
  await page.getByLabel('Class name').fill(newName);
  await page.getByLabel('Most students').fill('2');
  await page.getByRole('button', { name: 'Save class' }).click();
  await expect(page.getByText('This class has more students than that: remove some first')).toBeVisible();
  expect(await pageFits()).toBe(true);
  await expectAccessible(page, 'class edit form with an error');
  await page.locator('form', { has: page.getByRole('heading', { name: 'Edit class' }) }).screenshot({ path: testInfo.outputPath('class-edit.png') });
  await page.getByLabel('Most students').fill('12');
  await page.getByRole('button', { name: 'Save class' }).click();
  await expect(page.getByRole('heading', { level: 1, name: newName })).toBeVisible();
  await expect(page.getByText('3 of 12 students')).toBeVisible();

  // Remove Bo: asked first; then under Removed students with the real name, and off the dashboard.
  await roster.getByRole('button', { name: `Remove from class: ${bo.username}` }).click();
  const dialog = page.getByRole('dialog', { name: `Remove ${bo.realName} (${bo.username}) from the class?` });
  await expect(dialog).toBeVisible();
  await expectAccessible(page, 'remove confirmation');
  await dialog.getByRole('button', { name: 'Remove from class', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(roster.locator('tbody tr')).toHaveCount(2);
  const removed = page.getByRole('region', { name: 'Removed students' });
  await expect(removed).toContainText(bo.realName);
  await expect(dashboard.locator('tbody tr')).toHaveCount(2);
  await expect(dashboard).not.toContainText(bo.realName);
  await expect(page.getByText('2 of 12 students')).toBeVisible();
  expect(await pageFits()).toBe(true);
  await expectAccessible(page, 'removed students');
  await page.locator('section', { has: roster }).screenshot({ path: testInfo.outputPath('class-roster.png') });
  await removed.screenshot({ path: testInfo.outputPath('class-removed.png') });
  await expect.poll(async () => ((await (await teacher.api.get(`/api/classes/${classId}`)).json()) as { students: { userId: number }[] }).students.length).toBe(2);
  const stored = (await (await teacher.api.get(`/api/classes/${classId}`)).json()) as { class: { name: string; maxMembers: number } };
  expect(stored.class).toMatchObject({ name: newName, maxMembers: 12 });

  // Offline: put Bo back; shown at once, sent when back online.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.context().setOffline(true);
  await removed.getByRole('button', { name: `Put back in class: ${bo.username}` }).click();
  await expect(roster.locator('tbody tr')).toHaveCount(3);
  await expect(roster).toContainText(bo.realName);
  await expect(page.getByRole('region', { name: 'Removed students' })).toHaveCount(0);
  await expectAccessible(page, 'put back offline');
  await page.context().setOffline(false);
  await expect.poll(async () => ((await (await teacher.api.get(`/api/classes/${classId}`)).json()) as { students: { userId: number }[] }).students.map((each) => each.userId), { timeout: 30_000 }).toContain(bo.userId);
  await expect(dashboard.locator('tbody tr')).toHaveCount(3);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: testInfo.outputPath('class-top.png') });
});
