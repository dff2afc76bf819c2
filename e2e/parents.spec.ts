import { expect, request as playwrightRequest, test, type BrowserContext, type Page } from '@playwright/test';
import { DEFAULT_CHESS_SETTINGS } from '../schema/settings-defaults';
import { seedPlayTime } from './class-helpers';
import { newAccount, skipTutorial } from './helpers';
import { expectAccessible as expectAccessibleOn } from './axe';
import { expectAccessible, grantRole, makePlayer, signIn } from './tournament-helpers';

/**
 * A school (an organizer's organization), its teacher and a class with one managed child, Mia
 * Rossi (made through the API). The child has played before: assessment done, and no daily limit
 * of their own. `childApi` is signed in as the child.
 */
async function schoolWithChild(baseURL: string, project: string) {
  const stamp = `${project === 'phone-360' ? 'p' : 'd'}${Date.now().toString(36)}`;
  const manager = await makePlayer(baseURL, 'parm');
  await grantRole(manager.email, 'organizer');
  const organization = await manager.api.post('/api/organizations', { data: { name: `Hillside Primary ${stamp}`, type: 'elementary_school' } });
  expect(organization.status(), await organization.text()).toBe(201);
  const organizationId = ((await organization.json()) as { id: number }).id;
  const teacher = await makePlayer(baseURL, 'part');
  await grantRole(teacher.email, 'teacher', `organization:${organizationId}`);
  const made = await teacher.api.post('/api/classes', { data: { organizationId, name: `4A ${stamp}` } });
  expect(made.status(), await made.text()).toBe(201);
  const classId = ((await made.json()) as { id: number }).id;
  const added = await teacher.api.post(`/api/classes/${classId}/students`, { data: { names: ['Mia Rossi'] } });
  expect(added.status(), await added.text()).toBe(201);
  const [card] = ((await added.json()) as { credentials: ChildCard[] }).credentials as [ChildCard];

  const childApi = await playwrightRequest.newContext({ baseURL });
  expect((await childApi.post('/api/auth/login', { data: { username: card.username, password: card.password } })).ok()).toBe(true);
  expect((await childApi.post('/api/onboarding/complete')).ok()).toBe(true);
  const own = await childApi.put('/api/settings', { data: { settings: { ...DEFAULT_CHESS_SETTINGS, dailyPlayTime: 0 }, updatedAt: new Date(Date.now() - 60_000).toISOString() } });
  expect(own.ok(), await own.text()).toBe(true);
  return { teacher, classId, card, childApi };
}

interface ChildCard {
  userId: number;
  username: string;
  password: string;
}

/** The child's own browser, signed in with the login card's username. */
async function signInChild(context: BrowserContext, card: ChildCard): Promise<Page> {
  const child = await context.newPage();
  await child.goto('/login?with=username');
  await child.getByLabel('Username').fill(card.username);
  await child.getByLabel('Password', { exact: true }).fill(card.password);
  await child.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(child.getByText('Welcome back!')).toBeVisible();
  await skipTutorial(child);
  return child;
}

/**
 * Parents (issue 19): a teacher's class with one managed child (made through the API), the
 * teacher's parent letter, a parent who signs up from the letter's address, links with the code
 * and sets the daily limit to the least there is; the child's browser, signed in with the card's
 * username and already past that limit today, is refused play after its next sync.
 */
test('a parent links with the letter’s code, sets the daily limit, and the child’s Play enforces it', async ({ page, baseURL, browser }, testInfo) => {
  test.setTimeout(240_000);
  const { teacher, classId, card, childApi } = await schoolWithChild(baseURL!, testInfo.project.name);

  // The child's browser: 40 minutes played today, no limit, so Play lets them play on.
  const childContext = await browser.newContext({ baseURL, viewport: page.viewportSize() });
  const child = await signInChild(childContext, card);
  await seedPlayTime(child, 40);
  await child.reload();
  await expect(child.getByRole('button', { name: 'New Game' })).toBeEnabled();
  await expect(child.getByTestId('play-limit')).toHaveCount(0);

  // The teacher prints the parent letter.
  await signIn(page, teacher);
  await page.goto(`/classes/${classId}`);
  await page.getByRole('link', { name: 'Parent letters' }).click();
  await page.getByRole('button', { name: 'Make letters for 1 student' }).click();
  const letter = page.getByTestId('parent-letter');
  await expect(letter).toContainText('Mia Rossi');
  await expect(letter).toContainText(`${new URL(baseURL!).origin}/children`);
  await expectAccessible(page);
  const code = (await letter.getByTestId('parent-code').textContent()) ?? '';
  expect(code).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}$/);
  await page.screenshot({ path: testInfo.outputPath('parent-letter.png'), fullPage: true });

  // The parent opens the letter's address on their own browser, signs up there and links.
  const parentContext = await browser.newContext({ baseURL, viewport: page.viewportSize() });
  const parent = await parentContext.newPage();
  await parent.goto('/children');
  await parent.getByRole('link', { name: 'Sign Up' }).first().click();
  const account = newAccount('parp');
  await parent.getByLabel('Username').fill(account.username);
  await parent.getByLabel('Email').fill(account.email);
  await parent.getByLabel('Password', { exact: true }).fill(account.password);
  await parent.getByRole('button', { name: 'Sign Up' }).click();
  await expect(parent.getByRole('heading', { name: 'My children' })).toBeVisible();
  await parent.getByLabel('Code from the teacher’s letter').fill('ACDE-FGH0');
  await parent.getByRole('button', { name: 'Link child' }).click();
  await expect(parent.getByRole('alert').filter({ hasText: 'Type the 8 letters and digits' })).toBeVisible();
  await parent.getByLabel('Code from the teacher’s letter').fill(code.toLowerCase());
  await parent.getByRole('button', { name: 'Link child' }).click();
  const linked = parent.getByTestId('linked-child');
  await expect(linked.getByRole('heading', { name: /^Mia Rossi/ })).toBeVisible();
  await expect(linked.getByLabel('Daily play time')).toHaveValue('0');
  await linked.getByLabel('Daily play time').selectOption('30');
  await expect(parent.getByText('Saved', { exact: true })).toBeVisible();
  await expect(linked.getByTestId('played-today')).toContainText('of 30 minutes');
  await expectAccessible(parent);
  await parent.screenshot({ path: testInfo.outputPath('children.png'), fullPage: true });
  await expect.poll(async () => ((await (await childApi.get('/api/settings')).json()) as { settings: { dailyPlayTime: number } }).settings.dailyPlayTime).toBe(30);

  // The child's next sync (here: the network coming back) brings the parent's limit: Play refuses.
  await childContext.setOffline(true);
  await childContext.setOffline(false);
  const limit = child.getByTestId('play-limit');
  await expect(limit.getByRole('heading', { name: 'Daily play time reached' })).toBeVisible();
  await expect(limit).toContainText('Today’s 30 minutes are used up');
  await expect(child.getByRole('button', { name: 'New Game' })).toBeDisabled();
  await expectAccessible(child);
  await child.goto('/settings');
  await expect(child.getByTestId('set-by-parent')).toContainText('Set by a parent');
  await expect(child.getByRole('combobox', { name: 'Daily play time' })).toBeDisabled();
  await expect(child.getByRole('combobox', { name: 'Daily play time' })).toHaveValue('30');
  await expectAccessible(child);
  await childApi.dispose();
  await childContext.close();
  await parentContext.close();
});

/**
 * Parents (issue 19): a linked parent who set the daily limit hands the controls back ('Let Mia
 * Rossi choose again'): after the child's next sync Settings is unlocked and the child's own
 * change reaches the server. Then the parent unlinks her (asked first), offline: she leaves
 * /children at once, and the server drops the link when the network is back.
 */
test('a parent hands the controls back, the child’s Settings unlock after a sync, and the parent unlinks the child', async ({ page, baseURL, browser }, testInfo) => {
  test.setTimeout(240_000);
  const { teacher, classId, card, childApi } = await schoolWithChild(baseURL!, testInfo.project.name);
  const parent = await makePlayer(baseURL!, 'parh');
  const made = await teacher.api.post(`/api/classes/${classId}/students/${card.userId}/parent-code`);
  expect(made.status(), await made.text()).toBe(201);
  const linkedByCode = await parent.api.post('/api/parents/link', { data: { code: ((await made.json()) as { code: string }).code } });
  expect(linkedByCode.status(), await linkedByCode.text()).toBe(201);

  // The parent sets the daily limit on /children; the child's Settings show it locked.
  await signIn(page, parent);
  await page.goto('/children');
  const linked = page.getByTestId('linked-child');
  await linked.getByLabel('Daily play time').selectOption('30');
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();
  await expect.poll(async () => ((await (await childApi.get('/api/settings')).json()) as { controlsSetAt: string | null }).controlsSetAt).not.toBeNull();
  const childContext = await browser.newContext({ baseURL, viewport: page.viewportSize() });
  const child = await signInChild(childContext, card);
  await child.goto('/settings');
  await expect(child.getByTestId('set-by-parent')).toContainText('Set by a parent');
  const childLimit = child.getByRole('combobox', { name: 'Daily play time' });
  await expect(childLimit).toBeDisabled();
  await expect(childLimit).toHaveValue('30');

  // Handed back: the values stay, the parent's mark goes.
  const handBack = linked.getByRole('button', { name: 'Let Mia Rossi choose again' });
  await expectAccessibleOn(page, '/children with the controls set');
  await page.screenshot({ path: testInfo.outputPath('children-set-by-parent.png'), fullPage: true });
  await handBack.click();
  await expect(page.getByText('Handed back', { exact: true })).toBeVisible();
  await expect(handBack).toHaveCount(0);
  await expect(linked).toContainText('Mia Rossi can change them');
  await expect.poll(async () => ((await (await childApi.get('/api/settings')).json()) as { controlsSetAt: string | null }).controlsSetAt).toBeNull();

  // The child's next sync (the network coming back) unlocks Settings; her own change is kept.
  await childContext.setOffline(true);
  await childContext.setOffline(false);
  await expect(child.getByTestId('set-by-parent')).toHaveCount(0);
  await expect(childLimit).toBeEnabled();
  await expect(childLimit).toHaveValue('30');
  await expectAccessibleOn(child, 'Settings after the hand-back');
  await childLimit.selectOption('60');
  await expect.poll(async () => ((await (await childApi.get('/api/settings')).json()) as { settings: { dailyPlayTime: number } }).settings.dailyPlayTime).toBe(60);

  // Unlinking asks first; 'Keep linked' keeps her.
  const unlink = linked.getByRole('button', { name: 'Unlink Mia Rossi' });
  await unlink.click();
  const dialog = page.getByRole('dialog', { name: 'Unlink Mia Rossi?' });
  await expect(dialog).toBeVisible();
  await expectAccessibleOn(page, 'the unlink question');
  await page.screenshot({ path: testInfo.outputPath('children-unlink-question.png') });
  await dialog.getByRole('button', { name: 'Keep linked' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(linked).toHaveCount(1);

  // Offline: she leaves the list at once (the stored page); the server unlinks once the network is back.
  await page.context().setOffline(true);
  await unlink.click();
  await dialog.getByRole('button', { name: 'Unlink', exact: true }).click();
  await expect(page.getByText('Unlinked', { exact: true })).toBeVisible();
  await expect(linked).toHaveCount(0);
  await expect(page.getByText('No child is linked yet.')).toBeVisible();
  await page.context().setOffline(false);
  await expect.poll(async () => ((await (await parent.api.get('/api/parents/children')).json()) as { children: unknown[] }).children).toEqual([]);
  expect((await parent.api.patch(`/api/parents/children/${card.userId}/controls`, { data: { dailyPlayTime: 30 } })).status()).toBe(404);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'My children' })).toBeVisible();
  await expect(page.getByText('No child is linked yet.')).toBeVisible();
  await expectAccessibleOn(page, '/children after unlinking');
  await childApi.dispose();
  await childContext.close();
});
