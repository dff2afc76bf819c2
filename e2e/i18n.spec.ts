import { readdirSync, readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { move, openAsGuest, skipTutorial, solutionPositions } from './helpers';
import { grantRole, makePlayer, signIn, startedSwiss } from './tournament-helpers';

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

/** A language's words of the lessons and tips, as content/i18n/<locale> holds them. */
function translatedContent(locale: string): { lessons: string[]; tips: string[] } {
  const dir = `content/i18n/${locale}`;
  const lessons = readdirSync(`${dir}/lessons`).map((file) => (JSON.parse(readFileSync(`${dir}/lessons/${file}`, 'utf8')) as { title: string }).title);
  const tips = readdirSync(`${dir}/tips`).flatMap((file) => (JSON.parse(readFileSync(`${dir}/tips/${file}`, 'utf8')) as { title: string }[]).map((tip) => tip.title));
  return { lessons, tips };
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const oneOf = (texts: readonly string[]) => new RegExp(`^(${texts.map(escaped).join('|')})$`);

/** A day streak of one, in each language's plural form for one (app/locales/<locale>/screens.po). */
const ONE_DAY = { hi: '1 दिन', ar: 'يوم واحد' } as const;

for (const language of LANGUAGES) {
  test(`a child who reads ${language.locale} signs in, plays, does a lesson and a puzzle and reads a tip in it`, { tag: '@phone' }, async ({ page, baseURL }) => {
    test.slow(); // five screens, each with a server round trip
    const tr = translator(language.locale);
    const content = translatedContent(language.locale);
    const child = await makePlayer(baseURL!, `kid${language.locale}`);

    // The language is chosen on the landing page, before signing in; the Login form is in it.
    await page.goto('/');
    await page.getByLabel('Language').selectOption(language.locale);
    await expectDocument(page, language);
    await page.getByRole('link', { name: tr('Login') }).click();
    await page.getByLabel(tr('Email')).fill(child.email);
    await page.getByLabel(tr('Password'), { exact: true }).fill(child.password);
    await page.getByRole('button', { name: tr('Login'), exact: true }).click();
    await expect(page.getByText(tr('Welcome back!'))).toBeVisible();
    await skipTutorial(page, tr('Skip Tutorial'));

    // Plays: a move on the board, which stays a1-bottom-left in either direction.
    await expectBoardUnmirrored(page);
    await move(page, 'e2e4');
    await expect(page.getByTestId('board')).toHaveAttribute('data-fen', /^\S*4P3/);
    await expectDocument(page, language);

    // A lesson: its title and words in the language, and the screen's own.
    await page.goto('/lessons');
    await page.getByRole('link', { name: tr('Start Learning') }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(oneOf(content.lessons));
    const sectionOf = escaped(tr('Section {sectionNumber} of {sectionCount}')).replace('\\{sectionNumber\\}', '1').replace('\\{sectionCount\\}', '\\d+');
    await expect(page.locator('.lesson__counter')).toContainText(new RegExp(sectionOf));
    await expectAccessible(page, `a lesson in ${language.locale}`);

    // A puzzle, solved.
    await page.goto('/puzzles');
    await expect(page.getByRole('heading', { level: 1, name: tr('Puzzles') })).toBeVisible();
    await solvePuzzle(page);
    await expect(page.getByTestId('puzzle-status')).toHaveText(tr('Correct!'));
    await expectAccessible(page, `a puzzle in ${language.locale}`);
    await page.screenshot({ path: `test-results/i18n-puzzle-${language.locale}-${page.viewportSize()?.width}.png` });

    // A tip, read and marked complete: the day streak counts one day, in the language's plural.
    await page.goto('/tips');
    const tip = page.getByRole('article');
    await expect(tip.getByRole('heading')).toHaveText(oneOf(content.tips));
    await tip.getByRole('button', { name: tr('Mark Complete') }).click();
    await expect(tip.getByRole('button', { name: tr('Mark Complete') })).toHaveCount(0);

    // Progress: the streak's plural and the rating chart's date in the language.
    await page.goto('/progress');
    await expect(page.getByText(ONE_DAY[language.locale], { exact: true })).toBeVisible();
    const today = await page.evaluate((locale) => new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short' }).format(new Date()), language.locale);
    await expect(page.locator('.progress__chart').first()).toHaveAttribute('aria-label', new RegExp(escaped(today)));
    await expectDocument(page, language);
  });
}

/** Plays the solution of the puzzle shown (its moves are on the board's data-solution), waiting for each reply. */
async function solvePuzzle(page: Page): Promise<void> {
  const puzzle = page.getByTestId('puzzle-board');
  await expect(puzzle).toHaveAttribute('data-status', 'solving');
  const moves = (await puzzle.getAttribute('data-solution'))!.split(' ');
  const board = page.getByTestId('review-board');
  const start = (await board.getAttribute('data-fen'))!;
  const positions = solutionPositions(start, moves.slice(1));
  for (let index = 1; index < moves.length; index += 2) {
    await move(page, moves[index]!);
    if (index + 1 < moves.length) await expect(board).toHaveAttribute('data-fen', positions[index]!);
  }
}

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

test('a teacher who reads Hindi makes a class from Devanagari names and prints the cards', { tag: '@phone' }, async ({ page, baseURL }) => {
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

test.describe('in a browser that speaks Arabic', () => {
  test.use({ locale: 'ar-MA' });

  test('an arbiter enters a round’s results in Arabic: right to left, the names and results kept whole', { tag: '@phone' }, async ({ page, baseURL }) => {
    test.setTimeout(120_000);
    const ar = translator('ar');
    const organiser = await makePlayer(baseURL!, 'arorg');
    await grantRole(organiser.email, 'organizer');
    const players = await Promise.all(Array.from({ length: 4 }, () => makePlayer(baseURL!, 'arp')));
    const { id } = await startedSwiss(organiser, players, { name: `Casablanca Open ${Date.now().toString(36)}` });

    expect((await page.request.post('/api/auth/login', { data: { email: organiser.email, password: organiser.password } })).ok()).toBe(true);
    await page.goto(`/tournaments/${id}`);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    await page.getByRole('tab', { name: ar('Rounds') }).click();
    const round = page.getByRole('region', { name: 'Round 1' });
    const toasts = page.getByRole('status').and(page.locator('.toast-region'));

    for (const [board, result] of [[1, '1-0'], [2, '1/2-1/2']] as const) {
      const row = round.locator(`tr[data-board="${board}"]`);
      await row.getByLabel(ar('Result for board {boardNumber}').replace('{boardNumber}', String(board)), { exact: true }).selectOption(result);
      await row.getByRole('button', { name: ar('Submit result') }).click();
      await expect(toasts).toContainText(ar('Result submitted successfully'));
    }
    // Each result reads whole and left to right inside the right-to-left table.
    await expect(round.locator('tr[data-board="1"] strong')).toHaveText('1-0');
    await expect(round.locator('tr[data-board="2"] strong')).toHaveText(/^(½-½|1\/2-1\/2)$/);
    await expect(round.getByText(ar('Completed'), { exact: true })).toBeVisible();
    await expectAccessible(page, 'the Rounds tab in Arabic');
    await page.screenshot({ path: `test-results/i18n-arbiter-ar-${page.viewportSize()?.width}.png`, fullPage: true });
  });
});
