import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { pushResponseSchema } from '../../schema';
import { createTestDatabase, type TestDatabase } from '../core/test-db';
import { buildTestApp, registerAccount, saveGameArgs, uuid, type Account } from '../testing/test-server';

// Database set-up and scrypt hashing are slow on a busy machine (and on PostgreSQL).
vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

/**
 * Property: whatever the interleaving of pushes from several clients (batches of any size,
 * out of order, concurrent, answers lost so batches are pushed again), once every client has
 * pushed its whole outbox each game is stored exactly once and the counters match.
 */

let test: TestDatabase;
let app: FastifyInstance;
let accounts: Account[];

beforeAll(async () => {
  test = await createTestDatabase();
  app = buildTestApp(test.database).app;
  accounts = [await registerAccount(app), await registerAccount(app)];
});

afterAll(async () => {
  await app.close();
  await test.remove();
});

interface Client {
  clientId: string;
  account: Account;
  /** Not yet acknowledged: mutation id and game number. */
  outbox: { id: number; game: number }[];
}

const step = fc.record({
  client: fc.nat({ max: 2 }),
  take: fc.integer({ min: 1, max: 6 }),
  reverse: fc.boolean(),
  loseAnswer: fc.boolean(),
});
const scenario = fc.record({
  sizes: fc.tuple(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 12 })),
  // Each round runs its pushes at the same time.
  rounds: fc.array(fc.array(step, { minLength: 1, maxLength: 3 }), { maxLength: 8 }),
});

let run = 0;

async function pushBatch(client: Client, take: number, reverse: boolean, loseAnswer: boolean): Promise<void> {
  const batch = client.outbox.slice(0, take);
  if (batch.length === 0) return;
  if (reverse) batch.reverse();
  const response = await app.inject({
    method: 'POST',
    url: '/api/sync/push',
    headers: { cookie: client.account.cookie },
    payload: { clientId: client.clientId, mutations: batch.map((m) => ({ id: m.id, name: 'saveGame', args: saveGameArgs(uuid(m.game, 0xab), {}) })) },
  });
  expect(response.statusCode, response.body).toBe(200);
  const { results } = pushResponseSchema.parse(response.json());
  expect(results.every((r) => r.status !== 'rejected')).toBe(true);
  if (loseAnswer) return;
  const handled = new Set(results.map((r) => r.id));
  client.outbox = client.outbox.filter((m) => !handled.has(m.id));
}

describe('random interleavings of pushes from several clients', () => {
  it('store every game exactly once', async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async ({ sizes, rounds }) => {
        run += 1;
        let game = run * 1000;
        // Clients 0 and 1 belong to the first account (two devices), client 2 to the second.
        const clients: Client[] = sizes.map((size, index) => ({
          clientId: uuid(run * 10 + index, 0xcc),
          account: accounts[index === 2 ? 1 : 0] as Account,
          outbox: Array.from({ length: size }, (_, i) => ({ id: i + 1, game: game++ })),
        }));
        const expected = clients.map((c) => c.outbox.map((m) => uuid(m.game, 0xab)));
        const before = await Promise.all(accounts.map((a) => totalGames(a.user.id)));

        for (const round of rounds) {
          await Promise.all(round.map((s) => pushBatch(clients[s.client] as Client, s.take, s.reverse, s.loseAnswer)));
        }
        for (const client of clients) {
          while (client.outbox.length > 0) await pushBatch(client, 100, false, false);
        }

        const stored = await test.database.db
          .selectFrom('games')
          .select(['clientGameId', 'userId'])
          .where('clientGameId', 'in', expected.flat())
          .execute();
        expect(stored.map((g) => g.clientGameId).sort()).toEqual(expected.flat().sort());
        const after = await Promise.all(accounts.map((a) => totalGames(a.user.id)));
        expect(after[0]! - before[0]!).toBe(expected[0]!.length + expected[1]!.length);
        expect(after[1]! - before[1]!).toBe(expected[2]!.length);
      }),
      { numRuns: 20 },
    );
  }, 120_000);
});

async function totalGames(userId: number): Promise<number> {
  const row = await test.database.db.selectFrom('users').select('totalGames').where('id', '=', userId).executeTakeFirstOrThrow();
  return row.totalGames;
}
