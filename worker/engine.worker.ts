/**
 * The engine's Web Worker (a module worker): EngineCore over a nested classic Worker running the
 * Stockfish script, exposed to the main thread with Comlink. Nothing here but wiring.
 */
import * as Comlink from 'comlink';
import { EngineCore, type EngineTransport } from './engine-core';
import type { EngineWorkerApi } from './protocol';
import { STOCKFISH_URL, STOCKFISH_WASM_URL } from './stockfish-files';
import { createWorkRunner } from './work-runner';

/**
 * Stockfish waits silently forever when its .wasm cannot be fetched, so the file is checked
 * alongside the boot: a failed download is reported at once rather than at the boot timeout.
 * The body is not read (the service worker's precache usually answers; otherwise a few KB).
 */
function checkWasmReachable(wasmUrl: string, report: (message: string) => void): void {
  fetch(wasmUrl).then(
    (response) => {
      void response.body?.cancel().catch(() => {});
      if (!response.ok) report(`The engine could not be downloaded (HTTP ${response.status})`);
    },
    () => report('The engine could not be downloaded: no network connection'),
  );
}

function stockfishWorker(url: string, wasmUrl: string): EngineTransport {
  const worker = new Worker(url);
  const errorListeners: ((message: string) => void)[] = [];
  checkWasmReachable(wasmUrl, (message) => errorListeners.forEach((listener) => listener(message)));
  return {
    post: (command) => worker.postMessage(command),
    onLine: (listener) =>
      worker.addEventListener('message', (event: MessageEvent<unknown>) => {
        // The script also posts download-progress objects when asked to; only lines are UCI.
        if (typeof event.data === 'string') listener(event.data);
      }),
    onError: (listener) => {
      errorListeners.push(listener);
      worker.addEventListener('error', (event) => {
        event.preventDefault();
        listener(event.message ? `Stockfish failed: ${event.message}` : `Stockfish could not be loaded from ${url}`);
      });
    },
    terminate: () => worker.terminate(),
  };
}

const core = new EngineCore({
  createTransport: () =>
    stockfishWorker(new URL(STOCKFISH_URL, self.location.origin).href, new URL(STOCKFISH_WASM_URL, self.location.origin).href),
});

const api: EngineWorkerApi = {
  ...createWorkRunner(core),
  init: () => core.init(),
  watch: (listener) => {
    listener(core.status);
    core.subscribe(listener);
  },
};

Comlink.expose(api);
