import { expect, test, type Page } from '@playwright/test';
import { expectToast, recordToasts, rowsOf } from './helpers';
import { expectAccessible, grantRole, makePlayer, signIn, type Player } from './tournament-helpers';

/**
 * Tournaments end to end, driven as the organiser and players would. The long runs (a 9-player
 * Swiss of five rounds offline, a round robin and a knockout) run at 1280 px only: the 360 px
 * layout of the same screens is covered by the shorter tests, and each long run takes minutes on
 * this shared machine.
 */

test.beforeEach(async ({ page }) => {
  await recordToasts(page);
});

async function createTournament(page: Page, name: string, format: string, rounds: string): Promise<number> {
  await page.goto('/tournaments');
  await page.getByRole('link', { name: 'Create Tournament' }).click();
  await expect(page.getByRole('heading', { name: 'Create Tournament' })).toBeVisible();
  await page.getByLabel('Tournament name', { exact: true }).fill(name);
  await page.getByLabel('Venue', { exact: true }).fill('School hall');
  await page.getByLabel('Start date', { exact: true }).fill('2026-12-05');
  await page.getByLabel('End date', { exact: true }).fill('2026-12-06');
  await page.getByLabel('Registration start date', { exact: true }).fill('2026-11-01');
  await page.getByLabel('Registration end date', { exact: true }).fill('2026-12-04');
  await page.getByLabel('Format', { exact: true }).selectOption({ label: format });
  await page.getByLabel('Rounds', { exact: true }).fill(rounds);
  await page.getByRole('button', { name: 'Create Tournament' }).click();
  await expectToast(page, 'Tournament created successfully');
  await expect(page).toHaveURL(/\/tournaments\/\d+$/);
  return Number(/\/tournaments\/(\d+)$/.exec(page.url())![1]);
}

async function setStatus(page: Page, id: number, action: string, label: string): Promise<void> {
  await page.goto(`/tournaments/${id}/manage`);
  await page.getByRole('button', { name: action }).click();
  await expect(page.locator('.page__header')).toContainText(`Status: ${label}`);
  await expectToast(page, `Status changed to ${label}`);
}

async function openTab(page: Page, id: number, tab: string): Promise<void> {
  if (!page.url().endsWith(`/tournaments/${id}?tab=${tab.toLowerCase()}`)) await page.goto(`/tournaments/${id}`);
  await page.getByRole('tab', { name: tab }).click();
}

/** 'Approve all': each pending registration approved (the same action as its own Approve button). */
async function approveAll(page: Page, id: number, players: Player[]): Promise<void> {
  await openTab(page, id, 'Registrations');
  await page.getByRole('button', { name: `Approve all (${players.length})` }).click();
  for (const player of players) await expect(page.getByRole('listitem', { name: player.username }).getByText('Confirmed')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Approve all/ })).toHaveCount(0);
}

/** The keys an arbiter types in a result box. */
const RESULT_KEYS: Record<string, string> = { '1-0': '1', '0-1': '0', '1/2-1/2': '=' };

/** Creates the next round, pairs it, starts it and enters a result on every board. */
async function playRound(page: Page, n: number, results: (board: number) => string): Promise<void> {
  const create = page.getByRole('form', { name: 'Create round' });
  await expect(create.getByLabel('Round name')).toHaveValue(`Round ${n}`);
  await create.getByRole('button', { name: 'Create Round' }).click();
  await expectToast(page, 'Round created successfully');
  const round = page.getByRole('region', { name: `Round ${n}` });
  await round.getByRole('button', { name: 'Generate Pairings' }).click();
  await expect(round.getByRole('button', { name: 'Start Round' })).toBeVisible();
  await round.getByRole('button', { name: 'Start Round' }).click();
  await expect(round.getByText('In Progress')).toBeVisible();
  const games = round.getByRole('row', { name: /^Board \d+: .* - (?!bye)/ });
  const count = await games.count();
  for (let board = 0; board < count; board++) {
    const game = games.nth(board);
    const result = results(board);
    const key = RESULT_KEYS[result];
    // Every other board typed as at the venue (1, 0 or =, then Enter); the rest picked and submitted.
    if (key && board % 2 === 0) {
      await game.getByLabel(/^Result for board/).focus();
      await page.keyboard.press(key);
      await expect(game.getByLabel(/^Result for board/)).toHaveValue(result);
      await page.keyboard.press('Enter');
    } else {
      await game.getByLabel(/^Result for board/).selectOption(result);
      await game.getByRole('button', { name: 'Submit result' }).click();
    }
    await expect(game.getByRole('button', { name: 'Correct result' })).toBeVisible();
  }
  await expect(round.getByText('Completed', { exact: true })).toBeVisible();
}

test('the list, the create form and its messages, the detail tabs; axe on each', { tag: '@phone' }, async ({ page, baseURL, browser }) => {
  test.setTimeout(180_000);
  const organiser = await makePlayer(baseURL!, 'org');
  await grantRole(organiser.email, 'organizer');
  await signIn(page, organiser);
  await page.goto('/tournaments');
  await expect(page.getByRole('heading', { name: 'Tournaments', exact: true })).toBeVisible();
  await expect(page.getByText('No tournaments yet').or(page.locator('.tournament-card').first())).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Create Tournament' }).click();
  await page.getByLabel('Time control').fill('');
  await page.getByRole('button', { name: 'Create Tournament' }).click();
  for (const message of ['Tournament name is required', 'Start date is required', 'End date is required', 'Registration start date is required', 'Registration end date is required', 'Time control is required']) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }
  await expectAccessible(page);
  // Back keeps what was typed (for this tab); Cancel drops it.
  await page.getByLabel('Tournament name', { exact: true }).fill('Draft Cup');
  await page.getByRole('link', { name: 'Back to Tournaments' }).click();
  await page.getByRole('link', { name: 'Create Tournament' }).click();
  await expect(page.getByLabel('Tournament name', { exact: true })).toHaveValue('Draft Cup');
  await expect(page.getByLabel('Time control')).toHaveValue('');
  await page.getByRole('link', { name: 'Cancel' }).click();
  await page.getByRole('link', { name: 'Create Tournament' }).click();
  await expect(page.getByLabel('Tournament name', { exact: true })).toHaveValue('');
  await expect(page.getByLabel('Time control')).toHaveValue('15+10');
  const name = `Axe Open ${Date.now().toString(36)}`;
  const id = await createTournament(page, name, 'Swiss System', '5');
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(page.getByText('Draft')).toBeVisible();
  await expect(page.getByRole('tab')).toHaveText(['Overview', 'Brackets', 'Pairings', 'Standings', 'Profiles', 'Registrations', 'Rounds']);
  for (const label of ['Registered', 'Rounds', 'Pending', 'Waitlisted']) await expect(page.locator('.stat-card', { hasText: label })).toBeVisible();
  // A compact header: the tabs in one row (scrolling sideways on a phone), high on the first screen.
  const tabTops = await page.getByRole('tab').evaluateAll((tabs) => tabs.map((tab) => Math.round(tab.getBoundingClientRect().top)));
  expect(new Set(tabTops).size).toBe(1);
  expect(tabTops[0]).toBeLessThan((page.viewportSize()?.height ?? 0) / 2);
  await expectAccessible(page);
  for (const tab of ['Brackets', 'Pairings', 'Standings', 'Registrations', 'Rounds']) {
    await page.getByRole('tab', { name: tab }).click();
    await expectAccessible(page);
  }
  await page.getByRole('link', { name: 'Manage' }).click();
  await expect(page.getByRole('heading', { name: `Manage ${name}` })).toBeVisible();
  await expectAccessible(page);
  await page.goto('/tournaments/999999');
  await expect(page.getByRole('heading', { name: 'Tournament not found' })).toBeVisible();

  // A player sees no Create button, no manager tabs and Register only while registration is open.
  const player = await makePlayer(baseURL!, 'pl');
  const playerContext = await browser.newContext({ baseURL, viewport: page.viewportSize() });
  page = await playerContext.newPage();
  await signIn(page, player);
  await page.goto('/tournaments');
  await expect(page.getByRole('link', { name: new RegExp(name) })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Create Tournament' })).toHaveCount(0);
  await page.goto(`/tournaments/${id}`);
  await expect(page.getByRole('tab')).toHaveText(['Overview', 'Brackets', 'Pairings', 'Standings', 'Profiles']);
  await expect(page.getByRole('button', { name: 'Register' })).toHaveCount(0);
  await playerContext.close();
});

interface Event {
  id: number;
  organiser: Player;
  players: Player[];
}

/** An organiser, n players registered through the API and approved in the Registrations tab. */
async function setUpEvent(page: Page, baseURL: string, name: string, format: string, size: number, rounds: string): Promise<Event> {
  const organiser = await makePlayer(baseURL, 'org');
  await grantRole(organiser.email, 'organizer');
  const players: Player[] = [];
  for (let i = 0; i < size; i++) players.push(await makePlayer(baseURL, `pl${i}`));
  await signIn(page, organiser);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  const id = await createTournament(page, name, format, rounds);
  await setStatus(page, id, 'Open Registration', 'Registration Open');
  // The change reaches the server through the outbox: wait until it has, before players register.
  await expect.poll(async () => ((await (await organiser.api.get(`/api/tournaments/${id}`)).json()) as { status: string }).status).toBe('registration_open');
  for (const player of players) {
    const response = await player.api.post(`/api/tournaments/${id}/register`, { data: { sectionId: 1 } });
    expect(response.status(), await response.text()).toBeLessThan(300);
  }
  await approveAll(page, id, players);
  // The approvals reach the server through the outbox: every player confirmed there before the
  // event goes on (a run once paired five of six players: 'Place 1 of 5' on a profile).
  await expect
    .poll(async () => ((await (await organiser.api.get(`/api/tournaments/${id}/registrations?status=confirmed`)).json()) as unknown[]).length, { timeout: 60_000 })
    .toBe(players.length);
  return { id, organiser, players };
}

/**
 * Waits until the device's outbox holds nothing: every change pushed and answered. Read from the
 * database, not the page: the count 'waiting to sync' also goes while the page shows its
 * skeleton for a moment, and a look then passed with changes still queued (round 5 found in
 * progress on the server). A change the server refused fails here, with its reason.
 */
async function waitForSync(page: Page): Promise<void> {
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  const outbox = () => rowsOf<{ status: string; error?: string }>(page, 'outbox');
  await expect.poll(async () => (await outbox()).filter((row) => row.status === 'pending').length, { timeout: 60_000, message: 'changes waiting to sync' }).toBe(0);
  expect((await outbox()).filter((row) => row.status === 'rejected')).toEqual([]);
  await expect(page.getByText(/waiting to sync/)).toHaveCount(0);
}

/** Every round of the event on the server, with its boards (through the API). */
async function serverRounds(event: Event) {
  const rounds = (await (await event.organiser.api.get(`/api/tournaments/${event.id}/rounds`)).json()) as { id: number; roundNumber: number; status: string }[];
  return Promise.all(rounds.map(async (round) => ({
    ...round,
    pairings: ((await (await event.organiser.api.get(`/api/rounds/${round.id}`)).json()) as { pairings: { gameId: number | null; gameResult: string | null; blackPlayerId: number | null; gameStatus: string }[] }).pairings,
  })));
}

test('a 9-player Swiss run offline: five rounds, standings printed, synced exactly once', async ({ page, baseURL, context }, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop-1280', 'Long run: desktop only (see the file comment).');
  test.setTimeout(600_000);
  const event = await setUpEvent(page, baseURL!, 'Venue Swiss', 'Swiss System', 9, '5');
  await openTab(page, event.id, 'Rounds');
  await expect(page.getByText('No rounds yet')).toBeVisible();

  // The hall has no network from here on.
  await context.setOffline(true);
  await setStatus(page, event.id, 'Close Registration', 'Registration Closed');
  await setStatus(page, event.id, 'Start Tournament', 'In Progress');
  await openTab(page, event.id, 'Rounds');
  const outcomes = ['1-0', '0-1', '1/2-1/2', '1-0'];
  for (let n = 1; n <= 5; n++) await playRound(page, n, (board) => outcomes[(board + n) % outcomes.length]!);
  await openTab(page, event.id, 'Standings');
  await expect(page.getByRole('table', { name: 'Standings' }).getByRole('row')).toHaveCount(10);
  await page.getByRole('link', { name: 'Print standings' }).click();
  await expect(page.getByTestId('print-sheet')).toContainText('Standings after round 5');
  await expectAccessible(page);
  await page.goBack();
  // Back on the tournament's page, its count of queued changes shows again before the network
  // returns: otherwise the wait below could pass on a page still loading (a rehearsal did).
  await expect(page.getByText(/waiting to sync/)).toBeVisible();

  await context.setOffline(false);
  await waitForSync(page);

  const rounds = await serverRounds(event);
  expect(rounds.map((round) => [round.roundNumber, round.status])).toEqual([1, 2, 3, 4, 5].map((n) => [n, 'completed']));
  for (const round of rounds) {
    const games = round.pairings.filter((pairing) => pairing.blackPlayerId !== null);
    expect(games).toHaveLength(4);
    expect(games.every((pairing) => pairing.gameResult !== null && pairing.gameStatus === 'completed')).toBe(true);
    expect(new Set(games.map((pairing) => pairing.gameId)).size).toBe(4);
    expect(round.pairings.filter((pairing) => pairing.blackPlayerId === null)).toHaveLength(1);
  }
});

test('two devices enter different results offline for one game: a dispute after both sync', async ({ page, baseURL, browser }, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop-1280', 'Long run: desktop only (see the file comment).');
  test.setTimeout(300_000);
  const event = await setUpEvent(page, baseURL!, 'Two Devices', 'Swiss System', 4, '3');
  await setStatus(page, event.id, 'Close Registration', 'Registration Closed');
  await setStatus(page, event.id, 'Start Tournament', 'In Progress');
  await openTab(page, event.id, 'Rounds');
  const create = page.getByRole('form', { name: 'Create round' });
  await create.getByRole('button', { name: 'Create Round' }).click();
  const round = page.getByRole('region', { name: 'Round 1' });
  await round.getByRole('button', { name: 'Generate Pairings' }).click();
  await round.getByRole('button', { name: 'Start Round' }).click();
  await expect(round.getByText('In Progress')).toBeVisible();
  await waitForSync(page);

  // The second device: the same organiser on another browser, the tournament opened online once.
  const other = await browser.newContext({ baseURL });
  const second = await other.newPage();
  await signIn(second, event.organiser);
  await second.goto(`/tournaments/${event.id}?tab=rounds`);
  const secondRound = second.getByRole('region', { name: 'Round 1' });
  await expect(secondRound.getByText('In Progress')).toBeVisible();

  await page.context().setOffline(true);
  await other.setOffline(true);
  const board = (p: Page) => p.getByRole('region', { name: 'Round 1' }).getByRole('row', { name: /^Board 1: / });
  await board(page).getByLabel(/^Result for board/).selectOption('1-0');
  await board(page).getByRole('button', { name: 'Submit result' }).click();
  await board(second).getByLabel(/^Result for board/).selectOption('0-1');
  await board(second).getByRole('button', { name: 'Submit result' }).click();
  await expect(board(second).getByRole('button', { name: 'Correct result' })).toBeVisible();

  await page.context().setOffline(false);
  await waitForSync(page);
  await other.setOffline(false);
  await waitForSync(second);
  for (const device of [page, second]) {
    await device.reload();
    await expect(device.getByRole('region', { name: 'Disputed results' })).toBeVisible();
    await expect(board(device)).toContainText('(disputed)');
    // Issue 29: the kept result is provisional on every device, in words.
    await expect(board(device)).toContainText('1-0 (provisional)');
  }
  // The first device's result was kept; the second device says its own was not, with both.
  await expect(page.getByRole('alert').filter({ hasText: 'Results not kept' })).toHaveCount(0);
  await expect(second.getByRole('alert').filter({ hasText: 'Results not kept' })).toContainText(
    'Round 1, board 1: your result 0-1 was not kept; the result 1-0 entered on another device stands until the arbiter decides (provisional).',
  );
  await second.goto(`/tournaments/${event.id}?tab=pairings`);
  await expect(second.getByRole('region', { name: 'Round 1 pairings table' })).toContainText('1-0 (provisional)');
  await expectAccessible(second);
  await other.close();

  // The organiser resolves it: the kept result stands and the dispute leaves the list.
  const disputes = page.getByRole('region', { name: 'Disputed results' });
  await disputes.getByLabel(/^Result to keep/).first().selectOption('1-0');
  await disputes.getByLabel('Resolution note').first().fill('Both players confirmed White won');
  await disputes.getByRole('button', { name: 'Resolve' }).first().click();
  await expectToast(page, 'Dispute resolved');
  await waitForSync(page);
  await page.reload();
  await expect(page.getByRole('region', { name: 'Disputed results' })).toHaveCount(0);
  await expect(board(page)).toContainText('1-0');
  await expect(board(page)).not.toContainText('(provisional)');
});

for (const [format, size, rounds] of [['Round Robin', 6, 5], ['Single Elimination', 8, 3]] as const) {
  test(`a ${size}-player ${format} runs to completion`, async ({ page, baseURL, browser }, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop-1280', 'Long run: desktop only (see the file comment).');
    test.setTimeout(400_000);
    const event = await setUpEvent(page, baseURL!, `${format} Cup`, format, size, String(rounds));
    await setStatus(page, event.id, 'Close Registration', 'Registration Closed');
    await setStatus(page, event.id, 'Start Tournament', 'In Progress');
    await openTab(page, event.id, 'Rounds');
    for (let n = 1; n <= rounds; n++) await playRound(page, n, (board) => (board % 2 === 0 ? '1-0' : '0-1'));
    await expect(page.getByRole('form', { name: 'Create round' })).toBeVisible();
    await setStatus(page, event.id, 'Complete Tournament', 'Completed');
    await openTab(page, event.id, 'Brackets');
    await expectAccessible(page);
    await waitForSync(page);

    // Profiles: the player profile dialog's Tournaments tab has the final place from the server.
    await page.reload();
    await page.getByRole('tab', { name: 'Profiles' }).click();
    await page.getByRole('button', { name: event.players[0]!.username }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('tab', { name: 'Tournaments' }).click();
    await expect(dialog.getByText(`${format} Cup`)).toBeVisible();
    await expect(dialog).toContainText(new RegExp(`Place \\d+ of ${size}`));
    await page.keyboard.press('Escape');

    // TRF: download from Manage, import it back as a new tournament with its players and rounds.
    await page.goto(`/tournaments/${event.id}/manage`);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download TRF' }).click()]);
    expect(download.suggestedFilename()).toBe(`tournament-${event.id}.trf`);
    const trfPath = await download.path();
    await page.goto('/tournaments');
    await page.getByLabel('Import TRF').setInputFiles(trfPath);
    await expectToast(page, 'Tournament imported');
    await expect(page).toHaveURL(/\/tournaments\/\d+$/);
    await expect(page.locator('.stat-card', { hasText: 'Rounds' })).toContainText(String(rounds));
    const played = await serverRounds(event);
    expect(played).toHaveLength(rounds);
    expect(played.every((round) => round.status === 'completed')).toBe(true);
    const games = played.flatMap((round) => round.pairings.filter((pairing) => pairing.blackPlayerId !== null));
    expect(games).toHaveLength(format === 'Round Robin' ? 15 : 7);

    // A player's device shows the published pairings and standings offline once loaded.
    const playerContext = await browser.newContext({ baseURL, viewport: page.viewportSize() });
    const player = await playerContext.newPage();
    await signIn(player, event.players[0]!);
    await player.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await player.goto(`/tournaments/${event.id}?tab=standings`);
    await expect(player.getByRole('table', { name: 'Standings' }).getByRole('row')).toHaveCount(size + 1);
    await playerContext.setOffline(true);
    await player.reload();
    await expect(player.getByText('Offline: showing this tournament as stored on this device.')).toBeVisible();
    await expect(player.getByRole('table', { name: 'Standings' }).getByRole('row')).toHaveCount(size + 1);
    await player.getByRole('tab', { name: 'Pairings' }).click();
    await expect(player.getByRole('table', { name: `Round ${rounds} pairings` })).toBeVisible();
    await playerContext.close();
  });
}
