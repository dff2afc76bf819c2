/**
 * `npm run dev`: the API server (restarted on change by `tsx watch`) on port 3000 and the Vite
 * dev server on 5173, which serves the app and passes /api on to port 3000. Both outputs are
 * shown with a prefix; Ctrl-C stops both, and so does either one exiting.
 *
 * Arguments go to Vite: `npm run dev -- --host` also serves the app to other devices.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));
/** Where the Vite proxy sends /api. */
const API_PORT = '3000';
/** After Ctrl-C, how long the children get to stop on their own before they are sent SIGTERM. */
const CTRL_C_GRACE_MS = 3_000;
/** How long a child gets to stop after SIGTERM before it is killed. */
const STOP_TIMEOUT_MS = 5_000;

interface Task {
  name: string;
  color: number;
  /** A package's bin, run with this Node so that no shell (or .cmd shim on Windows) is needed. */
  bin: { packageName: string; binName: string };
  args: string[];
  env?: Record<string, string>;
}

const TASKS: Task[] = [
  {
    name: 'api',
    color: 36, // cyan
    bin: { packageName: 'tsx', binName: 'tsx' },
    args: ['watch', 'sync-server/server.ts', '--api-only'],
    env: { PORT: API_PORT },
  },
  {
    name: 'web',
    color: 35, // magenta
    bin: { packageName: 'vite', binName: 'vite' },
    args: process.argv.slice(2),
  },
];

function binPath({ packageName, binName }: Task['bin']): string {
  const packageDir = join(REPO_ROOT, 'node_modules', packageName);
  const { bin } = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as {
    bin?: string | Record<string, string>;
  };
  const relativePath = typeof bin === 'string' ? bin : bin?.[binName];
  if (relativePath === undefined) throw new Error(`${packageName} has no "${binName}" command`);
  return join(packageDir, relativePath);
}

const useColor = process.stdout.isTTY === true;

function prefixFor(task: Task): string {
  const label = `[${task.name}]`;
  return useColor ? `\x1b[${task.color}m${label}\x1b[0m ` : `${label} `;
}

function forwardLines(stream: NodeJS.ReadableStream | null, prefix: string, to: NodeJS.WriteStream): void {
  if (stream === null) return;
  createInterface({ input: stream, crlfDelay: Infinity }).on('line', (line) => to.write(prefix + line + '\n'));
}

function start(task: Task, bin: string): ChildProcess {
  const child = spawn(process.execPath, [bin, ...task.args], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...(useColor ? { FORCE_COLOR: '1' } : {}), ...task.env },
    // No stdin: Vite's keyboard shortcuts would put the terminal in raw mode and swallow Ctrl-C.
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const prefix = prefixFor(task);
  forwardLines(child.stdout, prefix, process.stdout);
  forwardLines(child.stderr, prefix, process.stderr);
  return child;
}

// Find every command before starting any, so that a missing one leaves nothing running.
const bins = TASKS.map((task) => binPath(task.bin));
const running = new Map<Task, ChildProcess>(TASKS.map((task, i) => [task, start(task, bins[i]!)]));
let stopping = false;

/**
 * Stops whatever still runs. `graceMs` leaves the children time to stop on a signal they got
 * themselves: Ctrl-C reaches the whole process group, and a second signal makes `tsx watch`
 * kill the server at once instead of letting it close.
 */
function stopAll(exitCode: number, graceMs = 0): void {
  if (stopping) return;
  stopping = true;
  process.exitCode = exitCode;
  setTimeout(() => {
    for (const child of running.values()) child.kill('SIGTERM');
    setTimeout(() => {
      for (const child of running.values()) child.kill('SIGKILL');
    }, STOP_TIMEOUT_MS).unref();
  }, graceMs).unref();
}

for (const [task, child] of running) {
  child.on('error', (error) => {
    process.stderr.write(`${prefixFor(task)}could not start: ${error.message}\n`);
    running.delete(task);
    stopAll(1);
  });
  child.on('exit', (code, signal) => {
    running.delete(task);
    if (!stopping) {
      process.stderr.write(`${prefixFor(task)}exited (${signal ?? `code ${code}`}); stopping the others\n`);
      stopAll(code === 0 ? 0 : 1);
    }
  });
}

process.on('SIGINT', () => stopAll(0, CTRL_C_GRACE_MS));
process.on('SIGTERM', () => stopAll(0));
