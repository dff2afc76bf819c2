/**
 * The browser half of the bench: builds the bench page with its own Vite config (the
 * stockfish plugin included), serves dist-bench/ on 127.0.0.1 and drives it in headless
 * Chromium. Returns raw figures; engine.ts prints them.
 */
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from 'playwright-core';
import { build } from 'vite';
import type { Difficulty } from '../schema';
import { buildApp } from '../sync-server/app';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium';
import type { SearchFigures } from './page';

const OUT_DIR = fileURLToPath(new URL('../dist-bench', import.meta.url));
const CONFIG_FILE = fileURLToPath(new URL('./vite.config.ts', import.meta.url));

export interface NpsSample {
  position: string;
  raw: SearchFigures;
  api: SearchFigures;
}

export interface BrowserFigures {
  bootMs: { api: number[]; raw: number[] };
  nps: NpsSample[];
  /** Wall-clock time of each bestMove call through getEngine(), per level. */
  moveMs: Record<Difficulty, number[]>;
  /** getEngine() on a fresh page to the first beginner move, boot included. */
  firstMoveMs: number[];
}

export interface BrowserPlan {
  npsPositions: { name: string; fen: string }[];
  npsDepth: number;
  /** Page loads, each with fresh engines; the raw and our engine alternate who searches first. */
  npsRounds: number;
  movePositions: string[];
  levels: readonly Difficulty[];
}

export async function buildBenchPage(): Promise<void> {
  await build({ configFile: CONFIG_FILE, logLevel: 'warn' });
}

async function openPage(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.waitForFunction(() => 'bench' in window);
}

export async function runBrowserBench(plan: BrowserPlan, log: (line: string) => void): Promise<BrowserFigures> {
  // The bench page is served the way the app is: same server, headers and CSP.
  const server = buildApp({ staticDir: OUT_DIR });
  const url = `${await server.listen({ port: 0, host: '127.0.0.1' })}/`;
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: ['--headless=new', ...CHROMIUM_ARGS] });
  const figures: BrowserFigures = {
    bootMs: { api: [], raw: [] },
    nps: [],
    moveMs: { beginner: [], intermediate: [], advanced: [] },
    firstMoveMs: [],
  };
  try {
    const page = await browser.newPage();
    page.on('pageerror', (error) => log(`page error: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error') log(`console error: ${message.text()}`);
    });

    for (let round = 0; round < plan.npsRounds; round++) {
      await openPage(page, url);
      const started = Date.now();
      figures.firstMoveMs.push(
        await page.evaluate(async (fen) => {
          const t = performance.now();
          await window.bench.moveApi(fen, 'beginner');
          return performance.now() - t;
        }, plan.movePositions[0]!),
      );
      // A fresh page for the nps rounds: both engines start with an empty hash.
      await openPage(page, url);
      figures.bootMs.api.push(await page.evaluate(() => window.bench.bootApi()));
      figures.bootMs.raw.push(await page.evaluate(() => window.bench.bootRaw()));
      for (const [i, { name, fen }] of plan.npsPositions.entries()) {
        const search = (engine: 'api' | 'raw') =>
          page.evaluate(
            ([which, f, depth]) => (which === 'api' ? window.bench.searchApi(f, depth) : window.bench.searchRaw(f, depth)),
            [engine, fen, plan.npsDepth] as const,
          );
        const rawFirst = (i + round) % 2 === 0;
        const first = await search(rawFirst ? 'raw' : 'api');
        const second = await search(rawFirst ? 'api' : 'raw');
        figures.nps.push({ position: name, raw: rawFirst ? first : second, api: rawFirst ? second : first });
      }
      log(`browser round ${round + 1}/${plan.npsRounds} done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }

    await openPage(page, url);
    await page.evaluate(() => window.bench.bootApi());
    for (const level of plan.levels) {
      for (const fen of plan.movePositions) {
        const { wallMs } = await page.evaluate(([f, l]) => window.bench.moveApi(f, l), [fen, level] as const);
        figures.moveMs[level].push(wallMs);
      }
    }
  } finally {
    await browser.close();
    await server.close();
  }
  return figures;
}
