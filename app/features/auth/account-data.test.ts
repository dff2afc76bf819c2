import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { describeChanges, KEPT_OUTBOX_DAYS, logOutWarning, planClearing, planSweep, privateCacheNames, recordPrivacy, keptOwnerKey, type StoredOnDevice } from './account-data';
import { db, DEVICE_META_KEYS, RECORD_PRIVACY, STORAGE_KEYS, TABLE_PRIVACY } from '../../shared/db';

describe('what is private: one list beside the schemas (db.ts)', () => {
  it("classifies every table Dexie knows, and nothing else", () => {
    expect(Object.keys(TABLE_PRIVACY).sort()).toEqual(db.tables.map((table) => table.name).sort());
  });

  it('classifies every record key', () => {
    expect(Object.keys(RECORD_PRIVACY).sort()).toEqual(Object.values(STORAGE_KEYS).sort());
  });

  it.each([
    // What a role loads about others, and what a person did: the account's.
    ['tournamentSnapshots', 'account'], ['cachedPages', 'account'], ['outbox', 'account'], ['puzzleProfiles', 'account'],
    ['trainerAttempts', 'account'], ['reviewCards', 'account'], ['ownPuzzles', 'account'],
    // The offline puzzle pack is the same for everyone.
    ['trainerPuzzles', 'shared'],
  ] as const)('%s is %s', (table, privacy) => {
    expect(TABLE_PRIVACY[table]).toBe(privacy);
  });

  it.each([
    ['chess-settings', 'account'], ['chess-current-game', 'account'], ['chess-level-results', 'account'],
    ['chess-assessment-progress', 'account'], ['chess-parent-controls', 'account'], ['chess-settings-owner', 'account'],
    // Issue 28: a child's language goes with them; the next child on the Chromebook gets their own.
    ['chess-account-language', 'account'],
    ['chess-preferences', 'device'], ['chess-tts-settings', 'device'], ['chess-tutorial-completed', 'device'], ['chess-play-time', 'device'],
    // A key nobody classified (an older version's, another tab's newer one) is treated as private.
    ['chess-something-new', 'account'],
  ])('record %s is %s', (key, privacy) => {
    expect(recordPrivacy(key)).toBe(privacy);
  });
});

const TEACHER = 7;
const CHILD = 9;

const device: StoredOnDevice = {
  recordKeys: ['chess-settings', 'chess-preferences', 'chess-current-game', 'chess-tts-settings', 'chess-tutorial-completed', 'chess-play-time', 'chess-unknown'],
  metaKeys: [
    'auth-me', 'rbac-me', DEVICE_META_KEYS.guest, DEVICE_META_KEYS.pendingLogout,
    `sync-client:${TEACHER}`, `sync-cursor:${TEACHER}`, 'outbox-once:game:abc',
    `sync-client:${CHILD}`, `sync-cursor:${CHILD}`, `outbox-kept:${CHILD}`,
  ],
  outbox: [
    { seq: 1, userId: TEACHER, status: 'pending' },
    { seq: 2, userId: TEACHER, status: 'rejected' },
    { seq: 3, userId: TEACHER, status: 'pending' },
    // A child whose session ended earlier: their game waits for them.
    { seq: 4, userId: CHILD, status: 'pending' },
  ],
};

describe('planClearing', () => {
  it('empties every table of the account, keeps the shared puzzle pack, and leaves the outbox to its rows', () => {
    const plan = planClearing(TEACHER, 'log-out', device);
    expect(plan.tables.sort()).toEqual(['cachedPages', 'ownPuzzles', 'puzzleProfiles', 'reviewCards', 'tournamentSnapshots', 'trainerAttempts']);
  });

  it("removes the account's records and any unclassified one, keeps the device's", () => {
    expect(planClearing(TEACHER, 'log-out', device).records).toEqual(['chess-settings', 'chess-current-game', 'chess-unknown']);
  });

  it("Log Out: all the person's rows go (sent first or given up when asked); another person's waiting rows stay", () => {
    const plan = planClearing(TEACHER, 'log-out', device);
    expect(plan.outbox).toEqual([1, 2, 3]);
    expect(plan.keep).toBeNull();
    expect(plan.meta).toEqual(['auth-me', 'rbac-me', `sync-client:${TEACHER}`, `sync-cursor:${TEACHER}`, 'outbox-once:game:abc', `sync-cursor:${CHILD}`]);
  });

  it('a session the server ended: the refused rows go, the pending ones wait with the client that pushes them', () => {
    const plan = planClearing(TEACHER, 'session-ended', device);
    expect(plan.outbox).toEqual([2]);
    expect(plan.keep).toEqual({ userId: TEACHER, rows: 2 });
    expect(plan.meta).toEqual(['auth-me', 'rbac-me', `sync-cursor:${TEACHER}`, 'outbox-once:game:abc', `sync-cursor:${CHILD}`]);
  });

  it('a leaving user the device cannot name: everything private goes, every waiting row stays', () => {
    const plan = planClearing(null, 'session-ended', device);
    expect(plan.outbox).toEqual([]);
    expect(plan.keep).toBeNull();
    expect(plan.meta).not.toContain(DEVICE_META_KEYS.pendingLogout);
    expect(plan.meta).toContain('auth-me');
  });
});

describe('privateCacheNames', () => {
  it("keeps only the service worker's precache of the app", () => {
    expect(privateCacheNames(['workbox-precache-v2-http://127.0.0.1:4181/', 'api-answers', 'workbox-runtime'])).toEqual(['api-answers', 'workbox-runtime']);
  });
});

describe('planSweep (rows waiting for someone signed out)', () => {
  const now = new Date('2027-03-31T12:00:00Z');
  const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60 * 1000).toISOString();
  it.each([
    ['rows of someone signed out are marked the first time', null, [CHILD], [], { mark: [CHILD], unmark: [], drop: [] }],
    ['the signed-in user is back: their rows push, the mark goes', CHILD, [CHILD], [[CHILD, daysAgo(40)]], { mark: [], unmark: [CHILD], drop: [] }],
    ['still waiting within the days', TEACHER, [TEACHER, CHILD], [[CHILD, daysAgo(KEPT_OUTBOX_DAYS - 1)]], { mark: [], unmark: [], drop: [] }],
    ['waited too long (or the account was deleted): dropped', TEACHER, [TEACHER, CHILD], [[CHILD, daysAgo(KEPT_OUTBOX_DAYS)]], { mark: [], unmark: [], drop: [CHILD] }],
    ['an unreadable mark counts as too old', null, [CHILD], [[CHILD, 'garbage']], { mark: [], unmark: [], drop: [CHILD] }],
    ['a mark without rows is tidied away', null, [], [[CHILD, daysAgo(1)]], { mark: [], unmark: [CHILD], drop: [] }],
  ] as const)('%s', (_name, signedIn, users, marks, expected) => {
    expect(planSweep(now, signedIn, users, new Map(marks))).toEqual(expected);
  });
});

// English with no catalogue: the descriptors' own words (the source texts).
const english = setupI18n({ locale: 'en', messages: { en: {} } });

describe('what Log Out says would be lost', () => {
  it.each([
    [['saveGame'], '1 game'],
    [['saveGame', 'completeLesson', 'saveGame'], '2 games and 1 lesson'],
    [['recordTrainerAttempt', 'saveGame', 'recordPuzzleAttempt', 'enterResult', 'saveSettings'], '2 puzzles, 1 game, 1 result and 1 settings change'],
    [['someFutureMutation'], '1 change'],
  ])('%j reads %s', (names, text) => {
    expect(describeChanges(english, names)).toBe(text);
  });

  it.each([
    [{ pending: [], rejected: 0 }, false, null],
    [{ pending: ['saveGame', 'saveGame', 'completeLesson'], rejected: 0 }, true,
      '2 games and 1 lesson are not saved to your account yet: this device is offline. If you log out now, they are deleted from this device. To keep them, connect to the internet and log out again.'],
    [{ pending: ['saveGame'], rejected: 2 }, false,
      '1 game is not saved to your account yet: the server could not be reached. 2 changes the server refused go too. If you log out now, they are deleted from this device.'],
    [{ pending: [], rejected: 1 }, false, '1 change the server refused is not saved. If you log out now, it is deleted from this device.'],
  ])('%j (offline %s)', (unsent, offline, message) => {
    expect(logOutWarning(english, unsent, offline)).toBe(message);
  });
});

describe('rows waiting under an id another account now holds', () => {
  it("a session ended: the waiting rows' owner (its createdAt) is kept with them", () => {
    const plan = planClearing(TEACHER, 'session-ended', { ...device, metaKeys: [...device.metaKeys, keptOwnerKey(TEACHER)] });
    expect(plan.meta).not.toContain(keptOwnerKey(TEACHER));
  });
  it('Log Out: nothing waits, the owner goes too', () => {
    const plan = planClearing(TEACHER, 'log-out', { ...device, metaKeys: [...device.metaKeys, keptOwnerKey(TEACHER)] });
    expect(plan.meta).toContain(keptOwnerKey(TEACHER));
  });
});
