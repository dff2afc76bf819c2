import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../core/test-db';
import { loadContent } from './content';
import { seedContent } from './seed';

vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

let test: TestDatabase;
beforeAll(async () => {
  test = await createTestDatabase();
});
afterAll(() => test.remove());

describe('seeding the real content', () => {
  it('fills the tables once; a second start changes nothing', async () => {
    const content = loadContent();
    const counts = await seedContent(test.database.db, content);
    expect(counts).toEqual({ lessons: content.lessons.length, tips: content.tips.length, puzzles: content.puzzles.length, achievements: 10 });
    const read = async () => ({
      lessons: await test.database.db.selectFrom('lessons').select(['id', 'slug', 'order']).orderBy('id').execute(),
      tips: await test.database.db.selectFrom('dailyTips').select(['id', 'slug']).orderBy('id').execute(),
      puzzles: await test.database.db.selectFrom('puzzles').select(['id', 'lichessId', 'rating']).orderBy('id').execute(),
    });
    const first = await read();
    // On a fresh database the lesson ids follow the authored order, so /lesson/1 is the first lesson.
    expect(first.lessons.map((l) => l.id)).toEqual(first.lessons.map((l) => l.order));
    await seedContent(test.database.db, content);
    expect(await read()).toEqual(first);
  });
});

describe('several server processes starting at once', () => {
  it('seed one after the other: every item stored once', async () => {
    const fresh = await createTestDatabase();
    try {
      const content = loadContent();
      const postgres = fresh.database.kind === 'postgres';
      // On PostgreSQL the pool runs these on separate connections, as two processes would.
      await Promise.all([seedContent(fresh.database.db, content, { postgres }), seedContent(fresh.database.db, content, { postgres })]);
      const lessons = await fresh.database.db.selectFrom('lessons').select('slug').execute();
      expect(lessons).toHaveLength(content.lessons.length);
    } finally {
      await fresh.remove();
    }
  });
});
