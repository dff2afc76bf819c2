import { expect, test, type Page } from '@playwright/test';
import { newAccount } from './helpers';
import { grantRole, makePlayer, startedSwiss } from './tournament-helpers';

/**
 * The pseudo-locale pass (issue 28): the app runs in `pseudo`, whose every catalogued text is
 * wrapped in ⟦ ⟧ (lingui.config.ts). Any visible text, or name given to assistive technology,
 * that is not inside the brackets was written into a component instead of the catalogue, and a
 * Hindi or Arabic reader would meet it in English. What is not the app's words is left out:
 * text marked `translate="no"` (names, usernames, codes, moves) or in another language (`lang`),
 * authored content the server translates itself (`data-content`: lessons, tips, puzzles'
 * descriptions), numbers, squares and moves, and punctuation. The pseudo-locale's letters are
 * accented, so this test finds its way by paths and roles, not by English names.
 */

// Nothing here goes offline: no service worker (decisions.md, 'End-to-end time').
test.use({ serviceWorkers: 'block' });

/**
 * Text that is not words: numbers, times, scores, squares and moves (SAN, UCI, figurines), signs,
 * a crosstable's opponent and colour ('12w'), a board's file letters, and a date's month (the pseudo-locale's dates are the browser's, English
 * here: app/shared/components/dates.ts).
 */
const NOT_WORDS = String.raw`^[a-h]$|^(?:(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec|AM|PM)|[\s\d.,:;!?%+\-–—−/()\[\]#'"’·•…×=½°|<>@*&~^_←→↑↓]|[♔♕♖♗♘♙♚♛♜♝♞♟]|[KQRBN]?[a-h]?[1-8]?x?[a-h][1-8](?:=[QRBN♕♖♗♘♛♜♝♞])?|O-O(?:-O)?|[a-h][1-8][a-h][1-8][qrbn]?|\d+[wb])+$`;

/**
 * What the page shows or names outside the brackets: each visible text run and each accessible
 * attribute (aria-label, title, placeholder, alt) with its bracketed parts removed, when what is
 * left is words. Brackets may open in one text node and close in a later one (a message with
 * tags), and nest (a message inside a message's placeholder).
 */
function untranslatedOnPage({ notWordsSource, data }: { notWordsSource: string; data: readonly string[] }): string[] {
  const notWords = new RegExp(notWordsSource, 'u');
  // A part in another language says so (`lang`, as the language chooser's names do).
  const skipped = (element: Element) =>
    element.closest('script, style, noscript, [translate="no"], [data-content], [aria-hidden="true"]') !== null ||
    element.closest('[lang]') !== document.documentElement;
  const found = new Set<string>();
  const unbracketed = (parts: readonly string[]): string[] => {
    const outside: string[] = [];
    let depth = 0;
    for (const part of parts) {
      let current = '';
      for (const character of part) {
        if (character === '⟦') depth += 1;
        else if (character === '⟧') depth = Math.max(0, depth - 1);
        else if (depth === 0) current += character;
      }
      outside.push(current);
    }
    return outside;
  };
  const report = (text: string, where: string) => {
    const trimmed = data.reduce((left, value) => left.split(value).join(' '), text).replace(/\s+/g, ' ').trim();
    if (trimmed && !notWords.test(trimmed)) found.add(`${where}: "${trimmed}"`);
  };

  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const runs: string[] = [];
  const owners: Element[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const owner = node.parentElement;
    if (!owner || skipped(owner) || !owner.checkVisibility({ visibilityProperty: true })) continue;
    runs.push(node.textContent ?? '');
    owners.push(owner);
  }
  unbracketed(runs).forEach((text, index) => report(text, `<${owners[index]!.tagName.toLowerCase()}>`));

  for (const element of document.body.querySelectorAll('[aria-label], [title], [placeholder], img[alt]')) {
    if (skipped(element) || !element.checkVisibility({ visibilityProperty: true })) continue;
    for (const name of ['aria-label', 'title', 'placeholder', 'alt']) {
      const value = element.getAttribute(name);
      if (value) report(unbracketed([value])[0]!, `${name} of <${element.tagName.toLowerCase()}>`);
    }
  }
  return [...found];
}

/**
 * Fails (softly: every screen is checked) when the page shows words not from a catalogue. `data`
 * is what the test itself typed or made (names, a class's name): a person's words, not the app's.
 */
async function expectAllCatalogued(page: Page, screen: string, data: readonly string[] = []): Promise<void> {
  // The page's own words have come: something bracketed is on screen.
  await expect(page.locator('main')).toContainText('⟦');
  const left = await page.evaluate(untranslatedOnPage, { notWordsSource: NOT_WORDS, data });
  expect.soft(left, `${screen}: texts not from a catalogue`).toEqual([]);
}

test('pseudo-locale: every text of the main screens comes from a catalogue', async ({ page }) => {
  test.setTimeout(120_000);
  await page.addInitScript(() => localStorage.setItem('chess-locale', 'pseudo'));

  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'pseudo');
  await expectAllCatalogued(page, 'the landing page');
  for (const path of ['/register', '/login', '/forgot-password']) {
    await page.goto(path);
    await expect(page.locator('form button[type="submit"]')).toBeVisible();
    await expectAllCatalogued(page, path);
  }

  // A child signed in through the API (the form is not what this test is about).
  const account = newAccount('pseudo');
  expect((await page.request.post('/api/auth/register', { data: account })).ok()).toBe(true);
  expect((await page.request.post('/api/onboarding/complete')).ok()).toBe(true);

  await page.goto('/');
  const tutorial = page.getByTestId('tutorial');
  await expect(tutorial).toBeVisible();
  await expectAllCatalogued(page, 'the tutorial');
  await tutorial.getByRole('button', { name: /^⟦Śķĩƥ/ }).click();
  await expect(tutorial).toBeHidden();
  await expect(page.getByTestId('board')).toBeVisible();
  await expectAllCatalogued(page, 'Play');

  const screens: readonly { path: string; ready: (page: Page) => Promise<void> }[] = [
    { path: '/lessons', ready: (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible() },
    { path: '/puzzles', ready: (p) => expect(p.locator('[data-square="e4"]')).toBeVisible() },
    { path: '/lesson', ready: (p) => expect(p.locator('.lesson__section')).toBeVisible() },
    { path: '/tips', ready: (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible() },
    { path: '/games/history', ready: (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible() },
    { path: '/progress', ready: (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible() },
    { path: '/settings', ready: (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible() },
    { path: '/tournaments', ready: (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible() },
  ];
  for (const screen of screens) {
    await page.goto(screen.path);
    await screen.ready(page);
    await expect(page.locator('.skeleton')).toHaveCount(0);
    await expectAllCatalogued(page, screen.path);
  }
});

test("pseudo-locale: every text of a teacher's and an organiser's screens comes from a catalogue", async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const tag = Date.now().toString(36);
  const organiser = await makePlayer(baseURL!, 'psorg');
  await grantRole(organiser.email, 'organizer');
  const schoolName = `Oak School ${tag}`;
  const school = await organiser.api.post('/api/organizations', { data: { name: schoolName, type: 'elementary_school' } });
  expect(school.status(), await school.text()).toBe(201);
  const organizationId = ((await school.json()) as { id: number }).id;
  const teacher = await makePlayer(baseURL!, 'pstch');
  await grantRole(teacher.email, 'teacher', `organization:${organizationId}`);
  const className = `Class 3 ${tag}`;
  const created = await teacher.api.post('/api/classes', { data: { organizationId, name: className } });
  expect(created.status(), await created.text()).toBe(201);
  const classId = ((await created.json()) as { id: number }).id;
  const students = ['Mia Rossi', 'Leo Brun'];
  const added = await teacher.api.post(`/api/classes/${classId}/students`, { data: { names: students } });
  expect(added.status(), await added.text()).toBe(201);
  const credentials = ((await added.json()) as { credentials: { userId: number; username: string; password: string }[] }).credentials;
  const usernames = credentials.map((credential) => credential.username);

  await page.addInitScript(() => localStorage.setItem('chess-locale', 'pseudo'));
  expect((await page.request.post('/api/auth/login', { data: { email: teacher.email, password: teacher.password } })).ok()).toBe(true);
  await page.goto('/');
  await page.getByTestId('tutorial').getByRole('button', { name: /^⟦Śķĩƥ/ }).click();

  const data = [teacher.username, schoolName, className, ...students, ...usernames];
  const student = credentials[0]!;
  for (const path of ['/classes', `/classes/${classId}`, `/classes/${classId}/students/${student.userId}`, `/classes/${classId}/parent-codes`, '/children', '/organizations', `/organizations/${organizationId}`]) {
    await visit(page, path, data);
  }

  // The organiser's running Swiss: its tabs (the address names them in English), the projector and the sheets.
  const players = await Promise.all(['psa', 'psb', 'psc'].map((prefix) => makePlayer(baseURL!, prefix)));
  const tournamentName = `Oak Open ${tag}`;
  const { id } = await startedSwiss(organiser, players, { name: tournamentName, venue: 'Oak Hall' });
  expect((await page.request.post('/api/auth/login', { data: { email: organiser.email, password: organiser.password } })).ok()).toBe(true);
  const names = [organiser.username, tournamentName, 'Oak Hall', 'Round 1', className, ...players.flatMap((player) => [player.username, player.email])];
  await visit(page, '/tournaments/create', names);
  for (const tab of ['overview', 'pairings', 'standings', 'profiles', 'registrations', 'rounds']) {
    await visit(page, `/tournaments/${id}?tab=${tab}`, names);
  }
  await visit(page, `/tournaments/${id}/manage`, names);
  for (const sheet of ['pairings', 'standings', 'crosstable', 'certificates']) {
    await visit(page, `/tournaments/${id}/print/${sheet}`, names);
  }
});

async function visit(page: Page, path: string, data: readonly string[]): Promise<void> {
  await page.goto(path);
  // Loaded: no skeleton, and the screen's own words in main (expectAllCatalogued waits for them).
  await expect(page.locator('.skeleton')).toHaveCount(0);
  await expectAllCatalogued(page, path, data);
}
