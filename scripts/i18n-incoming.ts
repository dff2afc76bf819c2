/**
 * `npx tsx scripts/i18n-incoming.ts FILE.json… [--apply]`: brings translations written apart from
 * the catalogues (issue 28; several people converting screens at once would all edit the same .po
 * files) into them. Extracts the messages, fills each empty translation from the files
 * (`{ "<msgid>": { "hi": "…", "es": "…", "fr": "…", "ar": "…" } }`), and runs the catalogues'
 * completeness test (placeholders, tags, plural forms). Prints what is missing or unknown and
 * 'complete' when nothing is; without --apply the .po files are put back as they were.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const LOCALES_DIR = 'app/locales';
const TRANSLATED = ['hi', 'es', 'fr', 'ar'] as const;
type Incoming = Record<string, Partial<Record<(typeof TRANSLATED)[number], string>>>;

const args = process.argv.slice(2);
const apply = args.includes('--apply');
const files = args.filter((arg) => arg !== '--apply');
if (files.length === 0) throw new Error('usage: tsx scripts/i18n-incoming.ts FILE.json… [--apply]');
const incoming: Incoming = Object.assign({}, ...files.map((file) => JSON.parse(readFileSync(file, 'utf8')) as Incoming));

const poFiles = readdirSync(LOCALES_DIR, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.po')).map((name) => join(LOCALES_DIR, name));
const saved = new Map(poFiles.map((file) => [file, readFileSync(file, 'utf8')]));

const run = (command: string, commandArgs: string[]) => spawnSync(command, commandArgs, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
const extracted = run('npm', ['run', '--silent', 'i18n:extract']);
if (extracted.status !== 0) throw new Error(`extraction failed:\n${extracted.stdout}${extracted.stderr}`);

/** A PO string's quoted form (backslash, quote and newline escaped). */
const quote = (text: string) => `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"`;
const unquote = (text: string) => JSON.parse(text.replace(/\\(?!["\\n])/g, '\\\\')) as string;

const used = new Set<string>();
const missing: string[] = [];
for (const locale of TRANSLATED) {
  for (const file of poFiles.filter((name) => name.includes(`/${locale}/`))) {
    const text = readFileSync(file, 'utf8').replace(/^msgid ("(?:[^"\\]|\\.)*")\nmsgstr ""$/gm, (entry, quoted: string) => {
      const id = unquote(quoted);
      if (id === '') return entry;
      const translation = incoming[id]?.[locale];
      if (translation === undefined || translation.trim() === '') {
        missing.push(`${locale}: ${id}`);
        return entry;
      }
      used.add(id);
      return `msgid ${quoted}\nmsgstr ${quote(translation)}`;
    });
    writeFileSync(file, text);
  }
}
const unknown = Object.keys(incoming).filter((id) => !used.has(id));
const tested = run('npx', ['vitest', 'run', 'app/shared/i18n/catalogues-complete.test.ts']);

for (const line of missing) console.log(`missing  ${line}`);
for (const id of unknown) console.log(`unknown  ${id} (not an extracted message without a translation)`);
if (tested.status !== 0) console.log(tested.stdout.split('\n').filter((line) => /✗|×|Error|expected|missing|\+|-/.test(line)).slice(0, 60).join('\n'));
if (!apply) for (const [file, text] of saved) writeFileSync(file, text);
const complete = missing.length === 0 && tested.status === 0;
console.log(complete ? `complete (${used.size} messages${apply ? ', written' : ', catalogues put back'})` : `not complete: ${missing.length} missing, ${unknown.length} unknown`);
process.exit(complete ? 0 : 1);
