import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Chess } from 'chess.js';
import { expect, type Locator, type Page } from '@playwright/test';

/** Plays a move the way a person does: click the piece, then click the target square. */
export async function move(page: Page, uci: string): Promise<void> {
  await page.locator(`[data-square="${uci.slice(0, 2)}"]`).click();
  await page.locator(`[data-square="${uci.slice(2, 4)}"]`).click();
}

/**
 * Plays moves on a board (Play's unless `on` names another) as a person would: picks the piece
 * up, sees it selected, puts it down, sees the position change. A tap made while the screen is
 * still settling (Play's stored game and settings, or the trainer's puzzle, arriving a moment
 * after the board shows) or busy is tapped again, as a child would.
 */
export async function playMoves(page: Page, moves: string[], on: Locator = board(page)): Promise<void> {
  for (const uci of moves) {
    const before = await on.getAttribute('data-fen');
    const from = uci.slice(0, 2);
    const fromSquare = on.locator(`[data-square-focus="${from}"]`);
    // A tap lost while the page is busy (the engine classifying the last move) is tapped again,
    // the piece picked up again first if it was put down.
    await expect(async () => {
      if ((await on.getAttribute('data-fen')) !== before) return;
      if (!/, selected$/.test((await fromSquare.getAttribute('aria-label')) ?? '')) await on.locator(`[data-square="${from}"]`).click();
      await expect(fromSquare).toHaveAttribute('aria-label', /, selected$/, { timeout: 1_000 });
      await on.locator(`[data-square="${uci.slice(2, 4)}"]`).click();
      await expect(on).not.toHaveAttribute('data-fen', before ?? '', { timeout: 3_000 });
    }).toPass({ timeout: 30_000 });
  }
}

export const board = (page: Page) => page.getByTestId('board');
export const statusBar = (page: Page) => page.getByTestId('status-bar');

/**
 * Play shows the five-step tutorial on a device's first visit (as a modal dialog over the board).
 * Once Play is ready (its status bar shows in the same render as the tutorial), skips it if it is
 * there, as a returning player would have; tests of the tutorial itself do not call this. `skip`
 * is the button's name in the page's language.
 */
export async function skipTutorial(page: Page, skip = 'Skip Tutorial'): Promise<void> {
  await expect(statusBar(page)).toBeVisible();
  const tutorial = page.getByTestId('tutorial');
  if (await tutorial.isVisible()) {
    await tutorial.getByRole('button', { name: skip }).click();
    await expect(tutorial).toBeHidden();
  }
}

/** Opens Settings and picks the opponent, as a person would, then comes back to Play. */
export async function chooseOpponent(page: Page, opponent: 'Human' | 'Computer'): Promise<void> {
  await page.getByRole('button', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { name: 'Parental Controls' })).toBeVisible();
  await page.getByRole('radio', { name: opponent }).check();
  await expect(page.getByText('Setting updated')).toBeVisible();
  await page.getByRole('link', { name: /Back to Play/ }).click();
  await skipTutorial(page);
}

/** Asserts the piece on a square, read from its accessible label ("e4, white pawn"; "e4, empty"). */
export async function expectPiece(page: Page, square: string, piece: string): Promise<void> {
  await expect(page.locator(`[data-square-focus="${square}"]`)).toHaveAttribute('aria-label', new RegExp(`^${square}, ${piece}(,|$)`));
}

export interface PlaySnapshot {
  status: string;
  undoDisabled: boolean | null;
  boardDisabled: boolean;
}

/**
 * Records the status bar, the Undo button and the board's disabled state at every change of the
 * page from now on. Transient states ('Coach is thinking...') are then checked from the record,
 * not raced: on a busy machine the computer's reply can land before a polling assertion looks.
 */
export async function recordPlay(page: Page): Promise<() => Promise<PlaySnapshot[]>> {
  await page.evaluate(() => {
    const log: PlaySnapshot[] = [];
    const snapshot = (): PlaySnapshot => {
      const undo = [...document.querySelectorAll('button')].find((b) => b.textContent?.includes('Undo'));
      return {
        status: document.querySelector('[data-testid="status-bar"]')?.textContent ?? '',
        undoDisabled: undo ? undo.disabled : null,
        boardDisabled: document.querySelector('[data-square-focus="e1"]')?.getAttribute('aria-disabled') === 'true',
      };
    };
    const record = () => {
      const next = snapshot();
      const last = log[log.length - 1];
      if (!last || JSON.stringify(last) !== JSON.stringify(next)) log.push(next);
    };
    record();
    new MutationObserver(record).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
    (window as unknown as { playLog: PlaySnapshot[] }).playLog = log;
  });
  return () => page.evaluate(() => (window as unknown as { playLog: PlaySnapshot[] }).playLog);
}

/**
 * Opens a path as a signed-out guest. Signed-out visitors first see the landing page
 * ('Chess Learning App'); its 'Play as guest' button lets them play without an account, and the
 * choice is remembered on the device. Waits for whichever comes first, the landing page's button
 * or the app's shell (a guest who already chose), so there is no fixed sleep.
 */
export async function openAsGuest(page: Page, path = '/'): Promise<void> {
  await page.goto(path);
  const guest = page.getByRole('button', { name: 'Play as guest' });
  const shell = page.getByTestId('app-shell');
  await expect(guest.or(shell).first()).toBeVisible();
  if (await guest.isVisible()) {
    await guest.click();
    await expect(shell).toBeVisible();
  }
  if (new URL(page.url()).pathname === '/') await skipTutorial(page);
}

/** A fresh, unique account for one test (e-mail and username never repeat across runs). */
export function newAccount(prefix = 'player') {
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`.slice(-10);
  return { username: `${prefix.slice(0, 8)}${tag}`.slice(0, 20), email: `${prefix}-${tag}@example.com`, password: 'secret-pass-1' };
}

/**
 * A new account, signed in on the page, past the assessment and the tutorial: ends on Play. The
 * account is made through the API (the browser context's cookies), not the Sign Up form, which
 * e2e/accounts.spec.ts and e2e/onboarding.spec.ts drive themselves: a page load less for every test
 * that only needs someone signed in (CI's time, decisions.md 'End-to-end time').
 */
export async function registerAndStart(page: Page, account = newAccount()): Promise<typeof account> {
  const registered = await page.request.post('/api/auth/register', { data: account });
  expect(registered.status(), await registered.text()).toBeLessThan(300);
  expect((await page.request.post('/api/onboarding/complete')).ok()).toBe(true);
  await page.goto('/');
  await skipTutorial(page);
  await expect(page.getByTestId('elo-rating')).toContainText('1200');
  return account;
}

/**
 * Passes the skill assessment the quick way, for tests about something else: the same call the
 * app's completion makes (POST /api/onboarding/complete, with no attempts the rating stays 1200),
 * then Play. e2e/onboarding.spec.ts takes the assessment itself.
 */
export async function skipAssessment(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Skill Assessment' })).toBeVisible();
  expect((await page.request.post('/api/onboarding/complete')).ok()).toBe(true);
  await page.goto('/');
}

/**
 * Waits until the game on the board is stored on the device with `plies` moves (Play saves after
 * every move, a moment after showing it), so a reload in the test restores it whole.
 */
export async function waitForStoredGame(page: Page, plies: number): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          new Promise<number>((resolve, reject) => {
            const open = indexedDB.open('chess-learning');
            open.onerror = () => reject(open.error);
            open.onsuccess = () => {
              const read = open.result.transaction('records').objectStore('records').get('chess-current-game');
              read.onsuccess = () => {
                const moves = (read.result as { value?: { moveHistory?: unknown[] } } | undefined)?.value?.moveHistory;
                resolve(Array.isArray(moves) ? moves.length : -1);
                open.result.close();
              };
              read.onerror = () => reject(read.error);
            };
          }),
      ),
    )
    .toBe(plies);
}

/** Signs in through the Login form and waits for the Play screen. */
export async function logIn(page: Page, account: { email: string; password: string }): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText('Welcome back!')).toBeVisible();
  await skipTutorial(page);
}

/**
 * The main (bottom) navigation's labels, in order: on a phone the bar's and then the 'More'
 * sheet's (opened and closed again), on a desktop the bar's.
 */
export async function navLabels(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: 'Main' });
  const bar = await nav.locator('.bottom-nav__link').allTextContents();
  if (!bar.includes('More')) return bar;
  await nav.getByRole('button', { name: 'More' }).click();
  const sheet = page.getByRole('dialog', { name: 'More' });
  const more = await sheet.getByRole('link').allTextContents();
  await sheet.getByRole('button', { name: 'Close' }).click();
  await expect(sheet).toHaveCount(0);
  return [...bar.filter((label) => label !== 'More'), ...more];
}

/** Goes to a screen through the main navigation, by way of the 'More' sheet when it is there. */
export async function navigateTo(page: Page, label: string): Promise<void> {
  const nav = page.getByRole('navigation', { name: 'Main' });
  const link = nav.locator('.bottom-nav__link').filter({ hasText: label });
  if ((await link.count()) === 0) await nav.getByRole('button', { name: 'More' }).click();
  await nav.getByRole('link', { name: label, exact: true }).click();
}

/** The verification link of the newest e-mail to `email` in the e2e server's mail outbox (DATA_DIR/outbox). */
export async function verificationLinkFor(email: string): Promise<string> {
  const outbox = join(process.env.E2E_DATA_DIR ?? '', 'outbox');
  let link = '';
  await expect
    .poll(async () => {
      const files = (await readdir(outbox).catch(() => [] as string[])).filter((file) => file.endsWith('.eml')).sort().reverse();
      for (const file of files) {
        const text = (await readFile(join(outbox, file), 'utf8')).replace(/=\r?\n/g, '').replace(/=3D/g, '=');
        if (!text.includes(email)) continue;
        const match = /https?:\/\/\S*\/verify-email\?token=[A-Za-z0-9_-]+/.exec(text);
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

declare global {
  interface Window {
    __toastTitles?: string[];
  }
}

/**
 * Records every toast title the page shows, from its next navigation on. A success toast lasts
 * 2.5 s (spec section 9), and on a loaded 2-core machine the page can be busy that long after an
 * action: a look for it can come after it left. expectToast asks the record instead.
 */
export async function recordToasts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const titles: string[] = [];
    window.__toastTitles = titles;
    const seen = new WeakSet<Element>();
    new MutationObserver(() => {
      for (const title of document.querySelectorAll('#toast-region .toast__title')) {
        if (seen.has(title)) continue;
        seen.add(title);
        titles.push(title.textContent ?? '');
      }
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
}

/**
 * The page has shown a toast with this title since it loaded, or since the last expectToast that
 * found one (each toast is counted once). Needs recordToasts before the navigation.
 */
export async function expectToast(page: Page, title: string): Promise<void> {
  const taken = () =>
    page.evaluate((wanted) => {
      const titles = window.__toastTitles;
      const index = titles?.indexOf(wanted) ?? -1;
      if (index >= 0) titles?.splice(index, 1);
      return index >= 0;
    }, title);
  await expect.poll(taken, { message: `a toast '${title}'` }).toBe(true);
}

/** The rows of one of the app's tables on this device. */
export async function rowsOf<T>(page: Page, table: string): Promise<T[]> {
  return page.evaluate((store) => new Promise<T[]>((resolve, reject) => {
    const open = indexedDB.open('chess-learning');
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const read = open.result.transaction(store).objectStore(store).getAll();
      read.onsuccess = () => {
        resolve(read.result as T[]);
        open.result.close();
      };
      read.onerror = () => reject(read.error);
    };
  }), table);
}

/** A puzzle's positions after each of its UCI moves from `fen` (the opponent's replies included). */
export function solutionPositions(fen: string, moves: string[]): string[] {
  const game = new Chess(fen);
  return moves.map((uci) => {
    game.move({ from: uci.slice(0, 2), to: uci.slice(2, 4), ...(uci[4] ? { promotion: uci[4] } : {}) });
    return game.fen();
  });
}
