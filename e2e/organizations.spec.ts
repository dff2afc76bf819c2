import { expect, test } from '@playwright/test';
import { expectAccessible, grantRole, makePlayer, signIn } from './tournament-helpers';

// Nothing here works offline: no service worker, whose install of the whole app cost each test
// about 1.3 s of CPU (decisions.md, 'End-to-end time').
test.use({ serviceWorkers: 'block' });

test('organizations: the list, Add only with org:manage, the form with its messages, the detail page', { tag: '@phone' }, async ({ page, baseURL, browser }) => {
  test.setTimeout(120_000);
  const manager = await makePlayer(baseURL!, 'orgm');
  await grantRole(manager.email, 'organizer');
  await signIn(page, manager);
  await page.goto('/organizations');
  await expect(page.getByRole('heading', { name: 'Organizations', exact: true })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Add Organization' }).click();
  await expect(page.getByRole('heading', { name: 'Add Organization' })).toBeVisible();
  await page.getByLabel('Contact email').fill('not-an-email');
  await page.getByRole('button', { name: 'Add Organization' }).click();
  await expect(page.getByText('Organization name is required')).toBeVisible();
  await expect(page.getByText('Organization type is required')).toBeVisible();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await expectAccessible(page);

  const name = `Green Park School ${Date.now().toString(36)}`;
  await page.getByLabel('Organization name').fill(name);
  await page.getByLabel('Type').selectOption({ label: 'High School' });
  await page.getByLabel('Address').fill('12 Lake Road');
  await page.getByLabel('City').fill('Pune');
  await page.getByLabel('Contact email').fill('office@greenpark.example');
  await page.getByRole('button', { name: 'Add Organization' }).click();
  await expect(page.getByText('Organization created successfully')).toBeVisible();
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(page.getByText('No teams yet')).toBeVisible();
  await expectAccessible(page);

  await page.goto('/organizations');
  const card = page.getByRole('link', { name: new RegExp(name) });
  await expect(card).toContainText('High School');
  await expect(card).toContainText('Pending');
  await expect(card).toContainText('12 Lake Road, Pune');
  await expect(card).toContainText('office@greenpark.example');

  // A teacher sees the list (the Orgs item) but no Add button.
  const teacher = await makePlayer(baseURL!, 'teach');
  await grantRole(teacher.email, 'teacher');
  const context = await browser.newContext({ baseURL, viewport: page.viewportSize() });
  const other = await context.newPage();
  await signIn(other, teacher);
  await other.goto('/organizations');
  await expect(other.getByRole('link', { name: new RegExp(name) })).toBeVisible();
  await expect(other.getByRole('link', { name: 'Add Organization' })).toHaveCount(0);
  await context.close();
});
