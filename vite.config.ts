import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { stockfishPlugin } from './worker/vite-plugin-stockfish';
import { precompressPlugin } from './scripts/vite-plugin-precompress';
import { linguiMacroPlugin } from './scripts/vite-plugin-lingui-macro';

// Lingui 6's tooling is written for Node 22; scripts/lingui-node20/ lets it run on our Node 20. It
// has to be in place before Lingui's first import, hence the dynamic imports.
await import(new URL('./scripts/lingui-node20/register.mjs', import.meta.url).href);
const { lingui } = await import('@lingui/vite-plugin');

/** Workbox's default per-file precache limit; only the engine's WASM may exceed it. */
const DEFAULT_PRECACHE_LIMIT = 2 * 1024 * 1024;
const WASM_PRECACHE_LIMIT = 8 * 1024 * 1024;

export default defineConfig({
  root: 'app',
  publicDir: '../public',
  build: {
    outDir: '../dist',
    emptyOutDir: true,
    target: 'es2022',
    // No source maps in the production build (issue 12): the server does not hand out its sources.
    sourcemap: false,
    // Libraries change far less often than our code: separate chunks keep them cached (and not
    // re-downloaded into the service worker's precache) across releases.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 30 },
            { name: 'chess', test: /node_modules[\\/](react-chessboard|@dnd-kit|chess\.js)[\\/]/, priority: 20 },
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/, priority: 11 },
            // Comlink is not here: it loads with the engine's first call (worker/client.ts).
            { name: 'data', test: /node_modules[\\/](dexie|dexie-react-hooks)[\\/]/, priority: 10 },
            // Our small modules that the first screen and the lazy screens share (the values, the
            // local database, the API client): one chunk, not one each (each chunk's own gzip
            // costs about 0.3 KB of the first visit's budget).
            { name: 'core', test: /(schema[\\/](core[\\/]values|settings-defaults)|app[\\/]shared[\\/](db|api))\.ts$/, priority: 5 },
          ],
        },
      },
    },
  },
  resolve: {
    alias: [{ find: /^use-sync-external-store\/shim$/, replacement: fileURLToPath(new URL('./app/shared/i18n/use-sync-external-store-shim.ts', import.meta.url)) }],
  },
  worker: { format: 'es' },
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
  plugins: [
    linguiMacroPlugin(),
    // Compiles an imported .po catalogue into a module of compiled messages (no parser at run time).
    lingui(),
    react(),
    stockfishPlugin(),
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      includeAssets: ['icons/*.svg', 'icons/*.png'],
      manifest: {
        id: '/',
        name: 'Chess Learning App',
        short_name: 'Chess Learning',
        description: 'Learn chess: play the computer or a friend and get coached move by move, even offline.',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'any',
        background_color: '#1b1e23',
        theme_color: '#1b1e23',
        categories: ['education', 'games'],
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          { src: '/icons/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest,wasm}'],
        globIgnores: ['**/*.map'],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//],
        cleanupOutdatedCaches: true,
        // The first service worker takes control of the page that installed it, so that page is
        // offline-ready at once and hears when a later version takes over (the update prompt's
        // Reload). Updates still wait for the user: no skipWaiting.
        clientsClaim: true,
        maximumFileSizeToCacheInBytes: WASM_PRECACHE_LIMIT,
        // The raised limit is for the engine's WASM only: anything else that large is a mistake.
        manifestTransforms: [
          async (entries) => {
            const warnings: string[] = [];
            const manifest = entries.filter((entry) => {
              if (entry.size <= DEFAULT_PRECACHE_LIMIT || entry.url.endsWith('.wasm')) return true;
              warnings.push(`${entry.url} (${entry.size} bytes) is over the precache limit and will not work offline.`);
              return false;
            });
            return { manifest, warnings };
          },
        ],
      },
    }),
    precompressPlugin(),
  ],
});
