import { expect, test, type Page } from '@playwright/test';
import { navigateTo, skipTutorial } from './helpers';
import { expectAccessible, grantRole, makePlayer, signIn } from './tournament-helpers';

/**
 * Printed (A4, two columns of 48 mm cards): every card of these names keeps to 48 mm, no words run
 * out of it or under its QR code, and the QR code stays inside the dashed line.
 */
async function expectCardsFitA4(page: Page, screenshot: string) {
  await page.emulateMedia({ media: 'print' });
  await page.screenshot({ path: screenshot, fullPage: true });
  const problems = await page.getByTestId('login-card').evaluateAll((cards) => cards.flatMap((card, index) => {
    const box = card.getBoundingClientRect();
    const qr = card.querySelector('svg')!.getBoundingClientRect();
    const words = [...card.querySelectorAll('p, dl')].map((element) => element.getBoundingClientRect());
    const found: string[] = [];
    if (card.scrollHeight > card.clientHeight + 1 || card.scrollWidth > card.clientWidth + 1) found.push('overflows');
    if (box.height > (48 * 96) / 25.4 + 1) found.push(`${Math.round(box.height)} px high, over 48 mm`);
    if (qr.left < box.left || qr.right > box.right || qr.top < box.top || qr.bottom > box.bottom) found.push('QR code outside');
    if (words.some((word) => word.right > qr.left + 0.5 && word.left < qr.right && word.bottom > qr.top + 0.5 && word.top < qr.bottom)) found.push('words under the QR code');
    return found.map((problem) => `card ${index + 1}: ${problem}`);
  }));
  expect(problems).toEqual([]);
}

/**
 * Classes (issue 19): a teacher of one school (a grant scoped to it, made with `npm run admin`)
 * makes a class, pastes 20 names offline (the cards wait until they are sent), gets the login
 * cards once back online, and a child signs in with one of them on a fresh browser.
 */
test('a teacher makes a class of 20 from pasted names, prints the cards, and a child signs in with one', async ({ page, baseURL, browser }, testInfo) => {
  test.setTimeout(180_000);
  const stamp = `${testInfo.project.name === 'phone-360' ? 'p' : 'd'}${Date.now().toString(36)}`;
  const manager = await makePlayer(baseURL!, 'clsm');
  await grantRole(manager.email, 'organizer');
  const organization = await manager.api.post('/api/organizations', { data: { name: `Sunrise Primary ${stamp}`, type: 'elementary_school' } });
  expect(organization.status(), await organization.text()).toBe(201);
  const organizationId = ((await organization.json()) as { id: number }).id;
  const teacher = await makePlayer(baseURL!, 'clst');
  await grantRole(teacher.email, 'teacher', `organization:${organizationId}`);

  await signIn(page, teacher);
  await skipTutorial(page);
  await navigateTo(page, 'Classes');
  await expect(page.getByRole('heading', { name: 'Classes', exact: true })).toBeVisible();
  await expect(page.getByText('No classes yet')).toBeVisible();
  await page.getByRole('button', { name: 'Make class' }).click();
  await expect(page.getByText('Class name is required')).toBeVisible();
  await expectAccessible(page);

  const className = `3B Chess ${stamp}`;
  await page.getByLabel('Class name').fill(className);
  await page.getByLabel('Grade (optional)').fill('Grade 3');
  await page.getByRole('button', { name: 'Make class' }).click();
  // Through the outbox (createClass): online it is sent at once and the list shows it.
  await page.getByRole('link', { name: new RegExp(className) }).click();
  await expect(page.getByRole('heading', { name: className })).toBeVisible();
  await expect(page.getByText('No students yet')).toBeVisible();

  // Offline: the names are queued (addClassStudents); the cards wait until the accounts are on the server.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.context().setOffline(true);
  const names = Array.from({ length: 20 }, (_, index) => `Child${String.fromCharCode(65 + index)} Kumar`);
  const box = page.getByLabel('Students’ names, one a line');
  await box.fill(`${names.join('\n')}\n\n`);
  await expect(page.getByText('20 names (up to 100 at a time)')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Make accounts' }).click();

  await expect(page).toHaveURL(/\/classes\/\d+\/cards$/);
  await expect(page.getByRole('heading', { name: 'Waiting to be sent…' })).toBeVisible();
  await expectAccessible(page);
  const cards = page.getByTestId('login-card');
  await expect(cards).toHaveCount(0);
  await page.context().setOffline(false);
  await expect(cards).toHaveCount(20, { timeout: 30_000 });
  await expect(cards.first()).toContainText(className);
  await expect(cards.first()).toContainText('ChildA Kumar');
  await expect(cards.first()).toContainText(`${new URL(baseURL!).origin}/login?with=username`);
  // A QR code on every card, of the sign-in address with that card's username (never the password).
  const qrCodes = page.getByRole('img', { name: /^QR code: sign-in address for / });
  await expect(qrCodes).toHaveCount(20);
  await expectAccessible(page);
  await page.screenshot({ path: testInfo.outputPath('class-cards.png'), fullPage: true });
  const username = (await cards.first().getByTestId('card-username').textContent()) ?? '';
  const qrCode = cards.first().getByRole('img', { name: `QR code: sign-in address for ${username}` });
  const qrAddress = new URL((await qrCode.getAttribute('data-value')) ?? '');
  expect(qrAddress.origin).toBe(new URL(baseURL!).origin);
  expect(Object.fromEntries(qrAddress.searchParams)).toEqual({ with: 'username', u: username });
  await expectCardsFitA4(page, testInfo.outputPath('class-cards-print.png'));
  await page.emulateMedia({ media: 'screen' });
  const password = (await cards.first().getByTestId('card-password').textContent()) ?? '';
  expect(password).toMatch(/^[a-z]+-[a-z]+-\d{2}$/);

  await page.getByRole('link', { name: 'Back to the class' }).click();
  const roster = page.getByRole('region', { name: 'Students of the class' });
  await expect(roster.locator('tbody tr')).toHaveCount(20);
  await expect(roster).toContainText('ChildT Kumar');
  await expect(page.getByRole('link', { name: 'Print login cards' })).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: testInfo.outputPath('class-roster.png'), fullPage: true });

  // The child, on another browser, scans the card: the sign-in form with the username filled in.
  const context = await browser.newContext({ baseURL, viewport: page.viewportSize() });
  const child = await context.newPage();
  await child.goto(qrAddress.pathname + qrAddress.search);
  await expect(child.getByLabel('Username')).toHaveValue(username);
  await child.getByLabel('Password', { exact: true }).fill(password);
  await expectAccessible(child);
  await child.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(child.getByText('Welcome back!')).toBeVisible();
  // A new child starts with the skill assessment, signed in as the card's username.
  await expect(child.getByRole('heading', { name: 'Skill Assessment' })).toBeVisible();
  await context.close();

  // Offline, a second class and its names: waiting at once, sent when back online, then the cards.
  await navigateTo(page, 'Classes');
  await expect(page.getByRole('link', { name: new RegExp(className) })).toBeVisible();
  await page.context().setOffline(true);
  const second = `4D Chess ${stamp}`;
  await page.getByLabel('Class name').fill(second);
  await page.getByRole('button', { name: 'Make class' }).click();
  const waiting = page.getByTestId('waiting-class');
  await expect(waiting).toContainText('Waiting to be sent.');
  await waiting.getByLabel(`Students’ names for ${second}, one a line`).fill('Mila Novak\nIvo Horvat');
  await waiting.getByRole('button', { name: 'Add 2 names' }).click();
  await expect(waiting).toContainText('2 names waiting too');
  await expectAccessible(page);
  await page.context().setOffline(false);
  await page.getByRole('link', { name: new RegExp(second) }).click();
  await expect(page.getByRole('region', { name: 'Students of the class' }).locator('tbody tr')).toHaveCount(2);
  await page.getByRole('link', { name: 'Print login cards' }).click();
  await expect(cards).toHaveCount(2);
  await expect(cards.first()).toContainText('Mila Novak');
});
