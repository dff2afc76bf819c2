import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { grantRole, makePlayer, signIn, type Player } from './tournament-helpers';

/**
 * Live at the venue (issue 22): the organiser's laptop, a second arbiter's tablet and a player's
 * phone, all online with the tournament open, and the projector in the hall. A result entered on
 * the laptop shows on the other two and on the projector within 5 s, without a reload (they follow
 * the tournament: a pull every few seconds asking for it by version).
 */

async function ok(api: APIRequestContext, method: 'post' | 'patch' | 'put', url: string, data?: unknown): Promise<{ id: number }> {
  const response = await api[method](url, data === undefined ? {} : { data });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return (await response.json()) as { id: number };
}

/** A tournament in progress with four players, round 1 paired and started (set up through the API). */
async function startedEvent(organiser: Player, players: Player[]): Promise<number> {
  const { id } = await ok(organiser.api, 'post', '/api/tournaments', {
    name: 'Venue Live',
    venue: 'School hall',
    startDate: '2026-12-05T09:00:00.000Z',
    endDate: '2026-12-05T18:00:00.000Z',
    registrationStartDate: '2026-11-01T00:00:00.000Z',
    registrationEndDate: '2026-12-04T00:00:00.000Z',
    timeControl: { type: 'rapid', minutes: 15, increment: 10 },
    rounds: 3,
  });
  await ok(organiser.api, 'patch', `/api/tournaments/${id}`, { status: 'registration_open' });
  for (const player of players) {
    const registration = await ok(player.api, 'post', `/api/tournaments/${id}/register`, { sectionId: 1 });
    await ok(organiser.api, 'put', `/api/registrations/${registration.id}/approve`);
  }
  await ok(organiser.api, 'patch', `/api/tournaments/${id}`, { status: 'registration_closed' });
  await ok(organiser.api, 'patch', `/api/tournaments/${id}`, { status: 'in_progress' });
  const round = await ok(organiser.api, 'post', `/api/tournaments/${id}/rounds`, { roundNumber: 1, name: 'Round 1' });
  await ok(organiser.api, 'post', `/api/rounds/${round.id}/pairings`, {});
  await ok(organiser.api, 'put', `/api/rounds/${round.id}/start`);
  return id;
}

async function device(browser: Browser, baseURL: string, who: Player, url: string): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signIn(page, who);
  await page.goto(url);
  return page;
}

test('a result entered on the laptop shows on the arbiter tablet, a player phone and the projector within 5 s', async ({ page, baseURL, browser }) => {
  test.setTimeout(180_000);
  const organiser = await makePlayer(baseURL!, 'org');
  await grantRole(organiser.email, 'organizer');
  const players: Player[] = [];
  for (let i = 0; i < 4; i++) players.push(await makePlayer(baseURL!, `live${i}`));
  const id = await startedEvent(organiser, players);
  const arbiter = await makePlayer(baseURL!, 'arb');
  await grantRole(arbiter.email, 'organizer', `tournament:${id}`);

  await signIn(page, organiser);
  await page.goto(`/tournaments/${id}?tab=rounds`);
  const laptopBoard = page.getByRole('region', { name: 'Round 1' }).getByRole('row', { name: /^Board 1: / });
  await expect(laptopBoard.getByLabel(/^Result for board/)).toBeVisible();

  const tablet = await device(browser, baseURL!, arbiter, `/tournaments/${id}?tab=rounds`);
  const tabletBoard = tablet.getByRole('region', { name: 'Round 1' }).getByRole('row', { name: /^Board 1: / });
  await expect(tabletBoard.getByLabel(/^Result for board/)).toBeVisible();

  const phone = await device(browser, baseURL!, players[0]!, `/tournaments/${id}?tab=pairings`);
  const phoneBoard = phone.getByRole('region', { name: 'Round 1 pairings table' }).getByRole('row').nth(1);
  await expect(phoneBoard).not.toContainText('1-0');

  // The projector (the organiser's account on the hall's computer), kept on the pairings.
  const projector = await device(browser, baseURL!, organiser, `/tournaments/${id}/screen?show=pairings`);
  const projectorBoard = projector.getByRole('table', { name: 'Round 1 pairings' }).getByRole('row').nth(1);
  await expect(projectorBoard).toBeVisible();
  await expect(projectorBoard).not.toContainText('1-0');

  await laptopBoard.getByLabel(/^Result for board/).selectOption('1-0');
  await laptopBoard.getByRole('button', { name: 'Submit result' }).click();
  const entered = Date.now();
  await expect(laptopBoard.getByRole('button', { name: 'Correct result' })).toBeVisible();

  // Neither device reloads: the result arrives by itself.
  await expect(tabletBoard.getByRole('button', { name: 'Correct result' })).toBeVisible({ timeout: 5_000 });
  await expect(tabletBoard).toContainText('1-0', { timeout: 5_000 });
  await expect(phoneBoard).toContainText('1-0', { timeout: Math.max(1, 5_000 - (Date.now() - entered)) });
  await expect(projectorBoard).toContainText('1-0', { timeout: Math.max(1, 5_000 - (Date.now() - entered)) });
  expect(Date.now() - entered).toBeLessThan(5_000);

  // The laptop's result reached the server once and the laptop shows the server's copy.
  const snapshot = (await (await organiser.api.get(`/api/tournaments/${id}/snapshot`)).json()) as { rounds: { pairings: { boardNumber: number; gameResult: string | null }[] }[] };
  expect(snapshot.rounds[0]?.pairings.find((pairing) => pairing.boardNumber === 1)?.gameResult).toBe('1-0');
  await tablet.context().close();
  await phone.context().close();
  await projector.context().close();
});
