/**
 * `npm run check`'s catalogue task: runs Lingui's extraction (`npm run i18n:extract`) and fails
 * when it changes a committed catalogue, that is when a message was added, changed or removed in
 * the source and app/locales/ was not brought up to date. The catalogues are put back as they were,
 * so the check changes nothing; `npm run i18n:extract` makes the update.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const locales = join(root, 'app/locales');

function snapshot(): Map<string, string> {
  const files = readdirSync(locales, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.po'));
  return new Map(files.map((file) => [file, readFileSync(join(locales, file), 'utf8')]));
}

const before = snapshot();
try {
  execFileSync(
    process.execPath,
    ['--import', './scripts/lingui-node20/register.mjs', 'node_modules/@lingui/cli/dist/lingui-extract.js', '--clean', '--workers', '1'],
    { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] },
  );
} finally {
  const after = snapshot();
  const changed = [...new Set([...before.keys(), ...after.keys()])].filter((file) => before.get(file) !== after.get(file)).sort();
  for (const file of changed) {
    const old = before.get(file);
    if (old === undefined) rmSync(join(locales, file));
    else writeFileSync(join(locales, file), old);
  }
  if (changed.length > 0) {
    console.error(`The message catalogues are out of date with the source: ${changed.map((file) => `app/locales/${file}`).join(', ')}.`);
    console.error('Run `npm run i18n:extract`, translate the new messages (docs/glossary.md) and commit app/locales/.');
    process.exitCode = 1;
  }
}
