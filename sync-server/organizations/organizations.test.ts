import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { organizationDetailSchema, organizationSchema, teamSchema } from '../../schema';
import { createTestDatabase, type TestDatabase } from '../core/test-db';
import { accountWithRole, buildTestApp, expectJsonError, registerAccount, type Account } from '../testing/test-server';

vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

let test: TestDatabase;
let app: FastifyInstance;
let organizer: Account;
let student: Account;

beforeAll(async () => {
  test = await createTestDatabase();
  app = buildTestApp(test.database).app;
  await app.ready();
  organizer = await accountWithRole(app, test.database, 'organizer');
  student = await registerAccount(app);
});

afterAll(async () => {
  await app.close();
  await test.remove();
});

const post = (account: Account, url: string, payload: object) => app.inject({ method: 'POST', url, headers: { cookie: account.cookie }, payload });

describe('organizations, teams and members', () => {
  it('lists nothing, then the created organization (pending), with its teams and members', async () => {
    expect((await app.inject({ url: '/api/organizations', headers: { cookie: student.cookie } })).json()).toEqual([]);
    const created = await post(organizer, '/api/organizations', { name: 'Bangalore Chess Club', type: 'chess_club', address: '1 MG Road', city: 'Bengaluru', state: 'KA', zipCode: '560001', contactEmail: 'club@example.com' });
    expect(created.statusCode, created.body).toBe(201);
    const organization = organizationSchema.parse(created.json());
    expect(organization).toMatchObject({ type: 'chess_club', isVerified: false, contactEmail: 'club@example.com', zipCode: '560001' });
    const team = teamSchema.parse((await post(organizer, `/api/organizations/${organization.id}/teams`, { name: 'Juniors', maxMembers: 1 })).json());
    expect(team.maxMembers).toBe(1);
    expect((await post(organizer, `/api/teams/${team.id}/members`, { username: student.user.username })).statusCode).toBe(201);
    expect(expectJsonError(await post(organizer, `/api/teams/${team.id}/members`, { userId: student.user.id }), 409)).toBe('Already a member of this team');
    expect(expectJsonError(await post(organizer, `/api/teams/${team.id}/members`, { userId: organizer.user.id }), 409)).toBe('This team is full');
    // Its creator organises it (org:view_members there); a student sees the teams, not who is in them.
    const detail = organizationDetailSchema.parse((await app.inject({ url: `/api/organizations/${organization.id}`, headers: { cookie: organizer.cookie } })).json());
    expect(detail.teams.map((each) => [each.name, each.members.map((member) => member.username)])).toEqual([['Juniors', [student.user.username]]]);
    const outside = organizationDetailSchema.parse((await app.inject({ url: `/api/organizations/${organization.id}`, headers: { cookie: student.cookie } })).json());
    expect(outside.teams.map((each) => [each.name, each.members])).toEqual([['Juniors', []]]);
  });

  it('refuses a bad form with the messages, and a student', async () => {
    expect(expectJsonError(await post(organizer, '/api/organizations', { name: '' }), 400)).toMatch(/Organization name is required/);
    expect(expectJsonError(await post(organizer, '/api/organizations', { name: 'X', contactEmail: 'not-an-email' }), 400)).toMatch(/Please enter a valid email address/);
    expect((await post(student, '/api/organizations', { name: 'Mine' })).statusCode).toBe(403);
  });
});
