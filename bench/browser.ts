/**
 * The browser half of the bench: builds the bench page with its own Vite config (the
 * stockfish plugin included), serves dist-bench/ on 127.0.0.1 and drives it in headless
 * Chromium. Returns raw figures; engine.ts prints them.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from 'playwright-core';
import { build } from 'vite';
import type { Difficulty } from '../schema';
import type { SearchFigures } from './page';

const CHROMIUM_PATH = '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const OUT_DIR = fileURLToPath(new URL('../dist-bench', import.meta.url));
const CONFIG_FILE = fileURLToPath(new URL('./vite.config.ts', import.meta.url));

const MIME_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.wasm': 'application/wasm',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json',
};

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

function serveStatic(root: string): Promise<Server> {
  const server = createServer((req, res) => {
    void (async () => {
      const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname);
      const path = normalize(join(root, pathname === '/' ? 'index.html' : pathname));
      const found = path.startsWith(root) ? await stat(path).catch(() => null) : null;
      if (!found?.isFile()) {
        res.writeHead(404).end('not found');
        return;
      }
      res.writeHead(200, { 'Content-Type': MIME_TYPES[extname(path)] ?? 'application/octet-stream' });
      createReadStream(path).pipe(res);
    })();
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

async function openPage(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.waitForFunction(() => 'bench' in window);
}

export async function runBrowserBench(plan: BrowserPlan, log: (line: string) => void): Promise<BrowserFigures> {
  const server = await serveStatic(OUT_DIR);
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
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
    server.close();
  }
  return figures;
}
