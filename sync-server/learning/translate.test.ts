import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { lessonListSchema, lessonSchema, onboardingPuzzleSchema, tipListSchema, type Locale } from '../../schema';
import { createTestDatabase, type TestDatabase } from '../core/test-db';
import { buildTestApp, expectJsonError, registerAccount, type Account } from '../testing/test-server';
import { loadContent } from './content';
import { loadTranslation, TRANSLATED_LOCALES } from './content-translations';
import { seedContent } from './seed';

/**
 * Lessons, tips and the assessment in the reader's language (issue 28), over the real content and
 * its translations in content/i18n: `?lang=` lays each translated item's words over the stored
 * English one; positions, moves, ids and progress stay the stored ones.
 */
vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

let test: TestDatabase;
let app: FastifyInstance;
let account: Account;
const english = loadContent();

beforeAll(async () => {
  test = await createTestDatabase();
  await seedContent(test.database.db, english);
  app = buildTestApp(test.database, { enginePool: false }).app;
  account = await registerAccount(app);
});
afterAll(async () => {
  await app.close();
  await test.remove();
});

const get = (url: string) => app.inject({ url, headers: { cookie: account.cookie } });

describe.each(TRANSLATED_LOCALES)('?lang=%s', (locale: Locale) => {
  const words = loadTranslation(locale);

  it('lists every lesson with its translated words and the English positions and moves', async () => {
    const response = await get(`/api/lessons?lang=${locale}`);
    expect(response.statusCode, response.body).toBe(200);
    const lessons = lessonListSchema.parse(response.json());
    const plain = lessonListSchema.parse((await get('/api/lessons')).json());
    expect(lessons.map((lesson) => lesson.id)).toEqual(plain.map((lesson) => lesson.id));
    for (const [index, lesson] of lessons.entries()) {
      const source = english.lessons[index]!;
      const translated = words.lessons.get(source.slug);
      expect(translated, `${locale}: ${source.slug} is translated`).toBeDefined();
      expect(lesson.title).toBe(translated!.title);
      expect(lesson.title).not.toBe(source.title);
      expect(lesson.content.sections.map((s) => (s.type === 'interactive' ? [s.content.fen, s.content.correctMoves] : null))).toEqual(
        source.content.sections.map((s) => (s.type === 'interactive' ? [s.content.fen, s.content.correctMoves] : null)),
      );
    }
    const one = lessonSchema.parse((await get(`/api/lesson/${lessons[0]!.id}?lang=${locale}`)).json());
    expect(one.description).toBe(words.lessons.get(english.lessons[0]!.slug)!.description);
  });

  it('gives every tip its translated title and text, the progress untouched', async () => {
    const tips = tipListSchema.parse((await get(`/api/tips?lang=${locale}`)).json());
    const plain = tipListSchema.parse((await get('/api/tips')).json());
    expect(tips.map((tip) => [tip.id, tip.fen, tip.moves, tip.progress])).toEqual(plain.map((tip) => [tip.id, tip.fen, tip.moves, tip.progress]));
    for (const [index, tip] of tips.entries()) {
      const source = english.tips.find((t) => t.title === plain[index]!.title && t.content === plain[index]!.content)!;
      const translated = words.tips.get(source.slug);
      expect(translated, `${locale}: ${source.slug} is translated`).toBeDefined();
      expect([tip.title, tip.content]).toEqual([translated!.title, translated!.content]);
    }
    const category = tipListSchema.parse((await get(`/api/tips/category/tactics?lang=${locale}`)).json());
    expect(category.every((tip) => tips.some((t) => t.id === tip.id && t.title === tip.title))).toBe(true);
  });

  it("translates the assessment's descriptions", async () => {
    const puzzles = onboardingPuzzleSchema.array().parse((await get(`/api/onboarding/puzzles?lang=${locale}`)).json());
    const plain = onboardingPuzzleSchema.array().parse((await get('/api/onboarding/puzzles')).json());
    expect(puzzles.map((p) => [p.id, p.fen, p.solution])).toEqual(plain.map((p) => [p.id, p.fen, p.solution]));
    expect(puzzles.filter((p, i) => p.description === plain[i]!.description)).toEqual([]);
  });
});

it('English without ?lang= or with ?lang=en; an unknown language is refused with 400', async () => {
  const plain = lessonListSchema.parse((await get('/api/lessons')).json());
  expect(plain[0]!.title).toBe(english.lessons[0]!.title);
  expect(lessonListSchema.parse((await get('/api/lessons?lang=en')).json())).toEqual(plain);
  expectJsonError(await get('/api/lessons?lang=xx'), 400);
  expectJsonError(await get('/api/tips?lang=klingon'), 400);
});
