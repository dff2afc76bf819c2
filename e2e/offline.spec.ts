import { expect, test } from '@playwright/test';
import { board, move, openAsGuest, recordPlay, statusBar } from './helpers';

test('with the network off, a reload still opens the app and the computer still replies', async ({ page, context }) => {
  await openAsGuest(page);
  await expect(statusBar(page)).toContainText('Your Turn');
  // Wait until the service worker has installed (its precache holds the app and the engine).
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });

  await context.setOffline(true);
  await page.reload();
  await expect(statusBar(page)).toContainText('Your Turn');
  expect(await page.evaluate(() => navigator.onLine)).toBe(false);

  const played = await recordPlay(page);
  await move(page, 'e2e4');
  await expect(statusBar(page)).toContainText('Your Turn', { timeout: 20_000 });
  await expect(statusBar(page)).toContainText('Move 1');
  expect((await played()).some((moment) => moment.status.includes('Coach is thinking...'))).toBe(true);
  expect((await board(page).getAttribute('data-fen'))?.split(' ')[5]).toBe('2');

  // A client route reloads offline too (the service worker's navigation fallback).
  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'Parental Controls' })).toBeVisible();
  await context.setOffline(false);
});

test('the web manifest makes the app installable', async ({ page, request }) => {
  await openAsGuest(page);
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBeTruthy();
  const manifest = await (await request.get(href ?? '')).json();
  expect(manifest).toMatchObject({ name: 'Chess Learning App', display: 'standalone', start_url: '/' });
  const sizes = manifest.icons.map((icon: { sizes: string }) => icon.sizes);
  expect(sizes).toEqual(expect.arrayContaining(['192x192', '512x512']));
  for (const icon of manifest.icons) {
    const response = await request.get(icon.src);
    expect(response.status(), icon.src).toBe(200);
  }
  // Chromium's own verdict: no installability errors once the service worker controls the page.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect(page.getByTestId('status-bar')).toBeVisible();
  const cdp = await page.context().newCDPSession(page);
  const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
    installabilityErrors: { errorId: string }[];
  };
  // Test browser contexts are off-the-record, where Chrome never offers to install; every other
  // criterion (manifest fields, icons, a service worker with a fetch handler) must hold.
  expect(installabilityErrors.map((error) => error.errorId).filter((id) => id !== 'in-incognito')).toEqual([]);
});
