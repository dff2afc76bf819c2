import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { openAsGuest, skipTutorial } from './helpers';

// Nothing here works offline: no service worker (decisions.md, 'End-to-end time').
test.use({ serviceWorkers: 'block' });

/** What each language's shell and Settings read (app/locales/<locale>/*.po). */
const LANGUAGES = [
  { locale: 'hi', name: 'हिन्दी', dir: 'ltr', title: 'माता-पिता का नियंत्रण', nav: 'मुख्य', play: 'खेलें', settings: 'सेटिंग', language: 'भाषा', guest: 'मेहमान बनकर खेलें' },
  { locale: 'ar', name: 'العربية', dir: 'rtl', title: 'الرقابة الأبوية', nav: 'الرئيسية', play: 'العب', settings: 'الإعدادات', language: 'اللغة', guest: 'العب كضيف' },
] as const;

type Language = (typeof LANGUAGES)[number];

async function expectDocument(page: Page, language: Language): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('lang', language.locale);
  await expect(page.locator('html')).toHaveAttribute('dir', language.dir);
}

/** a1 at the bottom left, h8 at the top right: the board reads as White sees it, whatever the page's direction. */
async function expectBoardUnmirrored(page: Page): Promise<void> {
  const a1 = await page.locator('[data-square="a1"]').boundingBox();
  const h8 = await page.locator('[data-square="h8"]').boundingBox();
  expect(a1 && h8, 'the board shows a1 and h8').toBeTruthy();
  expect(a1!.x).toBeLessThan(h8!.x);
  expect(a1!.y).toBeGreaterThan(h8!.y);
}

for (const language of LANGUAGES) {
  test(`Settings → Language → ${language.locale}: the shell and Settings read in it at once, and after a reload`, async ({ page }) => {
    await openAsGuest(page, '/settings');
    await expect(page.getByRole('heading', { level: 1, name: 'Parental Controls' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');

    await page.getByRole('radio', { name: language.name }).check();
    await expect(page.getByRole('heading', { level: 1, name: language.title })).toBeVisible();
    await expectDocument(page, language);
    await expect(page.getByRole('radiogroup', { name: language.language })).toBeVisible();
    const nav = page.getByRole('navigation', { name: language.nav });
    await expect(nav.getByRole('link', { name: language.play })).toBeVisible();
    await expect(nav.getByRole('link', { name: language.settings })).toBeVisible();
    await expect(page.getByRole('radio', { name: language.name })).toBeChecked();
    await expectAccessible(page, `Settings in ${language.locale}`);

    // Kept: the next start paints in the language (no English first).
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: language.title })).toBeVisible();
    await expectDocument(page, language);

    await nav.getByRole('link', { name: language.play }).click();
    await skipTutorial(page);
    await expectBoardUnmirrored(page);
    await expectAccessible(page, `Play in ${language.locale}`);

    // And back: English again, left to right.
    await nav.getByRole('link', { name: language.settings }).click();
    await page.getByRole('radio', { name: 'English' }).check();
    await expect(page.getByRole('heading', { level: 1, name: 'Parental Controls' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  });
}

test('the landing page offers the languages before sign-in, and follows the browser', async ({ browser }) => {
  const arabic = LANGUAGES[1];
  const context = await browser.newContext({ locale: 'hi-IN', serviceWorkers: 'block' });
  const page = await context.newPage();
  await page.goto('/');
  // The browser speaks Hindi: so does the app, before anything is chosen.
  await expect(page.getByRole('button', { name: LANGUAGES[0].guest })).toBeVisible();
  await expectDocument(page, LANGUAGES[0]);

  await page.getByLabel(LANGUAGES[0].language).selectOption(arabic.locale);
  await expect(page.getByRole('button', { name: arabic.guest })).toBeVisible();
  await expectDocument(page, arabic);
  await expectAccessible(page, 'the landing page in Arabic');

  await page.getByRole('button', { name: arabic.guest }).click();
  await expect(page.getByTestId('app-shell')).toBeVisible();
  await skipTutorial(page);
  await expect(page.getByRole('navigation', { name: arabic.nav }).getByRole('link', { name: arabic.play })).toBeVisible();
  await expectBoardUnmirrored(page);
  await context.close();
});
