/**
 * What the name rules cost (issue 18): normalizeName (browser and server) and nameSkeleton (server:
 * the confusables table's load and each lookup), per name, on a mix of plain and hostile names;
 * and the migration's backfill of 10,000 accounts on SQLite. Prints numbers only.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Migrator, sql } from 'kysely';
import { normalizeName } from '../domain/names';
import { openDatabase } from '../sync-server/core/db/connect';
import { migrateToLatest } from '../sync-server/core/db/migrate';
import { MIGRATIONS } from '../sync-server/core/db/migrations';

const loadStart = performance.now();
const { nameSkeleton } = await import('../domain/name-skeleton');
nameSkeleton('warm');
console.log(`confusables table load and first skeleton: ${(performance.now() - loadStart).toFixed(1)} ms`);

const samples = ['Magnus', 'p\u0430yp\u0430l', 'x\r\n012 PWNED', '\uFF41\uFF4C\uFF49\uFF43\uFF45', 'Zo\u00EB Ann-Marie', 'שרה כהן', 'N'.repeat(40), 'b0b\u200B'];
const names = Array.from({ length: 100_000 }, (_, i) => `${samples[i % samples.length]}${i}`);
for (const [label, run] of [['normalizeName', normalizeName], ['nameSkeleton', nameSkeleton]] as const) {
  const start = performance.now();
  for (const name of names) run(name);
  console.log(`${label}: ${(((performance.now() - start) * 1000) / names.length).toFixed(2)} µs per name (${names.length} names)`);
}

const dir = await mkdtemp(join(tmpdir(), 'bench-names-'));
const database = await openDatabase({ dataDir: dir, migrate: false });
const raw = database.db.withoutPlugins();
const before = Object.fromEntries(Object.entries(MIGRATIONS).filter(([name]) => name < '2026-11-24-name-skeletons'));
await new Migrator({ db: raw, provider: { getMigrations: async () => before } }).migrateToLatest();
await raw.transaction().execute(async (trx) => {
  // The second 5,000 end in a zero-width space: each normalises to one of the first and is renamed.
  for (let i = 0; i < 10_000; i++) {
    const username = `${samples[i % samples.length]}${i % 5000}${i < 5000 ? '' : '\u200B'}`;
    await sql`insert into users (username, email) values (${username}, ${`u${i}@example.com`})`.execute(trx);
  }
});
const start = performance.now();
await migrateToLatest(raw);
console.log(`backfill of 10000 accounts (5000 lookalike pairs) on SQLite: ${(performance.now() - start).toFixed(0)} ms`);
await database.close();
await rm(dir, { recursive: true, force: true });
