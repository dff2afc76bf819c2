import { sql, type Kysely } from 'kysely';
import type { TrainerPuzzleContent } from '../../schema';
import type { Database } from '../core/db/types';
import { SEED_LOCK_KEY } from '../learning/seed';

/** Rows per insert statement (PostgreSQL allows 65,535 parameters; SQLite 32,766). */
const INSERT_CHUNK = 200;

const rowValues = (puzzle: TrainerPuzzleContent) => ({
  fen: puzzle.fen,
  moves: JSON.stringify(puzzle.moves),
  rating: puzzle.rating,
  ratingDeviation: puzzle.ratingDeviation,
  themes: JSON.stringify(puzzle.themes),
  tags: JSON.stringify(puzzle.themes),
  description: puzzle.origin ?? null,
});

export interface TrainerSeedCounts {
  inserted: number;
  updated: number;
  unchanged: number;
}

/**
 * Puts the trainer's puzzles (content/trainer/*.json) into `puzzles` with kind 'trainer', each
 * found by its external id: one read of the stored ones, inserts in chunks, an update only for a
 * puzzle whose content changed; nothing deleted (attempts point at them). Idempotent and fast
 * enough for every start (sync-server/puzzles/seed.test.ts measures 2,000). On PostgreSQL the
 * same advisory lock as seedContent makes concurrent starts seed one after the other.
 */
export async function seedTrainerPuzzles(db: Kysely<Database>, puzzles: readonly TrainerPuzzleContent[], options: { postgres?: boolean } = {}): Promise<TrainerSeedCounts> {
  return db.transaction().execute(async (trx) => {
    if (options.postgres) await sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`.execute(trx);
    const stored = await trx
      .selectFrom('puzzles')
      .select(['id', 'externalId', 'fen', 'moves', 'rating', 'ratingDeviation', 'themes', 'tags', 'description'])
      .where('kind', '=', 'trainer')
      .execute();
    const byId = new Map(stored.map((row) => [row.externalId, row]));
    const fresh: TrainerPuzzleContent[] = [];
    let updated = 0;
    for (const puzzle of puzzles) {
      const row = byId.get(puzzle.id);
      if (row === undefined) {
        fresh.push(puzzle);
        continue;
      }
      const values = rowValues(puzzle);
      const same = (Object.keys(values) as (keyof typeof values)[]).every((key) => row[key] === values[key]);
      if (same) continue;
      await trx.updateTable('puzzles').set(values).where('id', '=', row.id).execute();
      updated += 1;
    }
    for (let start = 0; start < fresh.length; start += INSERT_CHUNK) {
      const chunk = fresh.slice(start, start + INSERT_CHUNK);
      await trx
        .insertInto('puzzles')
        .values(chunk.map((puzzle) => ({ ...rowValues(puzzle), kind: 'trainer', externalId: puzzle.id, solution: '[]' })))
        .execute();
    }
    return { inserted: fresh.length, updated, unchanged: puzzles.length - fresh.length - updated };
  });
}
