import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './scripts/chromium';

/**
 * End-to-end tests drive the built app (npm run build) served by the real sync-server, in the
 * machine's Debian Chromium (never a downloaded browser), at a 360px phone and a 1280px desktop.
 */
const PORT = Number(process.env.E2E_PORT ?? 4173);

/**
 * A fresh server data directory (database, mail outbox) for every run, outside test-results/
 * (which Playwright empties at the start of a run). Set here, in the runner,
 * so the test workers (which inherit the environment) read the reset e-mails from the same place.
 */
process.env.E2E_DATA_DIR ??= join(tmpdir(), `chess-e2e-data-${Date.now()}`);
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR;

export default defineConfig({
  testDir: 'e2e',
  timeout: 60_000,
  expect: { timeout: 15_000 },
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    serviceWorkers: 'allow',
    // Recording a trace of every test made the run 40% longer (357 s against 215 s for the Play,
    // Progress and Settings files): on when asked (E2E_TRACE=1). A failure still writes the
    // page's accessibility snapshot to test-results/*/error-context.md.
    trace: process.env.E2E_TRACE ? 'retain-on-failure' : 'off',
  },
  projects: [
    // At 360 px the tests tagged '@phone': every screen's walk with axe (landing and sign-in, Play,
    // lessons, puzzles, tips, history and replay, progress, settings, onboarding, the tutorial,
    // classes and the dashboard, homework, organisations, tournaments and the arbiter's rounds),
    // touch dragging and the bottom navigation. Every other flow runs at 1280 px only: on a
    // 2-core machine both sizes of all of them took 52 minutes (decisions.md, 'End-to-end time').
    { name: 'phone-360', grep: /@phone/, use: { viewport: { width: 360, height: 760 }, hasTouch: true } },
    { name: 'desktop-1280', use: { viewport: { width: 1280, height: 800 } } },
  ],
  webServer: {
    command: 'tsx sync-server/server.ts',
    url: `http://127.0.0.1:${PORT}/api/health`,
    // The whole suite registers about 150 accounts from 127.0.0.1 within the hour (the default
    // allows 100 per address); the limit itself is tested in sync-server/auth/auth.test.ts.
    env: { PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: E2E_DATA_DIR, LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn', REGISTER_LIMIT_PER_HOUR: '1000' },
    reuseExistingServer: false,
    // Start-up migrates and seeds the content; a loaded 2-core machine took over 30 s.
    timeout: 90_000,
  },
});
