/**
 * Where the one engine build we ship lives: Stockfish 19, lite (1.8 MB net), single-threaded,
 * so it runs without cross-origin isolation. The .wasm must sit next to the .js: the script
 * fetches its own URL with .wasm for .js.
 */
export const STOCKFISH_JS = 'stockfish-19-lite-single.js';
export const STOCKFISH_WASM = 'stockfish-19-lite-single.wasm';
/** Folder under the site root that vite-plugin-stockfish fills (build) or serves (dev). */
export const ENGINE_DIR = 'engine';
/** The classic worker script the engine worker starts, relative to the site origin. */
export const STOCKFISH_URL = `/${ENGINE_DIR}/${STOCKFISH_JS}`;
export const STOCKFISH_WASM_URL = `/${ENGINE_DIR}/${STOCKFISH_WASM}`;
