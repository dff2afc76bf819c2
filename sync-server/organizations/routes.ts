import type { FastifyPluginAsync } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { z } from 'zod';
import {
  addTeamMemberRequestSchema,
  createOrganizationRequestSchema,
  createTeamRequestSchema,
  errorResponseSchema,
  ORGANIZATION_TYPES,
  organizationDetailSchema,
  organizationSchema,
  teamSchema,
  type CreateOrganizationRequest,
  type Organization,
  type Team,
  organizationPaths,
} from '../../schema';
import type { ServerContext } from '../core/context';
import type { Database, UserRow } from '../core/db/types';
import { currentUser } from '../core/plugins/auth';
import { httpError } from '../core/plugins/errors';
import { grantRole } from '../core/rbac/grants';
import { holds, loadAccess, organizationPlace, type Access } from '../core/rbac/tenancy';
import { isGlobalSuperAdmin } from '../../domain/rbac';
import { idParamsSchema, type ZodTypeProvider } from '../core/plugins/zod';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema };
/** Creating an organization is a district's act: org:manage held globally. */
const MANAGE = { permission: 'org:manage' } as const;
/** Changing one: org:manage in that organization's scope (checked in the handler, core/rbac/tenancy.ts). */
const MANAGE_ONE = { permission: 'org:manage', scoped: true } as const;

/** The organization columns the answers show. */
type OrganizationRow = { id: number; name: string; type: string; address: string | null; city: string | null; state: string | null; postalCode: string | null; email: string | null; isVerified: number };

/**
 * Organizations with their teams and members: any signed-in user reads the organizations and
 * their teams that are not classes; the classes, the member lists and the coaches only with
 * org:view_members there; org:manage there changes them (docs/decisions.md, issues 18 and 26).
 * Organizations and teams are two child plugins, registered in this order.
 */
export function organizationRoutes(context: ServerContext): FastifyPluginAsync {
  return async (app) => {
    app.register(organizationListRoutes(context));
    app.register(teamRoutes(context));
  };
}

function organizationListRoutes(context: ServerContext): FastifyPluginAsync {
  const db = context.database.db;
  return async (app) => {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    const params = idParamsSchema;

    routes.get(organizationPaths.list, { config: { auth: 'user' }, schema: { response: { 200: z.array(organizationSchema), ...errors } } }, async () => {
      const rows = await db.selectFrom('organizations').selectAll().orderBy('name').limit(1000).execute();
      return rows.map(toOrganization);
    });

    routes.post(organizationPaths.list, { config: { auth: MANAGE }, schema: { body: createOrganizationRequestSchema, response: { 201: organizationSchema, ...errors } } }, async (request, reply) => {
      const user = currentUser(request);
      const access = await loadAccess(db, user, context.now());
      return reply.code(201).send(toOrganization(await insertOrganization(db, user, access, request.body)));
    });

    routes.get(organizationPaths.organization, { config: { auth: 'user' }, schema: { params, response: { 200: organizationDetailSchema, ...errors } } }, async (request) => {
      const row = await db.selectFrom('organizations').selectAll().where('id', '=', request.params.id).executeTakeFirst();
      if (!row) throw httpError(404, 'ERR_ORGANIZATION_NOT_FOUND');
      // Who belongs to a school, and its classes, are its staff's to read (org:view_members there).
      // Everyone else, its own pupils included, sees its teams that are not classes (a club's
      // squads), without members or coach: a class's name, teacher and size stay the school's
      // (issue 26; a pupil finds their own classes under Classes).
      const staff = await allowedIn(context, currentUser(request), 'org:view_members', row.id);
      let teams = db.selectFrom('teams').select('id').where('organizationId', '=', row.id).where('isActive', '=', 1).orderBy('name');
      if (!staff) teams = teams.where('isClass', '=', 0);
      const detail = await Promise.all((await teams.execute()).map((each) => loadTeam(db, each.id)));
      return { organization: toOrganization(row), teams: staff ? detail : detail.map((each) => ({ ...each, coachId: null, members: [] })) };
    });
  };
}

function teamRoutes(context: ServerContext): FastifyPluginAsync {
  const db = context.database.db;
  return async (app) => {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    const params = idParamsSchema;

    routes.post(organizationPaths.teams, { config: { auth: MANAGE_ONE }, schema: { params, body: createTeamRequestSchema, response: { 201: teamSchema, ...errors } } }, async (request, reply) => {
      const organization = await db.selectFrom('organizations').select('id').where('id', '=', request.params.id).executeTakeFirst();
      if (!organization) throw httpError(404, 'ERR_ORGANIZATION_NOT_FOUND');
      if (!(await allowedIn(context, currentUser(request), 'org:manage', organization.id))) throw httpError(403, 'ERR_FORBIDDEN');
      const row = await db
        .insertInto('teams')
        .values({ name: request.body.name, organizationId: organization.id, coachId: null, description: request.body.description ?? null, maxMembers: request.body.maxMembers })
        .returning('id')
        .executeTakeFirstOrThrow();
      return reply.code(201).send(await loadTeam(db, row.id));
    });

    routes.post(organizationPaths.teamMembers, { config: { auth: MANAGE_ONE }, schema: { params, body: addTeamMemberRequestSchema, response: { 201: teamSchema, ...errors } } }, async (request, reply) => {
      const owner = await db.selectFrom('teams').select('organizationId').where('id', '=', request.params.id).executeTakeFirst();
      if (!owner) throw httpError(404, 'ERR_TEAM_NOT_FOUND');
      if (!(await allowedIn(context, currentUser(request), 'org:manage', owner.organizationId))) throw httpError(403, 'ERR_FORBIDDEN');
      const current = await loadTeam(db, request.params.id);
      const { userId, username, role } = request.body;
      const user = userId !== undefined
        ? await db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst()
        : await db.selectFrom('users').select('id').where(sql<string>`lower(username)`, '=', (username ?? '').toLowerCase()).executeTakeFirst();
      if (!user) throw httpError(404, 'ERR_NO_USER_WITH_NAME');
      if (current.members.some((member) => member.userId === user.id)) throw httpError(409, 'ERR_TEAM_ALREADY_MEMBER');
      if (current.members.length >= current.maxMembers) throw httpError(409, 'ERR_TEAM_FULL');
      await db.insertInto('teamMembers').values({ teamId: current.id, userId: user.id, role, joinedAt: context.now().toISOString() }).execute();
      return reply.code(201).send(await loadTeam(db, current.id));
    });
  };
}

function toOrganization(row: OrganizationRow): Organization {
  return {
    id: row.id,
    name: row.name,
    type: (ORGANIZATION_TYPES as readonly string[]).includes(row.type) ? (row.type as Organization['type']) : 'other',
    address: row.address,
    city: row.city,
    state: row.state,
    zipCode: row.postalCode,
    contactEmail: row.email,
    isVerified: Boolean(row.isVerified),
  };
}

/** Whether the user holds `permission` in the organization (its scoped staff, its own unscoped staff, super admins). */
async function allowedIn(context: ServerContext, user: UserRow, permission: 'org:manage' | 'org:view_members', organizationId: number | null): Promise<boolean> {
  const access = await loadAccess(context.database.db, user, context.now());
  return holds(access, permission, organizationPlace(access, organizationId));
}

async function loadTeam(db: Kysely<Database>, id: number): Promise<Team> {
  const row = await db.selectFrom('teams').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw httpError(404, 'ERR_TEAM_NOT_FOUND');
  const members = await db
    .selectFrom('teamMembers')
    .innerJoin('users', 'users.id', 'teamMembers.userId')
    .select(['teamMembers.userId', 'users.username', 'teamMembers.role', 'teamMembers.joinedAt'])
    .where('teamMembers.teamId', '=', id)
    .where('teamMembers.isActive', '=', 1)
    .orderBy('users.username')
    .execute();
  return teamSchema.parse({
    id: row.id,
    name: row.name,
    organizationId: row.organizationId ?? 0,
    coachId: row.coachId,
    description: row.description,
    maxMembers: row.maxMembers,
    members: members.map((member) => ({ userId: member.userId, username: member.username, role: member.role, joinedAt: member.joinedAt })),
  });
}

/** The new organization, and its creator's organizer grant there. */
function insertOrganization(db: Kysely<Database>, user: UserRow, access: Access, body: CreateOrganizationRequest): Promise<OrganizationRow> {
  return db.transaction().execute(async (trx) => {
    const created = await trx
      .insertInto('organizations')
      .values({
        name: body.name,
        type: body.type,
        address: body.address ?? null,
        city: body.city ?? null,
        state: body.state ?? null,
        postalCode: body.zipCode ?? null,
        email: body.contactEmail ?? null,
        phoneNumber: body.phoneNumber ?? null,
        website: body.website ?? null,
        isVerified: 0,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    // Its creator organises it (a grant scoped to it; `npm run admin -- list` shows it). The
    // district's super admin needs none.
    if (!isGlobalSuperAdmin(access.role, access.grants, access.now)) {
      await grantRole(trx, { userId: user.id, role: 'organizer', scope: `organization:${created.id}`, expiresAt: null, grantedBy: user.id }, access.now);
    }
    return created;
  });
}
