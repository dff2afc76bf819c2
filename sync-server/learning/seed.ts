import { sql, type Kysely } from 'kysely';
import { ACHIEVEMENTS } from '../../domain/learning/achievements';
import type { Database } from '../core/db/types';
import type { LearningContent } from './content';

export interface SeedCounts {
  lessons: number;
  tips: number;
  puzzles: number;
  achievements: number;
}

/**
 * Puts the authored content (and the achievements of domain/learning) into the database:
 * each item found by its stable key (slug, Lichess id, achievement key) is updated, a new one
 * inserted; nothing is deleted (progress rows point at them). Idempotent: run at every start.
 * On PostgreSQL several processes may start at once: a transaction-scoped advisory lock makes
 * them seed one after the other (the later ones then find every key and only update).
 */
export const SEED_LOCK_KEY = 7_202_611;

export async function seedContent(db: Kysely<Database>, content: LearningContent, options: { postgres?: boolean } = {}): Promise<SeedCounts> {
  return db.transaction().execute(async (trx) => {
    if (options.postgres) await sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`.execute(trx);
    for (const lesson of content.lessons) {
      const values = {
        title: lesson.title,
        description: lesson.description,
        difficulty: lesson.difficulty,
        order: lesson.order,
        content: JSON.stringify(lesson.content),
        skills: JSON.stringify(lesson.skills),
      };
      const found = await trx.selectFrom('lessons').select('id').where('slug', '=', lesson.slug).executeTakeFirst();
      if (found) await trx.updateTable('lessons').set(values).where('id', '=', found.id).execute();
      else await trx.insertInto('lessons').values({ ...values, slug: lesson.slug }).execute();
    }
    for (const tip of content.tips) {
      const values = {
        title: tip.title,
        content: tip.content,
        category: tip.category,
        difficulty: tip.difficulty,
        fen: tip.fen ?? null,
        moves: tip.moves === undefined ? null : JSON.stringify(tip.moves),
        estimatedReadTime: tip.estimatedReadTime,
        tags: JSON.stringify(tip.tags),
        isActive: 1,
      };
      const found = await trx.selectFrom('dailyTips').select('id').where('slug', '=', tip.slug).executeTakeFirst();
      if (found) await trx.updateTable('dailyTips').set(values).where('id', '=', found.id).execute();
      else await trx.insertInto('dailyTips').values({ ...values, slug: tip.slug }).execute();
    }
    for (const puzzle of content.puzzles) {
      const values = {
        fen: puzzle.fen,
        solution: JSON.stringify(puzzle.solution),
        rating: puzzle.rating,
        tags: JSON.stringify(puzzle.tags),
        description: puzzle.description,
      };
      const found = await trx.selectFrom('puzzles').select('id').where('lichessId', '=', puzzle.lichessId).executeTakeFirst();
      if (found) await trx.updateTable('puzzles').set(values).where('id', '=', found.id).execute();
      else await trx.insertInto('puzzles').values({ ...values, lichessId: puzzle.lichessId }).execute();
    }
    for (const achievement of ACHIEVEMENTS) {
      const values = {
        name: achievement.name,
        description: achievement.description,
        category: achievement.category,
        type: achievement.metric,
        requirement: JSON.stringify({ metric: achievement.metric, target: achievement.target }),
        points: achievement.points,
        rarity: achievement.rarity,
        isActive: 1,
      };
      const found = await trx.selectFrom('achievements').select('id').where('key', '=', achievement.key).executeTakeFirst();
      if (found) await trx.updateTable('achievements').set(values).where('id', '=', found.id).execute();
      else await trx.insertInto('achievements').values({ ...values, key: achievement.key }).execute();
    }
    return { lessons: content.lessons.length, tips: content.tips.length, puzzles: content.puzzles.length, achievements: ACHIEVEMENTS.length };
  });
}
