/**
 * A language chosen signed in (issue 28; ./language.ts), against a real IndexedDB implementation
 * (fake-indexeddb): kept on the device under the person's id and queued for their account, and
 * gone from a shared device with them, while the device's own choice stays.
 */
import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../auth/gate', () => ({ loginFrom: () => '/login' }));
const remembered = new Map<string, string>();
vi.stubGlobal('localStorage', {
  getItem: (key: string) => remembered.get(key) ?? null,
  setItem: (key: string, value: string) => remembered.set(key, value),
  removeItem: (key: string) => remembered.delete(key),
});
const { db, readRecord, writeRecord } = await import('../../shared/db');
const { clearAccountData } = await import('../auth/account-data');
const { chooseAccountLanguage } = await import('./language');
const { accountLanguageRecord, preferencesRecord } = await import('./records');
const { DEFAULT_PREFERENCES } = await import('../../../schema/settings-defaults');

const ANNA = 7;
const NOON = new Date('2026-11-28T12:00:00.000Z');

describe('a language chosen while signed in', () => {
  beforeEach(async () => {
    await Promise.all(db.tables.map((table) => table.clear()));
    remembered.clear();
    // Someone chose French on the landing page, signed out: the device's choice.
    await writeRecord(preferencesRecord, { ...DEFAULT_PREFERENCES, language: 'fr' });
  });

  it('is kept under the person and queued for the account, the device’s choice left as it was', async () => {
    expect(await chooseAccountLanguage(ANNA, 'hi', NOON)).toBe(true);
    expect(await readRecord(accountLanguageRecord)).toEqual({ userId: ANNA, language: 'hi', setAt: NOON.toISOString() });
    const rows = await db.outbox.toArray();
    expect(rows.map(({ userId, name, args, status }) => ({ userId, name, args, status }))).toEqual([
      { userId: ANNA, name: 'setLanguage', args: { language: 'hi', setAt: NOON.toISOString() }, status: 'pending' },
    ]);
    expect((await readRecord(preferencesRecord)).language).toBe('fr');
  });

  it('leaves the shared device with the person (and the language remembered for the next start), the device’s choice stays', async () => {
    await chooseAccountLanguage(ANNA, 'ar', NOON);
    remembered.set('chess-locale', 'ar');
    await clearAccountData(ANNA, 'log-out');
    expect(await readRecord(accountLanguageRecord)).toBeNull();
    expect(remembered.has('chess-locale')).toBe(false);
    expect((await readRecord(preferencesRecord)).language).toBe('fr');
  });
});
