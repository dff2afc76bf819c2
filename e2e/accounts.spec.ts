import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { grantRole } from './tournament-helpers';
import { logIn, navLabels, navigateTo, newAccount, openAsGuest, registerAndStart, skipAssessment, skipTutorial, statusBar } from './helpers';

// Nothing here works offline: no service worker, whose install of the whole app cost each test
// about 1.3 s of CPU (decisions.md, 'End-to-end time').
test.use({ serviceWorkers: 'block' });

const toast = (page: Page) => page.locator('.toast');

test('a signed-out visitor sees the landing page on any path, and a guest goes straight to Play', async ({ page }) => {
  await page.goto('/games/history');
  await expect(page.getByRole('heading', { name: 'Chess Learning App' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign Up' })).toBeVisible();
  await page.getByRole('link', { name: 'Sign Up' }).click();
  // Sign Up keeps the page the visitor opened, to return to it once registered (a parent's /children).
  await expect(page).toHaveURL(/\/register\?next=%2Fgames%2Fhistory$/);
  await page.getByRole('link', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await openAsGuest(page, '/');
  await expect(statusBar(page)).toBeVisible();
  expect(await navLabels(page)).toEqual(['Play', 'Settings']);
  await page.reload();
  await expect(statusBar(page)).toBeVisible();
  // Members' screens send a guest to sign in, and back to the screen after (issue 26).
  await page.goto('/games/history');
  await expect(page).toHaveURL(/\/login\?next=%2Fgames%2Fhistory$/);
  await expect(page.getByRole('link', { name: 'Back to Play' })).toBeVisible();
});

test('signing in from the landing page leads back to the page opened (a tournament from the venue QR code)', async ({ page, browser, baseURL }) => {
  const account = await registerAndStart(page);
  const context = await browser.newContext({ baseURL, viewport: page.viewportSize() });
  const phone = await context.newPage();
  await phone.goto('/tournaments?status=all');
  await expect(phone.getByRole('heading', { name: 'Chess Learning App' })).toBeVisible();
  await phone.getByRole('link', { name: 'Login' }).click();
  await expect(phone).toHaveURL(/\/login\?next=%2Ftournaments%3Fstatus%3Dall$/);
  await phone.getByLabel('Email').fill(account.email);
  await phone.getByLabel('Password', { exact: true }).fill(account.password);
  await phone.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(phone).toHaveURL(/\/tournaments\?status=all$/);
  await context.close();
});

test('login and register show the spec validation messages and failure toasts', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await expect(page.getByText('Password must be at least 6 characters long')).toBeVisible();

  await page.getByLabel('Email').fill('nobody@example.com');
  await page.getByLabel('Password', { exact: true }).fill('wrong-password');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(toast(page)).toContainText('Login failed');
  await expect(toast(page)).toContainText('Invalid email or password');

  // Show/hide toggle on the password.
  const password = page.getByLabel('Password', { exact: true });
  await expect(password).toHaveAttribute('type', 'password');
  await page.getByRole('button', { name: 'Show password' }).click();
  await expect(password).toHaveAttribute('type', 'text');

  await page.goto('/register');
  await page.getByLabel('Username').fill('ab');
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByLabel('Password', { exact: true }).fill('12345');
  await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('placeholder', 'min. 6 characters');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByText('Username must be between 3 and 20 characters')).toBeVisible();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await expect(page.getByText('Password must be at least 6 characters long')).toBeVisible();
});

test('register, the onboarding gate, the header and the bottom navigation', { tag: '@phone' }, async ({ page }) => {
  const account = newAccount('nav');
  await page.goto('/register');
  await page.getByLabel('Username').fill(account.username);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(toast(page)).toContainText('Welcome to Chess Learning!');
  await expect(toast(page)).toContainText('Your account has been created successfully.');
  // Not onboarded: every path shows the assessment.
  await expect(page.getByRole('heading', { name: 'Skill Assessment' })).toBeVisible();
  await page.goto('/games/history');
  await expect(page.getByRole('heading', { name: 'Skill Assessment' })).toBeVisible();
  await expect(page.getByText('1 of 10')).toBeVisible();
  await skipAssessment(page);
  await skipTutorial(page);
  await expect(statusBar(page)).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  await expect(page.getByTestId('elo-rating')).toHaveText('Elo 1200');
  await expect(page.getByRole('link', { name: 'Open settings' })).toHaveAttribute('href', '/settings');
  // A student: Tournaments and Classes (their own, and joining one) yes, Orgs no.
  expect(await navLabels(page)).toEqual(['Play', 'Lessons', 'Tips', 'Tournaments', 'Puzzles', 'Classes', 'History', 'Progress', 'Settings']);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Play' })).toHaveAttribute('aria-current', 'page');
  await page.goto('/tournaments/7');
  await expect(page.getByRole('heading', { name: 'Tournament not found' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Tournaments' })).toHaveAttribute('aria-current', 'page');
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  // Signed-in users have nothing to do on the sign-in pages.
  await page.goto('/login');
  await expect(statusBar(page)).toBeVisible();
});

test('the profile dialog opens from the name on desktop only', { tag: '@phone' }, async ({ page }, testInfo) => {
  const account = await registerAndStart(page, newAccount('prof'));
  const name = page.locator('.app-header__name');
  await expect(name).toHaveText(account.username);
  if (testInfo.project.name === 'phone-360') {
    await expect(page.getByRole('button', { name: account.username })).toHaveCount(0);
    return;
  }
  await page.getByRole('button', { name: account.username }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: account.username })).toBeVisible();
  await expect(dialog.getByRole('tab')).toHaveText(['Overview', 'Tournaments', 'Recent Games', 'Statistics']);
  await expect(dialog).toContainText('Provisional');
  await expect(dialog).toContainText('student');
  await dialog.getByRole('tab', { name: 'Tournaments' }).click();
  await expect(dialog).toContainText('No tournament history yet.');
  await dialog.getByRole('tab', { name: 'Recent Games' }).click();
  await expect(dialog).toContainText('No recent games yet.');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
});

/** The newest reset link written to DATA_DIR/outbox for an address. */
async function resetLinkFor(email: string): Promise<string> {
  const outbox = join(process.env.E2E_DATA_DIR ?? '', 'outbox');
  let link = '';
  await expect
    .poll(async () => {
      const files = (await readdir(outbox).catch(() => [] as string[])).filter((file) => file.endsWith('.eml')).sort();
      for (const file of files.reverse()) {
        const text = (await readFile(join(outbox, file), 'utf8')).replace(/=\r?\n/g, '').replace(/=3D/g, '=');
        if (!text.includes(email)) continue;
        const match = /https?:\/\/\S*\/reset-password\?token=[A-Za-z0-9_-]+/.exec(text);
        if (match) {
          link = match[0];
          return true;
        }
      }
      return false;
    }, { timeout: 15_000 })
    .toBe(true);
  return link;
}

test('forgot password, the e-mailed link, reset, and sign in with the new password', async ({ page }) => {
  const account = await registerAndStart(page, newAccount('reset'));
  await page.getByRole('link', { name: 'Open settings' }).click();
  await page.getByRole('button', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await page.getByLabel('Email').fill(account.email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(toast(page)).toContainText('Reset link sent');
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'try again' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Login' })).toBeVisible();

  const link = new URL(await resetLinkFor(account.email));
  await page.goto(`${link.pathname}${link.search}`);
  await page.getByLabel('New Password', { exact: true }).fill('short');
  await page.getByLabel('Confirm Password', { exact: true }).fill('different');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Password must be at least 6 characters long').first()).toBeVisible();
  await page.getByLabel('New Password', { exact: true }).fill('brand-new-pass');
  await page.getByLabel('Confirm Password', { exact: true }).fill('brand-new-pasz');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText("Passwords don't match")).toBeVisible();
  await page.getByRole('button', { name: 'Show confirm password' }).click();
  await expect(page.getByLabel('Confirm Password', { exact: true })).toHaveAttribute('type', 'text');
  await page.getByLabel('Confirm Password', { exact: true }).fill('brand-new-pass');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByRole('heading', { name: 'Password Reset Complete' })).toBeVisible();
  await expect(toast(page)).toContainText('Password reset successful');

  // The link is single use.
  await page.goto(`${link.pathname}${link.search}`);
  await page.getByLabel('New Password', { exact: true }).fill('another-pass');
  await page.getByLabel('Confirm Password', { exact: true }).fill('another-pass');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(toast(page)).toContainText('Reset failed');
  await expect(toast(page)).toContainText('The reset link is invalid or has expired.');

  await logIn(page, { email: account.email, password: 'brand-new-pass' });
});

test('a reset link without a token shows the Invalid Reset Link panel', async ({ page }) => {
  await page.goto('/reset-password');
  await expect(page.getByRole('heading', { name: 'Invalid Reset Link' })).toBeVisible();
  await expect(toast(page)).toContainText('Invalid reset link');
  await expect(toast(page)).toContainText('The reset link is invalid or has expired.');
  await page.getByRole('link', { name: 'Request a new link' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
});

test('change password in Settings, then log out and in with it', async ({ page }) => {
  const account = await registerAndStart(page, newAccount('chpw'));
  await page.getByRole('link', { name: 'Open settings' }).click();
  const section = page.getByRole('region', { name: 'Change Password' });
  await section.getByRole('button', { name: 'Update Password' }).click();
  await expect(section.getByText('Please fill in all password fields')).toBeVisible();
  await section.getByLabel('Current Password', { exact: true }).fill(account.password);
  await section.getByLabel('New Password', { exact: true }).fill('next-pass-9');
  await section.getByLabel('Confirm New Password', { exact: true }).fill('next-pass-8');
  await section.getByRole('button', { name: 'Update Password' }).click();
  await expect(section.getByText('New passwords do not match')).toBeVisible();
  await section.getByLabel('Confirm New Password', { exact: true }).fill('next-pass-9');
  await section.getByRole('button', { name: 'Update Password' }).click();
  await expect(toast(page)).toContainText('Password updated');

  await page.getByRole('button', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await logIn(page, { email: account.email, password: 'next-pass-9' });
});

test('an organiser skips the assessment, has no Elo badge, and reaches every screen from the navigation', { tag: '@phone' }, async ({ page }, testInfo) => {
  const account = newAccount('orgnav');
  await page.goto('/register');
  await page.getByLabel('Username').fill(account.username);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByRole('heading', { name: 'Skill Assessment' })).toBeVisible();
  await grantRole(account.email, 'organizer');
  // The grant marks an adult's onboarding done: Play, not the children's assessment.
  await page.goto('/');
  await skipTutorial(page);
  await expect(statusBar(page)).toBeVisible();
  await expect(page.locator('.app-header__name')).toHaveText(account.username);
  await expect(page.getByTestId('elo-rating')).toHaveCount(0);

  const all = ['Play', 'Lessons', 'Tips', 'Tournaments', 'Puzzles', 'Orgs', 'Classes', 'History', 'Progress', 'Settings'];
  await expect.poll(() => navLabels(page)).toEqual(all);
  const nav = page.getByRole('navigation', { name: 'Main' });
  // Every target in the bar is at least 44 px and inside the screen, each with an SVG icon.
  const width = page.viewportSize()?.width ?? 0;
  for (const cell of await nav.locator('.bottom-nav__link').all()) {
    const box = (await cell.boundingBox())!;
    expect(box.width).toBeGreaterThanOrEqual(44);
    expect(box.height).toBeGreaterThanOrEqual(44);
    expect(box.x + box.width).toBeLessThanOrEqual(width);
    await expect(cell.locator('svg')).toHaveCount(1);
  }
  if (testInfo.project.name === 'phone-360') {
    await expect(nav.locator('.bottom-nav__link')).toHaveText(['Play', 'Lessons', 'Tips', 'Tournaments', 'More']);
    await nav.getByRole('button', { name: 'More' }).click();
    const sheet = page.getByRole('dialog', { name: 'More' });
    await expect(sheet.getByRole('link')).toHaveText(['Puzzles', 'Orgs', 'Classes', 'History', 'Progress', 'Settings']);
    await expectAccessible(page, 'the More sheet');
    await page.screenshot({ path: testInfo.outputPath('bottom-nav-more.png') });
    await page.keyboard.press('Escape');
    await expect(sheet).toHaveCount(0);
  } else {
    await expect(nav.getByRole('button', { name: 'More' })).toHaveCount(0);
  }
  await navigateTo(page, 'Settings');
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole('dialog', { name: 'More' })).toHaveCount(0);
  await expect(nav.locator('.bottom-nav__link.is-active, .bottom-nav__link[aria-current="page"]')).toHaveCount(1);
  await expectAccessible(page, 'settings with the navigation');
});
