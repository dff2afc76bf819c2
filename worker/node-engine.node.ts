/**
 * The engine in Node (bench, tests, later the server): Stockfish in a child process, spoken to
 * over stdin/stdout. A child process rather than the in-process factory of stockfish/index.js
 * because the Emscripten module installs process-wide handlers (an unhandledRejection handler
 * that rethrows, process.exit on `quit`), and because a hung engine can then be killed. Run as
 * a main script, the stockfish file queues `go` and `setoption` during a search exactly as its
 * browser worker does, so both transports behave alike.
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { EngineCore, type EngineCoreOptions, type EngineTransport } from './engine-core';
import { STOCKFISH_JS } from './stockfish-files';

export const STOCKFISH_NODE_PATH = createRequire(import.meta.url).resolve(`stockfish/bin/${STOCKFISH_JS}`);

export function spawnStockfish(scriptPath: string = STOCKFISH_NODE_PATH): EngineTransport {
  const child = spawn(process.execPath, [scriptPath], { stdio: ['pipe', 'pipe', 'pipe'] });
  const lineListeners: ((line: string) => void)[] = [];
  const errorListeners: ((message: string) => void)[] = [];
  let ended = false;
  let pending = '';
  let stderrTail = '';
  const reportError = (message: string) => {
    if (ended) return;
    ended = true;
    for (const listener of errorListeners) listener(message);
  };

  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => {
    pending += chunk;
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) for (const listener of lineListeners) listener(line.replace(/\r$/, ''));
  });
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk: string) => {
    stderrTail = (stderrTail + chunk).slice(-500);
  });
  child.stdin.on('error', (e) => reportError(`Stockfish stdin: ${e.message}`));
  child.on('error', (e) => reportError(`Stockfish could not start: ${e.message}`));
  child.on('exit', (code, signal) => {
    const detail = stderrTail.trim() ? `: ${stderrTail.trim()}` : '';
    reportError(`Stockfish exited (${signal ?? `code ${code}`})${detail}`);
  });

  return {
    post: (command) => {
      if (!ended) child.stdin.write(`${command}\n`);
    },
    onLine: (listener) => lineListeners.push(listener),
    onError: (listener) => errorListeners.push(listener),
    terminate: () => {
      ended = true;
      child.kill();
    },
  };
}

/** An engine controller on a Node child process; call terminate() when done with it. */
export function createNodeEngine(options: Omit<EngineCoreOptions, 'createTransport'> = {}): EngineCore {
  return new EngineCore({ ...options, createTransport: () => spawnStockfish() });
}
