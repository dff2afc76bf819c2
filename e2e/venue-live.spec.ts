import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectAccessible, grantRole, makePlayer, signIn, startedSwiss, type Player } from './tournament-helpers';

// Nothing here works offline: no service worker, whose install of the whole app cost each test
// about 1.3 s of CPU (decisions.md, 'End-to-end time').
test.use({ serviceWorkers: 'block' });

/**
 * Live at the venue (issue 22): the organiser's laptop, a second arbiter's tablet and a player's
 * phone, all online with the tournament open, and the projector in the hall. A result entered on
 * the laptop shows on the other two and on the projector within 5 s, without a reload (they follow
 * the tournament: a pull every few seconds asking for it by version). The phone opened the address
 * of the projector's QR code, where 'My board' tells the player their board, colour and opponent.
 */

type SnapshotPairings = { rounds: { pairings: { boardNumber: number; whitePlayerId: number; whitePlayerName: string; blackPlayerId: number | null; blackPlayerName: string | null; gameResult: string | null }[] }[] };

/** A tournament in progress with four players, round 1 paired and started (set up through the API). */
async function startedEvent(organiser: Player, players: Player[]): Promise<number> {
  return (await startedSwiss(organiser, players, { name: 'Venue Live', venue: 'School hall', registration: { sectionId: 1 } })).id;
}

/** Each device with a screen of its own size: a 360 px phone (touch), a tablet, the projector's 1080p. */
const SCREENS = {
  phone: { viewport: { width: 360, height: 760 }, hasTouch: true },
  tablet: { viewport: { width: 800, height: 1280 }, hasTouch: true },
  projector: { viewport: { width: 1920, height: 1080 }, hasTouch: false },
} as const;

async function device(browser: Browser, baseURL: string, who: Player, url: string, screen: keyof typeof SCREENS): Promise<Page> {
  const context = await browser.newContext({ baseURL, ...SCREENS[screen] });
  const page = await context.newPage();
  await signIn(page, who);
  await page.goto(url);
  return page;
}

test('a result entered on the laptop shows on the arbiter tablet, a player phone and the projector within 5 s', async ({ page, baseURL, browser }, testInfo) => {
  test.setTimeout(180_000);
  const organiser = await makePlayer(baseURL!, 'org');
  await grantRole(organiser.email, 'organizer');
  const players: Player[] = [];
  for (let i = 0; i < 4; i++) players.push(await makePlayer(baseURL!, `live${i}`));
  const id = await startedEvent(organiser, players);
  const arbiter = await makePlayer(baseURL!, 'arb');
  await grantRole(arbiter.email, 'organizer', `tournament:${id}`);

  // The board of the player whose phone follows the event, as the server paired it.
  const paired = (await (await players[0]!.api.get(`/api/tournaments/${id}/snapshot`)).json()) as SnapshotPairings;
  const mine = paired.rounds[0]!.pairings.find((pairing) => pairing.whitePlayerId === players[0]!.id || pairing.blackPlayerId === players[0]!.id)!;
  const colour = mine.whitePlayerId === players[0]!.id ? 'White' : 'Black';
  const opponent = colour === 'White' ? mine.blackPlayerName! : mine.whitePlayerName;

  await signIn(page, organiser);
  await page.goto(`/tournaments/${id}?tab=rounds`);
  const laptopBoard = page.getByRole('region', { name: 'Round 1' }).getByRole('row', { name: new RegExp(`^Board ${mine.boardNumber}: `) });
  await expect(laptopBoard.getByLabel(/^Result for board/)).toBeVisible();

  const tablet = await device(browser, baseURL!, arbiter, `/tournaments/${id}?tab=rounds`, 'tablet');
  const tabletBoard = tablet.getByRole('region', { name: 'Round 1' }).getByRole('row', { name: new RegExp(`^Board ${mine.boardNumber}: `) });
  await expect(tabletBoard.getByLabel(/^Result for board/)).toBeVisible();

  // The projector (the organiser's account on the hall's computer), kept on the pairings: full
  // screen, and the QR code for players' phones in its own column, beside the pairings.
  const projector = await device(browser, baseURL!, organiser, `/tournaments/${id}/screen?show=pairings`, 'projector');
  const projectorTable = projector.getByRole('table', { name: 'Round 1 pairings' });
  const projectorBoard = projectorTable.getByRole('row').nth(mine.boardNumber);
  await expect(projectorBoard).toBeVisible();
  await expect(projectorBoard).not.toContainText('1-0');
  const qr = projector.getByRole('img', { name: 'QR code: scan to see your board on your phone' });
  await expect(qr).toBeVisible();
  await expect(projector.getByText(`/tournaments/${id}`, { exact: false })).toBeVisible();
  await expect(projector.getByTestId('app-shell')).toHaveCount(0);
  const [qrBox, tableBox] = [(await qr.boundingBox())!, (await projectorTable.boundingBox())!];
  const overlaps = qrBox.x < tableBox.x + tableBox.width && tableBox.x < qrBox.x + qrBox.width && qrBox.y < tableBox.y + tableBox.height && tableBox.y < qrBox.y + qrBox.height;
  expect(overlaps, 'the QR code covers the pairings').toBe(false);
  expect(qrBox.width).toBeGreaterThanOrEqual(150);
  await expectAccessible(projector);

  // The player's phone opens the QR code's address: My board first, then the pairings.
  const phone = await device(browser, baseURL!, players[0]!, `/tournaments/${id}?tab=pairings`, 'phone');
  const myBoard = phone.getByRole('region', { name: 'My board' });
  await expect(myBoard).toContainText(`Board ${mine.boardNumber}`);
  await expect(myBoard).toContainText(colour);
  await expect(myBoard).toContainText(`Opponent: ${opponent}`);
  await expect(myBoard).toBeInViewport();
  const phoneBoard = phone.getByRole('region', { name: 'Round 1 pairings table' }).getByRole('row').nth(mine.boardNumber);
  await expect(phoneBoard).not.toContainText('1-0');
  await expectAccessible(phone);

  await laptopBoard.getByLabel(/^Result for board/).selectOption('1-0');
  await laptopBoard.getByRole('button', { name: 'Submit result' }).click();
  const entered = Date.now();
  await expect(laptopBoard.getByRole('button', { name: 'Correct result' })).toBeVisible();

  // Neither device reloads: the result arrives by itself.
  await expect(tabletBoard.getByRole('button', { name: 'Correct result' })).toBeVisible({ timeout: 5_000 });
  await expect(tabletBoard).toContainText('1-0', { timeout: 5_000 });
  await expect(phoneBoard).toContainText('1-0', { timeout: Math.max(1, 5_000 - (Date.now() - entered)) });
  await expect(myBoard).toContainText('Result: 1-0', { timeout: Math.max(1, 5_000 - (Date.now() - entered)) });
  await expect(projectorBoard).toContainText('1-0', { timeout: Math.max(1, 5_000 - (Date.now() - entered)) });
  expect(Date.now() - entered).toBeLessThan(5_000);
  await projector.screenshot({ path: testInfo.outputPath('projector-1080p.png') });
  await phone.screenshot({ path: testInfo.outputPath('my-board-360.png') });
  await tablet.screenshot({ path: testInfo.outputPath('arbiter-tablet.png') });

  // The laptop's result reached the server once and the laptop shows the server's copy.
  const snapshot = (await (await organiser.api.get(`/api/tournaments/${id}/snapshot`)).json()) as SnapshotPairings;
  expect(snapshot.rounds[0]?.pairings.find((pairing) => pairing.boardNumber === mine.boardNumber)?.gameResult).toBe('1-0');
  await tablet.context().close();
  await phone.context().close();
  await projector.context().close();
});
