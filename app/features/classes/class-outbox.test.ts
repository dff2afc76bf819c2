import { describe, expect, it } from 'vitest';
import { isGeneratedPassword } from '../../../domain/classes';
import { addClassStudentsArgsSchema, type ClassDetail, type ClassStudent, type NewClassStudent } from '../../../schema';
import { viewOf } from '../../shared/components/refused-mutations';
import type { OutboxEntry } from '../../shared/outbox';
import { cardsOf, namesWaitingFor, proposeStudents, waitingClasses } from './class-outbox';

const student = (userId: number, username: string, realName: string): ClassStudent => ({ userId, username, realName, isManaged: true });
const detail = (students: ClassStudent[]): ClassDetail => ({
  class: { id: 9, name: '4C', organizationId: 1, organizationName: 'School', gradeLevel: null, skillLevel: null, maxMembers: 40, studentCount: students.length, canManage: true, language: null },
  students,
});
const entry = (seq: number, name: string, args: unknown, status: OutboxEntry['status'] = 'pending', error: string | null = null): OutboxEntry => ({
  seq, id: seq, clientId: 'c', userId: 1, name, args, createdAt: '2026-11-25T10:00:00.000Z', status, error,
});

describe('proposeStudents', () => {
  it('proposes usernames free in the class (any case) and within the paste, with generated passwords', async () => {
    const proposed = await proposeStudents(['Anna Smith', 'Anna Stone', 'Ben Lee'], ['annas']);
    expect(proposed.map((each) => each.username)).toEqual(['AnnaS2', 'AnnaS3', 'BenL']);
    for (const each of proposed) expect(isGeneratedPassword(each.password)).toBe(true);
    expect(addClassStudentsArgsSchema.safeParse({ classId: 9, students: proposed }).success).toBe(true);
  });
  it('proposes, offline, the usernames the server would make for names in Devanagari (issue 28), the real names as written', async () => {
    const proposed = await proposeStudents(['आरव शर्मा', 'विहान सिंह', 'Aarav Sen'], ['VihaanS']);
    expect(proposed.map((each) => each.username)).toEqual(['AaravS', 'VihaanS2', 'AaravS2']);
    expect(proposed.map((each) => each.realName)).toEqual(['आरव शर्मा', 'विहान सिंह', 'Aarav Sen']);
    expect(addClassStudentsArgsSchema.safeParse({ classId: 9, students: proposed }).success).toBe(true);
  });
});

describe('cardsOf: a card only once the account is on the server, with the server’s username', () => {
  const paste: NewClassStudent[] = [
    { realName: 'Anna Smith', username: 'AnnaS', password: 'tiger-moon-47' },
    { realName: 'Anna Smith', username: 'AnnaS2', password: 'apple-bear-12' },
    { realName: 'Ben Lee', username: 'BenL', password: 'cat-dog-33' },
  ];
  const batch = { seq: 5, knownUserIds: new Set([1]), students: paste };
  const old = student(1, 'AnnaS', 'Anna Smith');

  it('waits while the entry is queued, and while the roster has not caught up', () => {
    expect(cardsOf(batch, [entry(5, 'addClassStudents', {})], detail([old]))).toEqual({ status: 'waiting', count: 3 });
    expect(cardsOf(batch, [], detail([old, student(7, 'AnnaS7', 'Anna Smith')]))).toEqual({ status: 'waiting', count: 3 });
    expect(cardsOf(batch, undefined, detail([old]))).toMatchObject({ status: 'waiting' });
  });

  it('shows a refusal with its reason', () => {
    expect(cardsOf(batch, [entry(5, 'addClassStudents', {}, 'rejected', 'This class is full')], detail([old]))).toEqual({ status: 'refused', error: 'This class is full' });
  });

  it('puts each password on its new account in paste order, with the username the server chose', () => {
    const roster = detail([old, student(12, 'BenL', 'Ben Lee'), student(11, 'AnnaS3', 'Anna Smith'), student(10, 'AnnaS2', 'Anna Smith')]);
    const cards = cardsOf(batch, [], roster);
    expect(cards).toEqual({
      status: 'ready',
      credentials: [
        { userId: 10, username: 'AnnaS2', realName: 'Anna Smith', password: 'tiger-moon-47' },
        { userId: 11, username: 'AnnaS3', realName: 'Anna Smith', password: 'apple-bear-12' },
        { userId: 12, username: 'BenL', realName: 'Ben Lee', password: 'cat-dog-33' },
      ],
    });
  });

  it('no batch: nothing', () => {
    expect(cardsOf(undefined, [], detail([]))).toEqual({ status: 'none' });
  });
});

describe('waiting classes and refused entries', () => {
  it('lists queued and refused createClass entries', () => {
    expect(waitingClasses([entry(1, 'createClass', { name: '4C', classKey: 'k1' }), entry(2, 'renameClassStudent', {}), entry(3, 'createClass', { name: '5D', classKey: 'k3' }, 'rejected', 'Forbidden'), entry(4, 'addClassStudents', { classKey: 'k1', students: [1, 2] })])).toEqual([
      { seq: 1, classKey: 'k1', name: '4C', refused: null },
      { seq: 3, classKey: 'k3', name: '5D', refused: 'Forbidden' },
    ]);
    expect(namesWaitingFor([entry(4, 'addClassStudents', { classKey: 'k1', students: [1, 2] }), entry(5, 'addClassStudents', { classId: 9, students: [1] })], 'k1')).toBe(2);
  });

  it('a refused addClassStudents is titled, and its passwords never shown', () => {
    const view = viewOf('addClassStudents', { classId: 9, students: [{ realName: 'Anna Smith', username: 'AnnaS', password: 'tiger-moon-47' }] });
    expect(view.title).toBe('Student accounts not made');
    expect(JSON.stringify(view)).not.toContain('tiger-moon-47');
  });
});
