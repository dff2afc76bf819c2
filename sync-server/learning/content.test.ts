import { describe, expect, it } from 'vitest';
import { isPromotionMove, parseFen, parseUci, playMove } from '../../domain/chess';
import { DIFFICULTIES, TIP_CATEGORIES, type FromTo } from '../../schema';
import { loadContent } from './content';

/**
 * The authored content (content/) proves itself: it passes schema/learning.ts, meets the issue's
 * counts, and every position and move in it is legal (chess.js through domain/chess.ts). The
 * engine's agreement is checked in content.engine.test.ts.
 */
const content = loadContent();

function legalLine(fen: string, moves: readonly (FromTo | string)[]): string | null {
  const game = parseFen(fen);
  if (!game.ok) return game.error.message;
  for (const move of moves) {
    const input = typeof move === 'string' ? parseUci(move) : move;
    if (input === null) return `unreadable move ${String(move)}`;
    // A move to the last rank is played with a queen, as the assessment and the lesson boards do.
    const promotion = isPromotionMove(game.value, input.from, input.to) ? { promotion: 'q' as const } : {};
    const played = playMove(game.value, { ...input, ...promotion });
    if (!played.ok) return `${input.from}${input.to}: ${played.error.message}`;
  }
  return null;
}

describe('the lessons', () => {
  it('at least 12, across beginner, intermediate and advanced, ordered 1..n', () => {
    expect(content.lessons.length).toBeGreaterThanOrEqual(12);
    for (const level of DIFFICULTIES) expect(content.lessons.filter((l) => l.difficulty === level).length, level).toBeGreaterThanOrEqual(3);
    expect(content.lessons.map((l) => l.order)).toEqual(content.lessons.map((_, i) => i + 1));
  });

  it('each has objectives, a time, a difficulty out of 5, at least 4 sections of which at least 2 interactive', () => {
    for (const lesson of content.lessons) {
      expect(lesson.content.objectives.length, lesson.slug).toBeGreaterThan(0);
      expect(lesson.content.estimatedTime, lesson.slug).toBeGreaterThan(0);
      expect(lesson.content.difficulty, lesson.slug).toBeGreaterThanOrEqual(1);
      expect(lesson.content.difficulty, lesson.slug).toBeLessThanOrEqual(5);
      expect(lesson.content.sections.length, lesson.slug).toBeGreaterThanOrEqual(4);
      expect(lesson.content.sections.filter((s) => s.type === 'interactive').length, lesson.slug).toBeGreaterThanOrEqual(2);
    }
  });

  it('every practice position is legal, every correct move is legal, and the side to move is the one the instruction means', () => {
    for (const lesson of content.lessons) {
      for (const section of lesson.content.sections) {
        if (section.type !== 'interactive') continue;
        const where = `${lesson.slug} / ${section.title}`;
        const game = parseFen(section.content.fen);
        expect(game.ok, `${where}: ${game.ok ? '' : game.error.message}`).toBe(true);
        expect(game.ok && game.value.isGameOver(), `${where}: the position is already over`).toBe(false);
        for (const move of section.content.correctMoves) expect(legalLine(section.content.fen, [move]), `${where}: ${move}`).toBeNull();
      }
    }
  });
});

describe('the tips', () => {
  it('at least 90, over the six categories and the three difficulties, with tags and a reading time', () => {
    expect(content.tips.length).toBeGreaterThanOrEqual(90);
    for (const category of TIP_CATEGORIES) expect(content.tips.filter((t) => t.category === category).length, category).toBeGreaterThanOrEqual(5);
    for (const level of DIFFICULTIES) expect(content.tips.filter((t) => t.difficulty === level).length, level).toBeGreaterThanOrEqual(15);
    for (const tip of content.tips) {
      expect(tip.tags.length, tip.slug).toBeGreaterThan(0);
      expect(tip.estimatedReadTime, tip.slug).toBeGreaterThanOrEqual(10);
    }
  });

  it('every board preview is a legal position with legal moves', () => {
    const withBoard = content.tips.filter((tip) => tip.fen !== undefined);
    expect(withBoard.length).toBeGreaterThanOrEqual(20);
    for (const tip of withBoard) expect(legalLine(tip.fen!, tip.moves ?? []), tip.slug).toBeNull();
    for (const tip of content.tips) if (tip.moves !== undefined) expect(tip.fen, `${tip.slug} has moves but no fen`).toBeDefined();
  });
});

describe('the assessment puzzles', () => {
  it('at least 20, from about 500 to about 2200, each with its Lichess id', () => {
    expect(content.puzzles.length).toBeGreaterThanOrEqual(20);
    const ratings = content.puzzles.map((p) => p.rating);
    expect(Math.min(...ratings)).toBeLessThanOrEqual(550);
    expect(Math.max(...ratings)).toBeGreaterThanOrEqual(2100);
    for (const puzzle of content.puzzles) expect(puzzle.lichessId).toMatch(/^[A-Za-z0-9]{5}$/);
  });

  it('every position is legal and every solution line is legal from it (promotions to a queen)', () => {
    for (const puzzle of content.puzzles) expect(legalLine(puzzle.fen, puzzle.solution), puzzle.lichessId).toBeNull();
  });
});
