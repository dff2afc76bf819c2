/**
 * Renders public/icons/icon.svg to the PNG icons the web manifest and iOS need, with the
 * machine's Chromium. Run after changing the SVG: `npx tsx scripts/make-icons.ts`.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';

const iconsDir = fileURLToPath(new URL('../public/icons/', import.meta.url));
const svg = readFileSync(`${iconsDir}icon.svg`, 'utf8');
const outputs = [
  { file: 'icon-192.png', size: 192, padding: 0 },
  { file: 'icon-512.png', size: 512, padding: 0 },
  { file: 'apple-touch-icon.png', size: 180, padding: 0 },
  // Maskable icons keep their content inside the central 80% safe zone.
  { file: 'icon-maskable-512.png', size: 512, padding: 0.1 },
];

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  for (const { file, size, padding } of outputs) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    const inset = Math.round(size * padding);
    await page.setContent(
      `<body style="margin:0;background:#1f6b3a"><div style="padding:${inset}px;width:${size}px;height:${size}px;box-sizing:border-box">${svg.replace('<svg ', '<svg width="100%" height="100%" ')}</div></body>`,
    );
    await page.screenshot({ path: `${iconsDir}${file}`, omitBackground: padding === 0 });
    await page.close();
    console.log(`${file} ${size}x${size}`);
  }
} finally {
  await browser.close();
}
