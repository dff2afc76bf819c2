import { spawn, type ChildProcess } from 'node:child_process';
import { appendFile, cp, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { openAsGuest, statusBar } from './helpers';

/**
 * A deploy while the app is open: a copy of the build is served on a port of its own, the page
 * installs its service worker, then the copy's sw.js changes as a new release's would.
 */
let server: ChildProcess | undefined;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}
let staticDir = '';

test.afterEach(async () => {
  server?.kill('SIGTERM');
  server = undefined;
  if (staticDir) await rm(staticDir, { recursive: true, force: true });
});

test("a new version shows 'A new version is available', and Reload switches to it", async ({ page }) => {
  staticDir = await mkdtemp(join(tmpdir(), 'chess-update-'));
  await cp(process.env.STATIC_DIR ?? 'dist', staticDir, { recursive: true }); // the build under test
  const port = await freePort();
  // node itself (not npx) so that killing it stops the server.
  server = spawn(process.execPath, ['--import', 'tsx', 'sync-server/server.ts'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', STATIC_DIR: staticDir, DATA_DIR: join(staticDir, 'data'), LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  const origin = `http://127.0.0.1:${port}`;
  await expect.poll(async () => (await fetch(`${origin}/api/health`).catch(() => null))?.status, { timeout: 20_000 }).toBe(200);

  await openAsGuest(page, origin);
  await expect(statusBar(page)).toBeVisible();
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await expect(page.getByText('A new version is available')).toHaveCount(0);

  await appendFile(join(staticDir, 'sw.js'), '\n// release 2\n');
  await rm(join(staticDir, 'sw.js.br'));
  await rm(join(staticDir, 'sw.js.gz'));
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    await registration?.update();
  });

  const prompt = page.getByRole('alertdialog');
  await expect(prompt).toContainText('A new version is available', { timeout: 20_000 });
  await Promise.all([page.waitForEvent('load'), prompt.getByRole('button', { name: 'Reload' }).click()]);
  await expect(statusBar(page)).toBeVisible();
  // The new worker took over: none is left waiting, so the prompt does not come back.
  const waiting = await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting));
  expect(waiting).toBe(false);
  await expect(page.getByText('A new version is available')).toHaveCount(0);
});
