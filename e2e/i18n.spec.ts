import { readdirSync, readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { openAsGuest, registerAndStart, skipTutorial } from './helpers';
import { grantRole, makePlayer, signIn } from './tournament-helpers';

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
    await skipTutorial(page, translator(language.locale)('Skip Tutorial'));
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
  await skipTutorial(page, translator('ar')('Skip Tutorial'));
  await expect(page.getByRole('navigation', { name: arabic.nav }).getByRole('link', { name: arabic.play })).toBeVisible();
  await expectBoardUnmirrored(page);
  await context.close();
});

test("a child's language follows their account to a new Chromebook, and leaves a shared one with them", async ({ browser, baseURL }) => {
  test.slow(); // an account, two browsers
  const hindi = LANGUAGES[0];
  const hi = translator('hi');
  const child = await makePlayer(baseURL!, 'lang');
  const login = async (page: Page) => {
    await page.goto('/login');
    await page.getByLabel('Email').fill(child.email);
    await page.getByLabel('Password', { exact: true }).fill(child.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
  };

  // A school's Chromebook, its browser in English: the child chooses Hindi in Settings.
  const shared = await browser.newContext({ locale: 'en-US', serviceWorkers: 'block' });
  const page = await shared.newPage();
  await login(page);
  await expect(page.getByTestId('app-shell')).toBeVisible();
  await page.goto('/settings');
  await page.getByRole('radio', { name: hindi.name }).check();
  await expectDocument(page, hindi);
  // Saved to the account (the outbox's setLanguage, sent at once online).
  await expect.poll(async () => ((await (await child.api.get('/api/auth/user')).json()) as { language: string | null }).language).toBe('hi');

  // Log Out: the next child finds the sign-in page in the browser's language, not in Hindi.
  await page.getByRole('button', { name: hi('Log Out') }).click();
  await expect(page).toHaveURL(/\/login/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeVisible();
  await shared.close();

  // A new Chromebook (nothing chosen on it): signed in, the app reads in the account's Hindi.
  const fresh = await browser.newContext({ locale: 'en-US', serviceWorkers: 'block' });
  const second = await fresh.newPage();
  await login(second);
  await expect(second.getByTestId('app-shell')).toBeVisible();
  await second.goto('/settings');
  await expect(second.getByRole('heading', { level: 1, name: hindi.title })).toBeVisible();
  await expect(second.getByRole('radio', { name: hindi.name })).toBeChecked();
  await expectDocument(second, hindi);
  await fresh.close();
});

/** The Hindi words of the lessons and tips, as content/i18n/hi holds them. */
function hindiContent(): { lessons: string[]; tips: string[] } {
  const dir = 'content/i18n/hi';
  const lessons = readdirSync(`${dir}/lessons`).map((file) => (JSON.parse(readFileSync(`${dir}/lessons/${file}`, 'utf8')) as { title: string }).title);
  const tips = readdirSync(`${dir}/tips`).flatMap((file) => (JSON.parse(readFileSync(`${dir}/tips/${file}`, 'utf8')) as { title: string }[]).map((tip) => tip.title));
  return { lessons, tips };
}

test('a child who reads Hindi gets the lessons and tips in Hindi', async ({ page }) => {
  test.slow(); // an account, the assessment skipped, three screens
  const hindi = hindiContent();
  await registerAndStart(page);
  await page.goto('/settings');
  await page.getByRole('radio', { name: 'हिन्दी' }).check();
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');

  await page.goto('/lessons');
  // The screen's own words are Hindi too: 'Start Learning' is 'सीखना शुरू करें'.
  const start = page.getByRole('link', { name: 'सीखना शुरू करें' });
  await expect(start).toBeVisible();
  await expect(page.getByText(hindi.lessons[0]!, { exact: true }).first()).toBeVisible();
  await start.click();
  const title = page.getByRole('heading', { level: 1 });
  await expect(title).toHaveText(new RegExp(`^(${hindi.lessons.map((t) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})$`));
  await expectAccessible(page, 'a lesson in Hindi');

  await page.goto('/tips');
  const tip = page.getByRole('article');
  await expect(tip).toHaveCount(1);
  expect(hindi.tips).toContain((await tip.getByRole('heading').textContent())!.trim());
});

/** A language's translation of an English message, read from its catalogues (app/locales/<locale>/*.po). */
function translator(locale: string): (english: string) => string {
  const messages = new Map<string, string>();
  for (const name of ['first', 'screens']) {
    const text = readFileSync(`app/locales/${locale}/${name}.po`, 'utf8');
    for (const [, id, translation] of text.matchAll(/^msgid "((?:[^"\\]|\\.)*)"\nmsgstr "((?:[^"\\]|\\.)*)"$/gm)) messages.set(JSON.parse(`"${id}"`), JSON.parse(`"${translation}"`));
  }
  return (english) => {
    const found = messages.get(english);
    if (!found) throw new Error(`${locale} has no translation of '${english}'`);
    return found;
  };
}

test('a teacher who reads Hindi makes a class from Devanagari names and prints the cards', async ({ page, baseURL }) => {
  test.slow(); // two accounts, roles, a class
  const hi = translator('hi');
  const manager = await makePlayer(baseURL!, 'hiorg');
  await grantRole(manager.email, 'organizer');
  const organization = await manager.api.post('/api/organizations', { data: { name: `Vidya School ${Date.now().toString(36)}`, type: 'elementary_school' } });
  expect(organization.status(), await organization.text()).toBe(201);
  const organizationId = ((await organization.json()) as { id: number }).id;
  const teacher = await makePlayer(baseURL!, 'hitch');
  await grantRole(teacher.email, 'teacher', `organization:${organizationId}`);
  const created = await teacher.api.post('/api/classes', { data: { organizationId, name: 'कक्षा 3' } });
  expect(created.status(), await created.text()).toBe(201);
  const classId = ((await created.json()) as { id: number }).id;

  await signIn(page, teacher);
  await skipTutorial(page);
  await page.goto('/settings');
  await page.getByRole('radio', { name: 'हिन्दी' }).check();
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');

  await page.goto(`/classes/${classId}`);
  await page.getByLabel(hi('Students’ names, one a line')).fill('आरव शर्मा\nप्रिया गुप्ता\nविहान सिंह\n');
  await page.getByRole('button', { name: hi('Make accounts') }).click();
  await expect(page).toHaveURL(/\/classes\/\d+\/cards$/);
  const cards = page.getByTestId('login-card');
  await expect(cards).toHaveCount(3, { timeout: 30_000 });
  // The real name as written, the username a child types on an English keyboard.
  for (const [name, username] of [['आरव शर्मा', 'AaravS'], ['प्रिया गुप्ता', 'PriyaG'], ['विहान सिंह', 'VihaanS']] as const) {
    await expect(cards.filter({ hasText: name })).toContainText(username);
  }
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  await expectAccessible(page, 'login cards in Hindi');
});
