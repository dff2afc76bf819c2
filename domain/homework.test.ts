import { describe, expect, it } from 'vitest';
import { checkDueDate, compareHomework, endOfDay, homeworkStatus, tallyHomework, type HomeworkFact } from './homework';

const SET = '2026-11-25T10:00:00.000Z';
const fact = (at: string, counts: string | null, seconds: number | null = null): HomeworkFact => ({ at, counts, seconds });

describe('tallyHomework: what counts towards the homework', () => {
  it.each([
    { name: 'a lesson completed after it was set', facts: [fact('2026-11-25T11:00:00.000Z', 'lesson')], target: 1, done: 1, completedAt: '2026-11-25T11:00:00.000Z', attempts: 1, time: null },
    { name: 'a lesson completed before it was set does not count', facts: [fact('2026-11-25T09:59:59.000Z', 'lesson')], target: 1, done: 0, completedAt: null, attempts: 0, time: null },
    {
      name: 'completed offline before the device had the assignment, after it was set: counts',
      facts: [fact('2026-11-25T10:00:00.000Z', 'lesson')],
      target: 1,
      done: 1,
      completedAt: SET,
      attempts: 1,
      time: null,
    },
    {
      name: 'puzzles: failures are attempts, the same puzzle solved twice counts once',
      facts: [fact('2026-11-25T10:01:00.000Z', null, 30), fact('2026-11-25T10:02:00.000Z', 'p1', 20), fact('2026-11-25T10:03:00.000Z', 'p1', 10), fact('2026-11-25T10:04:00.000Z', 'p2', 15)],
      target: 2,
      done: 2,
      completedAt: '2026-11-25T10:04:00.000Z',
      attempts: 4,
      time: 75,
    },
    {
      name: 'facts after the completion change nothing, whatever order they came in',
      facts: [fact('2026-11-25T12:00:00.000Z', 'g3', 500), fact('2026-11-25T11:00:00.000Z', 'g2', 200), fact('2026-11-25T10:30:00.000Z', 'g1', 100)],
      target: 2,
      done: 2,
      completedAt: '2026-11-25T11:00:00.000Z',
      attempts: 2,
      time: 300,
    },
    { name: 'not yet complete: how far', facts: [fact('2026-11-25T10:30:00.000Z', 'g1', 100)], target: 3, done: 1, completedAt: null, attempts: 1, time: 100 },
  ])('$name', ({ facts, target, done, completedAt, attempts, time }) => {
    expect(tallyHomework(facts, SET, target)).toEqual({ done, target, completedAt, attempts, timeSpent: time });
  });
});

describe('homeworkStatus: who is late', () => {
  const due = '2026-11-30T23:59:59.000Z';
  it.each([
    { name: 'done before the due date', completedAt: '2026-11-29T10:00:00.000Z', now: '2026-12-05T00:00:00.000Z', status: 'done' },
    { name: 'done after the due date', completedAt: '2026-12-01T10:00:00.000Z', now: '2026-12-05T00:00:00.000Z', status: 'doneLate' },
    { name: 'not done, before the due date', completedAt: null, now: '2026-11-30T23:00:00.000Z', status: 'open' },
    { name: 'not done, past the due date', completedAt: null, now: '2026-12-01T00:00:00.000Z', status: 'late' },
  ])('$name: $status', ({ completedAt, now, status }) => {
    expect(homeworkStatus(due, completedAt, new Date(now))).toBe(status);
  });
});

describe('checkDueDate', () => {
  const now = new Date(SET);
  it.each([
    { dueAt: '2026-11-26T00:00:00.000Z', expected: { ok: true } },
    { dueAt: SET, expected: { ok: false, error: { code: 'ERR_DUE_PAST' } } },
    { dueAt: '2026-11-01T00:00:00.000Z', expected: { ok: false, error: { code: 'ERR_DUE_PAST' } } },
    { dueAt: '2027-11-25T00:00:00.000Z', expected: { ok: true } },
    { dueAt: '2027-12-01T00:00:00.000Z', expected: { ok: false, error: { code: 'ERR_DUE_FAR' } } },
  ])('$dueAt', ({ dueAt, expected }) => {
    expect(checkDueDate(dueAt, now)).toEqual(expected);
  });
});

describe('endOfDay and the order of the list', () => {
  it('the date field’s day ends at 23:59:59 local time', () => {
    const end = new Date(endOfDay('2026-12-03') as string);
    expect([end.getFullYear(), end.getMonth(), end.getDate(), end.getHours(), end.getMinutes()]).toEqual([2026, 11, 3, 23, 59]);
    expect(endOfDay('3 December')).toBeNull();
  });
  it('open work first, soonest due first; done work last', () => {
    const items = [
      { id: 'done', dueAt: '2026-11-26T00:00:00.000Z', status: 'done' as const, assignedAt: SET },
      { id: 'later', dueAt: '2026-12-26T00:00:00.000Z', status: 'open' as const, assignedAt: SET },
      { id: 'late', dueAt: '2026-11-20T00:00:00.000Z', status: 'late' as const, assignedAt: SET },
    ];
    expect([...items].sort(compareHomework).map((item) => item.id)).toEqual(['late', 'later', 'done']);
  });
});
