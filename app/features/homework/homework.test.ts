import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import type { Lesson, StudentHomework } from '../../../schema';
import type { OutboxEntry } from '../../shared/outbox';
import { describeTask, localHomework, queuedAssignments, taskPath } from './homework';

const SET = '2026-11-25T10:00:00.000Z';
const item = (id: number, overrides: Partial<StudentHomework> = {}): StudentHomework => ({
  id,
  key: `key-${id}`,
  classId: 1,
  className: '4A',
  task: { kind: 'lesson', lessonId: 7 },
  lessonTitle: 'Forks',
  dueAt: '2026-11-30T23:59:59.000Z',
  note: '',
  assignedAt: SET,
  progress: { done: 0, target: 1, completedAt: null, attempts: 0, timeSpent: null, status: 'open' },
  ...overrides,
});
const entry = (name: string, args: unknown, status: OutboxEntry['status'] = 'pending'): OutboxEntry => ({ seq: 1, id: 1, clientId: 'c', userId: 1, name, args, createdAt: SET, status, error: null });
const lesson = (completedAt: string | null) => ({ id: 7, completedAt }) as unknown as Lesson;
const NOW = new Date('2026-11-26T00:00:00.000Z');
// English with no catalogue: the descriptors' own words (the source texts).
const english = setupI18n({ locale: 'en', messages: { en: {} } });

describe('localHomework: a lesson done on this device shows done before the server says so', () => {
  it.each([
    { name: 'nothing done', lessons: null, entries: [], status: 'open' },
    { name: 'completed offline after it was set (still in the outbox)', lessons: null, entries: [entry('completeLesson', { lessonId: 7, completedAt: '2026-11-25T11:00:00.000Z' })], status: 'done' },
    { name: 'completed before it was set does not count', lessons: [lesson('2026-11-24T11:00:00.000Z')], entries: [], status: 'open' },
    { name: 'the stored lessons say it was completed after', lessons: [lesson('2026-11-25T12:00:00.000Z')], entries: [], status: 'done' },
    { name: 'another lesson completed does not count', lessons: null, entries: [entry('completeLesson', { lessonId: 8, completedAt: '2026-11-25T11:00:00.000Z' })], status: 'open' },
  ])('$name: $status', ({ lessons, entries, status }) => {
    expect(localHomework([item(1)], lessons, entries, NOW)[0]?.status).toBe(status);
  });

  it('late when past due and not done; done items go last', () => {
    const late = item(2, { dueAt: '2026-11-25T20:00:00.000Z' });
    const done = item(3, { progress: { done: 1, target: 1, completedAt: '2026-11-25T11:00:00.000Z', attempts: 1, timeSpent: null, status: 'done' } });
    expect(localHomework([done, item(1), late], null, [], NOW).map((each) => [each.id, each.status])).toEqual([
      [2, 'late'],
      [1, 'open'],
      [3, 'done'],
    ]);
  });
});

describe('words and places', () => {
  it.each([
    { task: { kind: 'lesson', lessonId: 7 } as const, words: 'Lesson: Forks', path: '/lesson/7' },
    { task: { kind: 'puzzles', theme: 'fork', count: 1 } as const, words: 'Solve 1 puzzle: Fork', path: '/puzzles?theme=fork' },
    { task: { kind: 'games', level: 'intermediate', count: 3 } as const, words: 'Play 3 games against the computer (Intermediate)', path: '/' },
  ])('$words', ({ task, words, path }) => {
    expect(describeTask(english, task, 'Forks', () => 'Fork')).toBe(words);
    expect(taskPath(task)).toBe(path);
  });

  it('the queued assignments of one class, pending only', () => {
    const args = { classId: 1, key: 'k' };
    expect(queuedAssignments([entry('assignHomework', args), entry('assignHomework', { classId: 2, key: 'j' }), entry('assignHomework', args, 'rejected')], 1)).toEqual([args]);
  });
});
