import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { z } from 'zod';
import {
  lessonContentSchema,
  puzzleContentSchema,
  tipContentSchema,
  type LessonContent,
  type PuzzleContent,
  type TipContent,
} from '../../schema';

/**
 * The authored learning content (content/ at the repository's root): one JSON file per lesson
 * in content/lessons, the tips by category in content/tips, the assessment puzzles in
 * content/puzzles.json. Validated by schema/learning.ts; an invalid file stops the server's start.
 */
export const CONTENT_DIR = fileURLToPath(new URL('../../content/', import.meta.url));

export interface LearningContent {
  lessons: LessonContent[];
  tips: TipContent[];
  puzzles: PuzzleContent[];
}

export function readContentJson(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`Content file ${file} is not valid JSON: ${(error as Error).message}`, { cause: error });
  }
}

export function parseContent<T>(schema: z.ZodType<T>, value: unknown, where: string): T {
  const result = schema.safeParse(value);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new Error(`Content ${where}: ${issue?.path.join('.') ?? ''} ${issue?.message ?? 'is invalid'}`);
  }
  return result.data;
}

/** The JSON files of one content folder (lessons, tips), sorted by name. */
export const contentFiles = (dir: string, folder: string) =>
  readdirSync(join(dir, folder))
    .filter((name) => name.endsWith('.json'))
    .sort();

function unique<T>(items: readonly T[], key: (item: T) => string | number, what: string): void {
  const seen = new Set<string | number>();
  for (const item of items) {
    const k = key(item);
    if (seen.has(k)) throw new Error(`Content: two ${what} share ${String(k)}`);
    seen.add(k);
  }
}

export function loadContent(dir: string = CONTENT_DIR): LearningContent {
  const lessons = contentFiles(dir, 'lessons').map((name) => parseContent(lessonContentSchema, readContentJson(join(dir, 'lessons', name)), `lessons/${name}`));
  const tips = contentFiles(dir, 'tips').flatMap((name) => {
    const list = readContentJson(join(dir, 'tips', name));
    if (!Array.isArray(list)) throw new Error(`Content tips/${name}: must be a list of tips`);
    return list.map((tip, index) => parseContent(tipContentSchema, tip, `tips/${name}[${index}]`));
  });
  const rawPuzzles = readContentJson(join(dir, 'puzzles.json'));
  if (!Array.isArray(rawPuzzles)) throw new Error('Content puzzles.json: must be a list of puzzles');
  const puzzles = rawPuzzles.map((puzzle, index) => parseContent(puzzleContentSchema, puzzle, `puzzles.json[${index}]`));
  unique(lessons, (l) => l.slug, 'lessons');
  unique(lessons, (l) => l.order, 'lessons (order)');
  unique(tips, (t) => t.slug, 'tips');
  unique(puzzles, (p) => p.lichessId, 'puzzles');
  return { lessons: lessons.sort((a, b) => a.order - b.order), tips, puzzles: puzzles.sort((a, b) => a.rating - b.rating) };
}
