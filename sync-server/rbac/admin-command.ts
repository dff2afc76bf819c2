import type { Kysely } from 'kysely';
import { isRole } from '../../domain/rbac';
import { ROLES } from '../../schema';
import type { Database } from '../core/db/types';
import { grantRole, loadGrants, revokeRole } from '../core/rbac/grants';

/**
 * `npm run admin -- <command>`: grants and revokes roles from the command line, so the first
 * organizer of a fresh install can be made without an admin screen. Pure of process concerns
 * (scripts/admin.ts opens the database and prints); returns the text to print or throws an
 * Error whose message says what was wrong.
 */
export const ADMIN_USAGE = `Usage:
  npm run admin -- grant <email> <role> [--scope <scope>] [--expires <ISO date>]
  npm run admin -- revoke <email> <role> [--scope <scope>]
  npm run admin -- list <email>
  npm run admin -- school <email> <organization id | none>
Roles: ${ROLES.join(', ')}. A scope is e.g. organization:3 or tournament:12. Without one a role
counts at home only (the person's own school, the tournaments they organise); a super_admin
without one counts everywhere. \`school\` sets the organization a person belongs to.`;

/** Where a grant counts, in words (docs/decisions.md, issue 18's tenancy model). */
function placeOf(role: string, scope: string | null): string {
  if (scope !== null) return `in ${scope}`;
  return role === 'super_admin' ? 'everywhere' : 'at home (own school and own tournaments)';
}

interface Parsed {
  command: string;
  positional: string[];
  scope: string | null;
  expires: Date | null;
}

function parse(args: readonly string[]): Parsed {
  const positional: string[] = [];
  let scope: string | null = null;
  let expires: Date | null = null;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (arg === '--scope' || arg === '--expires') {
      const value = args[++i];
      if (value === undefined) throw new Error(`${arg} needs a value.\n\n${ADMIN_USAGE}`);
      if (arg === '--scope') scope = value;
      else {
        expires = new Date(value);
        if (Number.isNaN(expires.getTime())) throw new Error(`--expires must be a date such as 2027-06-30 or 2027-06-30T18:00:00Z, got "${value}".`);
      }
    } else if (arg.startsWith('--')) {
      throw new Error(`Unknown option ${arg}.\n\n${ADMIN_USAGE}`);
    } else {
      positional.push(arg);
    }
  }
  const [command = '', ...rest] = positional;
  return { command, positional: rest, scope, expires };
}

/** Roles go only to addresses someone proved to own (children's data is behind them). */
export function unverifiedMessage(email: string): string {
  return (
    `The e-mail ${email} is not verified, so no role can be granted to it. ` +
    'The person must open the link in the verification e-mail (sent at registration; a new one from /verify-email when signed in).'
  );
}

export async function runAdminCommand(db: Kysely<Database>, args: readonly string[], now: Date): Promise<string> {
  const { command, positional, scope, expires } = parse(args);
  const expected = command === 'list' ? 1 : 2;
  if (!['grant', 'revoke', 'list', 'school'].includes(command) || positional.length !== expected) throw new Error(ADMIN_USAGE);
  const email = (positional[0] as string).trim().toLowerCase();
  const user = await db.selectFrom('users').select(['id', 'username', 'primaryRole', 'emailVerifiedAt']).where('email', '=', email).executeTakeFirst();
  if (!user) throw new Error(`No account has the e-mail ${email}. The person must register first.`);

  if (command === 'school') {
    const value = positional[1] as string;
    const schoolId = value === 'none' ? null : Number(value);
    if (schoolId !== null && !(Number.isInteger(schoolId) && schoolId > 0)) throw new Error(`The organization must be its number (as in /organizations/3) or none, got "${value}".`);
    if (schoolId !== null && !(await db.selectFrom('organizations').select('id').where('id', '=', schoolId).executeTakeFirst())) {
      throw new Error(`No organization has the number ${schoolId}.`);
    }
    await db.updateTable('users').set({ schoolId }).where('id', '=', user.id).execute();
    return schoolId === null ? `${user.username} <${email}> now belongs to no organization.` : `${user.username} <${email}> now belongs to organization:${schoolId}.`;
  }

  if (command === 'list') {
    const grants = await loadGrants(db, user.id);
    const lines = grants.map((g) => {
      const state = !g.isActive ? 'revoked' : g.expiresAt !== null && g.expiresAt <= now ? 'expired' : 'active';
      return `  ${g.role} ${placeOf(g.role, g.scope)}${g.expiresAt ? ` until ${g.expiresAt.toISOString()}` : ''} (${state})`;
    });
    return [`${user.username} <${email}>: primary role ${user.primaryRole}`, ...(lines.length ? lines : ['  no granted roles'])].join('\n');
  }

  const role = positional[1] as string;
  if (!isRole(role)) throw new Error(`Unknown role "${role}". Roles: ${ROLES.join(', ')}.`);
  const where = placeOf(role, scope);
  if (command === 'grant') {
    if (user.emailVerifiedAt === null) throw new Error(unverifiedMessage(email));
    if (expires !== null && expires <= now) throw new Error('--expires is in the past.');
    await grantRole(db, { userId: user.id, role, scope, expiresAt: expires, grantedBy: null }, now);
    return `Granted ${role} ${where} to ${user.username} <${email}>${expires ? ` until ${expires.toISOString()}` : ''}.`;
  }
  if (expires !== null) throw new Error('--expires goes with grant only.');
  const revoked = await revokeRole(db, user.id, role, scope);
  if (revoked === 0) throw new Error(`${user.username} <${email}> holds no active ${role} grant ${where}.`);
  return `Revoked ${role} ${where} from ${user.username} <${email}>.`;
}
