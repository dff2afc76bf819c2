/**
 * bench/password-load: does password hashing hold anyone up? (issue 26) Against the real server
 * as `npm start` runs it (`tsx sync-server/server.ts`, its own process, SQLite in a fresh
 * folder), three scenarios, each while three loops run back to back from other addresses:
 * GET /api/health, a child's sign-in (a real scrypt check each time) and another child's
 * settings save (a write, so an fsync before its answer):
 *
 * 1. a teacher pastes 100 names into a class (POST /api/classes/{id}/students: 100 hashes);
 * 2. a forged push of 2 addClassStudents of 100 children each to a class that is already full;
 * 3. a forged push of 100 such mutations (the most one push carries).
 *
 * It prints each loop's p50/p99/max in ms, timed at the client, and how long the scenario took.
 * The target: /api/health and a sign-in under 200 ms throughout.
 *
 *   npx tsx bench/password-load.ts [--port 4393] [--big-push 100]
 *
 * The machine has 2 cores shared with other work; the client runs on them too.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { generatePassword } from '../domain/classes';
import { classCredentialsSchema, classSummarySchema, DEFAULT_CHESS_SETTINGS, pushResponseSchema, type ClassCredential } from '../schema';
import { openDatabase } from '../sync-server/core/db/connect';
import { expectStatus, startServer, verifiedOrganiser, type Call } from './server-process';

const { values } = parseArgs({ options: { port: { type: 'string', default: '4393' }, 'big-push': { type: 'string', default: '100' } } });
/** Scenario 3's mutations (0 skips it: before issue 26 it hashed 10,000 passwords, minutes). */
const BIG_PUSH = Number(values['big-push']);

const percentile = (sorted: readonly number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? NaN;
const random = (max: number) => randomInt(max);

const server = await startServer({ port: Number(values.port), name: 'password-load', apiOnly: true });
const call: Call = server.call;
try {
  const teacher = await verifiedOrganiser(server, 'BenchTeacher', 'bench-teacher@example.org');
  // The school, and the teacher's own school set to it (an unscoped organiser is staff at home).
  const seedDb = await openDatabase({ dataDir: server.dataDir, migrate: false });
  const organizationId = (await seedDb.db.insertInto('organizations').values({ name: 'Bench School', type: 'elementary_school' }).returning('id').executeTakeFirstOrThrow()).id;
  await seedDb.db.updateTable('users').set({ schoolId: organizationId }).where('email', '=', 'bench-teacher@example.org').execute();
  await seedDb.close();

  async function newClass(name: string, maxMembers: number, names: readonly string[]): Promise<{ classId: number; cards: ClassCredential[] }> {
    const made = await call('POST', '/api/classes', { organizationId, name, maxMembers }, teacher);
    expectStatus(made, 201, 'create class');
    const classId = classSummarySchema.parse(JSON.parse(made.body)).id;
    const added = await call('POST', `/api/classes/${classId}/students`, { names }, teacher);
    expectStatus(added, 201, 'add students');
    return { classId, cards: classCredentialsSchema.parse(JSON.parse(added.body)).credentials };
  }

  // The two children of the loops, in a class of their own; a class for the paste; a full one for the pushes.
  const { cards } = await newClass('Loop class', 10, ['Sam Saver', 'Sia Signer']);
  const [saver, signer] = cards as [ClassCredential, ClassCredential];
  const signedIn = await call('POST', '/api/auth/login', { username: saver.username, password: saver.password }, undefined, '127.0.0.2');
  expectStatus(signedIn, 200, 'sign in the saver');
  const saverCookie = signedIn.cookie as string;
  const { classId: pasteClass } = await newClass('Paste class', 120, ['First Child']);
  const { classId: fullClass } = await newClass('Full class', 2, ['One Child', 'Two Child']);

  const loops = {
    health: () => call('GET', '/api/health', undefined, undefined, '127.0.0.3'),
    'sign-in': () => call('POST', '/api/auth/login', { username: signer.username, password: signer.password }, undefined, '127.0.0.4'),
    'settings save': () => call('PUT', '/api/settings', { settings: { ...DEFAULT_CHESS_SETTINGS, hintsEnabled: random(2) === 0 }, updatedAt: new Date().toISOString() }, saverCookie, '127.0.0.2'),
  };

  /** Runs `work` while each loop calls back to back; answers each loop's times (ms) and how long `work` took. */
  async function during(work: () => Promise<void>): Promise<{ ms: number; times: Record<string, number[]> }> {
    let running = true;
    const times: Record<string, number[]> = {};
    const loopers = Object.entries(loops).map(async ([name, once]) => {
      const list: number[] = (times[name] = []);
      while (running) {
        const start = performance.now();
        const answer = await once();
        if (answer.status !== 200) throw new Error(`${name}: ${answer.status} ${answer.body.slice(0, 200)}`);
        list.push(performance.now() - start);
      }
    });
    const start = performance.now();
    await work();
    const ms = performance.now() - start;
    running = false;
    await Promise.all(loopers);
    return { ms, times };
  }

  function report(scenario: string, result: { ms: number; times: Record<string, number[]> }): void {
    console.log(`\n${scenario}: ${result.ms.toFixed(0)} ms`);
    for (const [name, list] of Object.entries(result.times)) {
      const sorted = [...list].sort((a, b) => a - b);
      console.log(
        `  ${name.padEnd(14)} n=${String(sorted.length).padStart(4)}  p50 ${percentile(sorted, 0.5).toFixed(1)} ms  p99 ${percentile(sorted, 0.99).toFixed(1)} ms  max ${(sorted.at(-1) ?? NaN).toFixed(1)} ms`,
      );
    }
  }

  const children = (prefix: string) =>
    Array.from({ length: 100 }, (_, index) => ({ realName: `${prefix}${index} Child`, username: `${prefix}${index}C`, password: generatePassword(random) }));
  const forgedPush = (mutations: number) => async () => {
    const answer = await call(
      'POST',
      '/api/sync/push',
      {
        protocol: 3,
        clientId: randomUUID(),
        mutations: Array.from({ length: mutations }, (_, index) => ({ id: index + 1, name: 'addClassStudents', args: { classId: fullClass, students: children(`F${mutations}x${index}x`) } })),
      },
      teacher,
    );
    expectStatus(answer, 200, 'push');
    const results = pushResponseSchema.parse(JSON.parse(answer.body)).results;
    if (results.length !== mutations || results.some((result) => result.status !== 'rejected')) throw new Error(`push: ${answer.body.slice(0, 300)}`);
  };

  console.log(`password-load: load average ${loadavg().map((value) => value.toFixed(1)).join(' ')}`);
  report('idle (1.5 s)', await during(() => new Promise((resolve) => setTimeout(resolve, 1500))));
  report(
    'a 100-name paste',
    await during(async () => {
      const names = Array.from({ length: 100 }, (_, index) => `Pasted${index} Child`);
      expectStatus(await call('POST', `/api/classes/${pasteClass}/students`, { names }, teacher), 201, 'paste');
    }),
  );
  report('a push of 2 x 100 children to a full class', await during(forgedPush(2)));
  if (BIG_PUSH > 0) report(`a push of ${BIG_PUSH} x 100 children to a full class`, await during(forgedPush(BIG_PUSH)));
} finally {
  await server.stop();
}
