/**
 * Time to pair round 6 of a Swiss in the browser, through the app's pairing worker, in the
 * machine's Chromium (npx tsx bench/pairing-worker.ts [players...], default 300). Builds the bench
 * page (bench/pairing-worker/), serves it with the app's own server (same headers and CSP), warms
 * the engine up on a 40-player event, then pairs each size three times with different seeds.
 */
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { build } from 'vite';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium';
import { buildApp } from '../sync-server/app';

const OUT_DIR = fileURLToPath(new URL('../dist-bench/pairing-worker', import.meta.url));
const CONFIG_FILE = fileURLToPath(new URL('./pairing-worker/vite.config.ts', import.meta.url));

async function main(): Promise<void> {
  const sizes = process.argv.slice(2).map(Number).filter((n) => n > 0);
  await build({ configFile: CONFIG_FILE, logLevel: 'warn' });
  const server = buildApp({ staticDir: OUT_DIR });
  const url = `${await server.listen({ port: 0, host: '127.0.0.1' })}/`;
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: ['--headless=new', ...CHROMIUM_ARGS] });
  try {
    const page = await browser.newPage();
    page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
    await page.goto(url);
    await page.waitForFunction(() => 'pairingBench' in window);
    await page.evaluate(() => window.pairingBench(40, 1));
    for (const players of sizes.length > 0 ? sizes : [300]) {
      for (const seed of [2026, 2027, 2028]) {
        const figures = await page.evaluate(([n, s]) => window.pairingBench(n, s), [players, seed + players] as const);
        const summary = figures.error ?? `${figures.boards} boards${figures.bye ? ', 1 bye' : ''}`;
        const stages = figures.stages.map((stage) => `${stage.stage}@${stage.elapsedMs}ms`).join(' ');
        console.log(`${String(players).padStart(5)} players, round 6 in the browser worker: ${(figures.wallMs / 1000).toFixed(2)} s (${summary}; ${stages})`);
      }
    }
  } finally {
    await browser.close();
    await server.close();
  }
}

await main();
