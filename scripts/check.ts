/**
 * `npm run check`: every TypeScript project, ESLint and the message catalogues' extraction, two or more at a time (each is
 * single-threaded; one after another they took most of CI's first minutes). Each task's output is
 * printed whole when it ends; the exit code is 1 when any failed.
 */
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';

const TASKS: readonly (readonly string[])[] = [
  ['tsc', '-p', 'app'],
  ['tsc', '-p', 'sync-server'],
  ['eslint', '.'],
  ['tsc', '-p', '.'],
  ['tsc', '-p', 'domain'],
  ['tsc', '-p', 'worker'],
  ['tsc', '-p', 'worker/tsconfig.node.json'],
  ['tsc', '-p', 'schema'],
  // The message catalogues are up to date with the source (issue 28).
  ['tsx', 'scripts/i18n-check.ts'],
];

function run(command: readonly string[]): Promise<boolean> {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn('npx', ['--no-install', ...command], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code) => {
      const shown = output.split('\n').filter((line) => !line.startsWith('npm warn')).join('\n').trim();
      console.log(`${code === 0 ? 'ok  ' : 'FAIL'} ${command.join(' ')} (${((Date.now() - started) / 1000).toFixed(1)} s)${shown ? `\n${shown}` : ''}`);
      resolve(code === 0);
    });
  });
}

const queue = [...TASKS];
const results: boolean[] = [];
await Promise.all(
  Array.from({ length: Math.max(2, Math.min(availableParallelism(), 4)) }, async () => {
    for (let task = queue.shift(); task; task = queue.shift()) results.push(await run(task));
  }),
);
process.exit(results.every(Boolean) ? 0 : 1);
