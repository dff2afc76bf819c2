import { randomBytes, scryptSync } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BULK_NICE, PasswordPool, type HashPriority, type ScryptRequest } from './password-pool';
import { hashPasswords, verifyPassword } from './password';

vi.setConfig({ testTimeout: 60_000 });

/** A cheap hash (N = 1024): the order of the answers is what these tests look at. */
const request = (password: string): ScryptRequest => ({ password, salt: Buffer.alloc(16, 7), keyLength: 32, options: { N: 1024, r: 8, p: 1, maxmem: 64 * 1024 * 1024 } });

let pools: PasswordPool[] = [];
afterEach(async () => {
  await Promise.all(pools.map((pool) => pool.close()));
  pools = [];
});
const newPool = (size: number, bulkSlots?: number) => {
  const pool = new PasswordPool(size, bulkSlots);
  pools.push(pool);
  return pool;
};

/** Submits the hashes in this order and answers the order their answers came back in. */
async function finishingOrder(pool: PasswordPool, jobs: readonly (readonly [string, HashPriority, object?])[]): Promise<string[]> {
  const order: string[] = [];
  await Promise.all(jobs.map(([name, priority, batch]) => pool.hash(request(name), priority, batch).then(() => order.push(name))));
  return order;
}

describe('the password pool (issue 26)', () => {
  it('answers the scrypt key node:crypto computes', async () => {
    const pool = newPool(2);
    const key = await pool.hash(request('correct horse'), 'interactive');
    expect(key.equals(scryptSync('correct horse', Buffer.alloc(16, 7), 32, { N: 1024, r: 8, p: 1 }))).toBe(true);
  });

  it('runs a sign-in ahead of every queued bulk hash (one thread: the order is exact)', async () => {
    const pool = newPool(1);
    const paste = {};
    const order: string[] = [];
    const hash = (name: string, priority: HashPriority) => pool.hash(request(name), priority, paste).then(() => order.push(name));
    const bulk = ['bulk-1', 'bulk-2', 'bulk-3'].map((name) => hash(name, 'bulk'));
    await Promise.resolve();
    expect(pool.stats().running.bulk).toBe(1);
    await Promise.all([...bulk, hash('sign-in', 'interactive')]);
    // bulk-1 was already hashing; the sign-in overtakes the two still queued.
    expect(order).toEqual(['bulk-1', 'sign-in', 'bulk-2', 'bulk-3']);
  });

  it('lets two pastes take turns, one hash each', async () => {
    const pool = newPool(1);
    const first = {};
    const second = {};
    const order = await finishingOrder(pool, [
      ['a1', 'bulk', first],
      ['a2', 'bulk', first],
      ['a3', 'bulk', first],
      ['b1', 'bulk', second],
      ['b2', 'bulk', second],
    ]);
    expect(order).toEqual(['a1', 'b1', 'a2', 'b2', 'a3']);
  });

  it('keeps threads free of bulk work for sign-ins: a paste uses half the pool', async () => {
    const pool = newPool(2);
    expect(pool.bulkSlots).toBe(1);
    const paste = {};
    const full = { ...request(''), options: { N: 16384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 } };
    const hashes = Array.from({ length: 6 }, (_, i) => pool.hash({ ...full, password: `child-${i}` }, 'bulk', paste));
    await Promise.resolve();
    expect(pool.stats()).toMatchObject({ running: { interactive: 0, bulk: 1 }, queued: { interactive: 0, bulk: 5 } });
    const signIn = pool.hash(request('sign-in'), 'interactive');
    await Promise.resolve();
    expect(pool.stats().running).toEqual({ interactive: 1, bulk: 1 });
    await Promise.all([...hashes, signIn]);
    expect(pool.stats()).toEqual({ running: { interactive: 0, bulk: 0 }, queued: { interactive: 0, bulk: 0 }, done: { interactive: 1, bulk: 6 } });
  });

  it.runIf(existsSync('/proc/self/task'))('runs bulk hashes on threads of a lower OS priority, sign-ins at the process’s own (Linux)', async () => {
    /** The nice value of each of this process's threads (field 19 of /proc/<tid>/stat). */
    const niceValues = () =>
      readdirSync('/proc/self/task').map((tid) => {
        const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
      });
    const before = niceValues().filter((nice) => nice === BULK_NICE).length;
    const pool = newPool(2);
    // Both threads have started once each has hashed (a sign-in on its own thread, a bulk hash on the bulk one).
    await Promise.all([pool.hash(request('sign-in'), 'interactive'), pool.hash(request('child'), 'bulk')]);
    // At least the bulk threads run niced (a niced thread's own helper threads inherit its nice value,
    // so under load the count was once one more); nothing niced at all would fail.
    expect(niceValues().filter((nice) => nice === BULK_NICE).length - before).toBeGreaterThanOrEqual(pool.bulkSlots);
  });

  it('hashes a paste with salts of their own, each verifying only its own password', async () => {
    const passwords = ['tiger-lamp-41', 'river-stone-07'];
    const [first, second] = await hashPasswords(passwords);
    expect(first).not.toBe(second);
    expect(await verifyPassword('tiger-lamp-41', first as string)).toBe(true);
    expect(await verifyPassword('tiger-lamp-41', second as string)).toBe(false);
  });

  it('still verifies a hash made by node:crypto directly (hashes stored before the pool)', async () => {
    const salt = randomBytes(16);
    const key = scryptSync('old password', salt, 64, { N: 16384, r: 8, p: 1 });
    expect(await verifyPassword('old password', ['scrypt', 16384, 8, 1, salt.toString('base64'), key.toString('base64')].join('$'))).toBe(true);
  });

  it('fails the hashes of a closed pool instead of leaving them waiting', async () => {
    const pool = newPool(1);
    const paste = {};
    const hashes = [pool.hash(request('a'), 'bulk', paste), pool.hash(request('b'), 'bulk', paste)].map((hash) => hash.then(() => null, (error: Error) => error.message));
    await pool.close();
    expect(await Promise.all(hashes)).toEqual(['Password pool closed', 'Password pool closed']);
  });
});
