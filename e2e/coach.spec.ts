import { expect, test, type Page } from '@playwright/test';
import { board, chooseOpponent, openAsGuest, playMoves, statusBar } from './helpers';

// Nothing here works offline: no service worker, whose install of the whole app cost each test
// about 1.3 s of CPU (decisions.md, 'End-to-end time').
test.use({ serviceWorkers: 'block' });

// 1.e4 Nf6 2.Qh5?? puts the queen where the knight on f6 takes it for nothing.
const QUEEN_HANGS = ['e2e4', 'g8f6', 'd1h5'];
const FOOLS_MATE = ['f2f3', 'e7e5', 'g2g4', 'd8h4'];

// Real Stockfish searches on a shared 2-core machine: these tests get three times the usual time.
test.beforeEach(() => test.slow());

async function openTwoPlayerGame(page: Page) {
  await openAsGuest(page);
  await expect(statusBar(page)).toBeVisible();
  await chooseOpponent(page, 'Human');
}

test.describe('coaching with the real engine', () => {
  test.beforeEach(async ({ page }) => openTwoPlayerGame(page));

  test("a move that hangs the queen is a 'Blunder' and the explanation says so", async ({ page }) => {
    const panel = page.getByTestId('move-classification');
    await expect(panel).toContainText('Make a move to see analysis');
    await playMoves(page, QUEEN_HANGS);
    await expect(panel.getByTestId('classification-category')).toHaveText(/Blunder/, { timeout: 30_000 });
    await expect(panel.getByTestId('classification-explanation')).toContainText(/queen/i);
    await expect(panel).toContainText('2. Qh5');
    await expect(panel).toContainText(/Accuracy\s*\d+%/);
  });

  test("a hint points at the piece first; 'Show me' draws the arrow and marks both squares", { tag: '@phone' }, async ({ page }) => {
    await playMoves(page, ['e2e4', 'e7e5']);
    await page.getByRole('button', { name: 'Hint', exact: true }).click();
    const card = page.getByTestId('hint-card');
    await expect(card.getByRole('heading', { name: 'AI Suggestion' })).toBeVisible({ timeout: 30_000 });
    await expect(card.getByTestId('hint-text')).not.toBeEmpty();
    // The nudge: one square (the piece to move), no arrow yet.
    await expect(page.locator('[data-hint-square]')).toHaveCount(1);
    await expect(board(page)).not.toHaveAttribute('data-hint-arrow', /./);

    await card.getByRole('button', { name: 'Show me' }).click();
    await expect(board(page)).toHaveAttribute('data-hint-arrow', /^[a-h][1-8][a-h][1-8]$/);
    // The move shows where the child looks: the board comes (back) into view.
    await expect(board(page)).toBeInViewport({ ratio: 0.9 });
    const arrow = (await board(page).getAttribute('data-hint-arrow'))!;
    await expect(page.locator('[data-hint-square]')).toHaveCount(2);
    await expect(page.locator(`[data-square="${arrow.slice(0, 2)}"] [data-hint-square]`)).toHaveCount(1);
    await expect(page.locator(`[data-square="${arrow.slice(2, 4)}"] [data-hint-square]`)).toHaveCount(1);
    // The move it suggests is legal for White here: a white piece stands on its first square.
    await expect(page.locator(`[data-square-focus="${arrow.slice(0, 2)}"]`)).toHaveAttribute('aria-label', /white/);

    await page.getByRole('button', { name: 'Close the hint' }).click();
    await expect(card).toBeHidden();
    await expect(page.locator('[data-hint-square]')).toHaveCount(0);
  });

  test('New Game clears a hint', async ({ page }) => {
    await playMoves(page, ['d2d4']);
    await page.getByRole('button', { name: 'Hint', exact: true }).click();
    await expect(page.getByTestId('hint-card')).toBeVisible({ timeout: 30_000 });
    await page.getByRole('button', { name: 'New Game' }).click();
    await page.getByRole('dialog', { name: 'Start a new game?' }).getByRole('button', { name: 'New Game' }).click();
    await expect(page.getByTestId('hint-card')).toBeHidden();
    await expect(page.locator('[data-hint-square]')).toHaveCount(0);
  });

  test('after a game, the review shows both accuracies, the graph, and moves the board when a point is clicked', async ({ page }) => {
    await playMoves(page, FOOLS_MATE);
    await expect(page.getByRole('alert').filter({ hasText: 'Checkmate!' })).toBeVisible();
    await page.getByRole('button', { name: 'Review game' }).click();
    const review = page.getByTestId('game-review');
    // The review opens in view, not far below the fold with nothing visible changing.
    await expect(review.getByRole('heading').first()).toBeInViewport();
    await expect(review.getByTestId('accuracy-w')).toHaveText(/\d+\.\d%/, { timeout: 120_000 });
    await expect(review.getByTestId('accuracy-b')).toHaveText(/\d+\.\d%/);
    await review.getByRole('button', { name: /^1\. f3/ }).click();
    await expect(page.getByTestId('review-board')).toHaveAttribute('data-fen', /^rnbqkbnr\/pppppppp\/8\/8\/8\/5P2\/PPPPP1PP\/RNBQKBNR b/);
    await expect(review).toContainText('Blunder'); // 2.g4?? allows mate in one
  });
});

test.describe('engine analysis card (desktop)', () => {
  test('shows a score and a best move', async ({ page }, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop-1280', 'The card shows only at 768px and wider.');
    await openTwoPlayerGame(page);
    const card = page.getByTestId('engine-analysis');
    await expect(card.getByRole('heading', { name: 'Engine Analysis' })).toBeVisible();
    await expect(card).toContainText('Make a move to see engine analysis');
    await playMoves(page, ['e2e4']);
    await expect(card.getByTestId('analysis-score')).toHaveText(/^([+-]?\d+\.\d\d|[+-]M\d+)$/, { timeout: 30_000 });
    await expect(card.getByTestId('analysis-best-move')).toHaveText(/^[a-h][1-8]-[a-h][1-8](=[QRBN])?$/);
  });

  test('after checkmate the card says the game is over, with no score, best move or line (issue 20)', async ({ page }, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop-1280', 'The card shows only at 768px and wider.');
    await openTwoPlayerGame(page);
    await playMoves(page, FOOLS_MATE);
    const card = page.getByTestId('engine-analysis');
    await expect(card.getByTestId('analysis-game-over')).toHaveText('Checkmate! Black wins! The game is over.');
    await expect(card.getByTestId('analysis-score')).toHaveCount(0);
    await expect(card).not.toContainText('Best move');
    await expect(card).not.toContainText('Line:');
  });
});

test.describe('speech', () => {
  test("the 'Speaking' banner shows the hint being spoken, pauses and stops", async ({ page }) => {
    // The only stub in the end-to-end tests: headless Chromium has no voices, so speechSynthesis is
    // replaced by one that "speaks" each utterance until cancelled, recording what it was given.
    await page.addInitScript(() => {
      const spoken: string[] = [];
      class Utterance {
        text: string;
        rate = 1; pitch = 1; volume = 1; lang = ''; voice: unknown = null;
        onend: (() => void) | null = null;
        onerror: ((event: { error: string }) => void) | null = null;
        constructor(text: string) {
          this.text = text;
        }
      }
      const synth = {
        speak: (utterance: Utterance) => spoken.push(`${utterance.text}|${utterance.rate}|${utterance.pitch}|${utterance.volume}|${utterance.lang}`),
        cancel: () => undefined,
        pause: () => undefined,
        resume: () => undefined,
        getVoices: () => [],
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
      };
      Object.defineProperty(window, 'speechSynthesis', { value: synth, configurable: true });
      Object.defineProperty(window, 'SpeechSynthesisUtterance', { value: Utterance, configurable: true });
      (window as unknown as { spoken: string[] }).spoken = spoken;
    });
    await openTwoPlayerGame(page);
    await playMoves(page, ['e2e4', 'e7e5']);
    // Educational feedback (on by default): the classification's explanation is spoken after it shows.
    const explanation = page.getByTestId('classification-explanation');
    await expect(explanation).not.toBeEmpty({ timeout: 30_000 });
    const spokenTexts = () => page.evaluate(() => (window as unknown as { spoken: string[] }).spoken.map((entry) => entry.split('|')[0]));
    await expect.poll(spokenTexts).toHaveLength(1);
    expect((await explanation.textContent())!).toContain((await spokenTexts())[0]!);

    await page.getByRole('button', { name: 'Hint', exact: true }).click();
    const hintText = await page.getByTestId('hint-text').textContent({ timeout: 30_000 });
    const banner = page.getByTestId('speech-banner');
    await expect(banner.getByRole('heading', { name: 'Speaking' })).toBeVisible();
    await expect(banner).toContainText(hintText!.trim());
    const spoken = await page.evaluate(() => (window as unknown as { spoken: string[] }).spoken);
    expect(spoken.at(-1)).toMatch(/\|0\.95\|1\.1\|0\.8\|en-US$/);

    await banner.getByRole('button', { name: 'Pause' }).click();
    await expect(banner).toContainText('Speech paused - use controls to resume');
    await banner.getByRole('button', { name: 'Resume' }).click();
    await expect(banner).not.toContainText('Speech paused');
    await banner.getByRole('button', { name: 'Stop' }).click();
    await expect(banner).toBeHidden();
    await expect(page.getByRole('button', { name: /Replay hint/ })).toBeEnabled();
  });
});
