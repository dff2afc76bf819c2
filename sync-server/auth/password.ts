import { randomBytes, timingSafeEqual } from 'node:crypto';
import { PasswordPool, type HashPriority } from './password-pool';

/**
 * Password hashing with scrypt (node:crypto): a random 16-byte salt per password, stored with
 * the parameters so they can be raised later without breaking old hashes:
 * `scrypt$N$r$p$<salt base64>$<hash base64>`. The hashing itself runs on the password pool's
 * threads (./password-pool.ts), never on the event loop or in libuv's shared pool.
 */

const KEY_LENGTH = 64;
const DEFAULT_COST = { N: 16384, r: 8, p: 1 } as const;
const MAX_MEMORY = 64 * 1024 * 1024;

let pool: PasswordPool | undefined;

/** The process's one password pool, started at the first hash. */
export function passwordPool(): PasswordPool {
  pool ??= new PasswordPool();
  return pool;
}

/**
 * Ends the pool's threads (the process is shutting down): a worker's message port can keep Node
 * alive after its last hash. A later hash starts a new pool.
 */
export async function closePasswordPool(): Promise<void> {
  const closing = pool;
  pool = undefined;
  await closing?.close();
}

function scrypt(password: string, salt: Buffer, keyLength: number, cost: { N: number; r: number; p: number }, priority: HashPriority, batch?: object): Promise<Buffer> {
  return passwordPool().hash({ password: password.normalize('NFKC'), salt, keyLength, options: { ...cost, maxmem: MAX_MEMORY } }, priority, batch);
}

function hashWith(password: string, priority: HashPriority, batch?: object): Promise<string> {
  const salt = randomBytes(16);
  const { N, r, p } = DEFAULT_COST;
  return scrypt(password, salt, KEY_LENGTH, DEFAULT_COST, priority, batch).then((key) =>
    ['scrypt', N, r, p, salt.toString('base64'), key.toString('base64')].join('$'),
  );
}

/** One password someone is waiting for (a registration, a reset, a change): ahead of bulk work. */
export function hashPassword(password: string): Promise<string> {
  return hashWith(password, 'interactive');
}

/**
 * The passwords of a pasted class (bulk): behind every sign-in, on part of the pool only, taking
 * turns with other pastes; answered in order.
 */
export function hashPasswords(passwords: readonly string[]): Promise<string[]> {
  const batch = {};
  return Promise.all(passwords.map((password) => hashWith(password, 'bulk', batch)));
}

/** A hash that no password matches: lets a login for an unknown e-mail take as long as any other. */
const DUMMY_HASH = `scrypt$${DEFAULT_COST.N}$${DEFAULT_COST.r}$${DEFAULT_COST.p}$${Buffer.alloc(16).toString('base64')}$${Buffer.alloc(KEY_LENGTH).toString('base64')}`;

/** Constant-time comparison; a missing or malformed hash never matches (but still costs a hash). Interactive. */
export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const parts = (stored ?? DUMMY_HASH).split('$');
  const [kind, n, r, p, salt, hash] = parts.length === 6 ? parts : DUMMY_HASH.split('$');
  if (kind !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const key = await scrypt(password, Buffer.from(salt, 'base64'), expected.length, { N: Number(n), r: Number(r), p: Number(p) }, 'interactive');
  return stored !== null && key.length === expected.length && timingSafeEqual(key, expected);
}
