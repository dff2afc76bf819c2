/**
 * Set-up for the tournament scenarios: players made through the public API (register, then the
 * onboarding's completion), and the organizer role granted with the operator's own tool,
 * `npm run admin -- grant` (scripts/admin.ts) on the test server's database, as a real install
 * makes its first organizer. No test-only route exists in the server.
 */
import { execFileSync } from 'node:child_process';
import { expect, request as playwrightRequest, type APIRequestContext, type Page } from '@playwright/test';
import { expectAccessible as expectAccessibleOn } from './axe';
import { newAccount, verificationLinkFor } from './helpers';

export interface Player {
  id: number;
  username: string;
  email: string;
  password: string;
  api: APIRequestContext;
}

export async function makePlayer(baseURL: string, prefix = 'p'): Promise<Player> {
  const account = newAccount(prefix);
  const api = await playwrightRequest.newContext({ baseURL });
  const registered = await api.post('/api/auth/register', { data: account });
  expect(registered.status(), await registered.text()).toBeLessThan(300);
  const body = (await registered.json()) as { id?: number; user?: { id: number } };
  const id = body.user?.id ?? body.id;
  expect((await api.post('/api/onboarding/complete')).ok()).toBe(true);
  return { id: id as number, ...account, api };
}

/**
 * `npm run admin -- grant <email> <role>` on the e2e server's data directory. Roles go only to
 * verified addresses, so the person first opens the link of their verification e-mail. With a
 * scope (`tournament:12`) the role holds for that record only (a second arbiter of one event).
 */
export async function grantRole(email: string, role: 'organizer' | 'super_admin' | 'teacher', scope?: string): Promise<void> {
  const link = new URL(await verificationLinkFor(email));
  const api = await playwrightRequest.newContext({ baseURL: link.origin });
  try {
    const verified = await api.post('/api/auth/verify-email', { data: { token: link.searchParams.get('token') } });
    expect(verified.ok()).toBe(true);
  } finally {
    await api.dispose();
  }
  // Node with tsx's loader, not `npx tsx`: npx's own start cost 0.7 s of CPU a call (36 calls).
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/admin.ts', 'grant', email, role, ...(scope === undefined ? [] : ['--scope', scope])], {
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR ?? '' },
    stdio: 'pipe',
  });
}

/** Signs a page in with the player's account (cookies of a fresh sign-in, through the form). */
export async function signIn(page: Page, player: { email: string; password: string }): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(player.email);
  await page.getByLabel('Password', { exact: true }).fill(player.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText('Welcome back!')).toBeVisible();
}

/** No serious or critical axe violation on the tournament screen as it is now (./axe.ts's rules). */
export const expectAccessible = (page: Page): Promise<void> => expectAccessibleOn(page, 'a tournament screen');

async function apiOk<T = { id: number }>(api: APIRequestContext, method: 'post' | 'patch' | 'put', url: string, data?: unknown): Promise<T> {
  const response = await api[method](url, data === undefined ? {} : { data });
  expect(response.status(), `${method.toUpperCase()} ${url}: ${await response.text()}`).toBeLessThan(300);
  return (await response.json()) as T;
}

interface StartedSwiss {
  id: number;
  roundId: number;
  /** Round 1's boards; a bye has no game. */
  pairings: { gameId: number | null }[];
}

/**
 * A Swiss in progress set up through the public API, as an organiser's screens would: the players
 * registered (with `registration`, e.g. a section) and approved, registration closed, round 1
 * paired and started.
 */
export async function startedSwiss(organiser: Player, players: Player[], options: { name: string; venue?: string; rounds?: number; timeControl?: { type: string; minutes: number; increment: number }; registration?: object }): Promise<StartedSwiss> {
  const { id } = await apiOk(organiser.api, 'post', '/api/tournaments', {
    name: options.name,
    ...(options.venue === undefined ? {} : { venue: options.venue }),
    startDate: '2026-12-05T09:00:00.000Z',
    endDate: '2026-12-05T18:00:00.000Z',
    registrationStartDate: '2026-11-01T00:00:00.000Z',
    registrationEndDate: '2026-12-04T00:00:00.000Z',
    timeControl: options.timeControl ?? { type: 'rapid', minutes: 15, increment: 10 },
    rounds: options.rounds ?? 3,
  });
  await apiOk(organiser.api, 'patch', `/api/tournaments/${id}`, { status: 'registration_open' });
  for (const player of players) {
    const registration = await apiOk(player.api, 'post', `/api/tournaments/${id}/register`, options.registration ?? {});
    await apiOk(organiser.api, 'put', `/api/registrations/${registration.id}/approve`);
  }
  for (const status of ['registration_closed', 'in_progress']) await apiOk(organiser.api, 'patch', `/api/tournaments/${id}`, { status });
  const round = await apiOk(organiser.api, 'post', `/api/tournaments/${id}/rounds`, { roundNumber: 1, name: 'Round 1' });
  const { pairings } = await apiOk<{ pairings: { gameId: number | null }[] }>(organiser.api, 'post', `/api/rounds/${round.id}/pairings`, {});
  await apiOk(organiser.api, 'put', `/api/rounds/${round.id}/start`);
  return { id, roundId: round.id, pairings };
}
