import { z } from 'zod';
import { ERROR_TEXTS } from './core/errors';
import { nameField } from './names';

/** Organizations, teams and members (accounts spec sections 3 and 7; the form is ours). */

export const ORGANIZATION_TYPES = ['elementary_school', 'middle_school', 'high_school', 'college', 'chess_club', 'community_center', 'other'] as const;
export type OrganizationType = (typeof ORGANIZATION_TYPES)[number];

export const ORGANIZATION_TYPE_LABELS: Record<OrganizationType, string> = {
  elementary_school: 'Elementary School',
  middle_school: 'Middle School',
  high_school: 'High School',
  college: 'College',
  chess_club: 'Chess Club',
  community_center: 'Community Center',
  other: 'Other',
};

export const TEAM_MEMBER_ROLES = ['member', 'captain', 'coach'] as const;
export const TEAM_MAX_MEMBERS_DEFAULT = 50;

export const ORGANIZATION_MESSAGES = {
  nameRequired: 'Organization name is required',
  emailInvalid: ERROR_TEXTS.ERR_INVALID_EMAIL,
  teamNameRequired: 'Team name is required',
  teamFull: ERROR_TEXTS.ERR_TEAM_FULL,
  alreadyMember: ERROR_TEXTS.ERR_TEAM_ALREADY_MEMBER,
} as const;

/** Organization (client-facing). */
/** The organizations' API addresses (issue 27), written once: registered by sync-server/organizations/routes.ts, filled by the app with apiPath. */
export const organizationPaths = {
  list: '/organizations',
  organization: '/organizations/:id',
  teams: '/organizations/:id/teams',
  teamMembers: '/teams/:id/members',
} as const;

export const organizationSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.enum(ORGANIZATION_TYPES),
  address: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zipCode: z.string().nullable(),
  contactEmail: z.string().nullable(),
  isVerified: z.boolean(),
});
export type Organization = z.infer<typeof organizationSchema>;

const optional = (max: number) => z.string().trim().max(max).nullable().optional();

/** POST /api/organizations */
export const createOrganizationRequestSchema = z.strictObject({
  name: nameField(ORGANIZATION_MESSAGES.nameRequired, 200),
  type: z.enum(ORGANIZATION_TYPES).default('other'),
  address: optional(300),
  city: optional(100),
  state: optional(100),
  zipCode: z.string().trim().max(12).regex(/^[A-Za-z0-9 -]*$/, { error: 'Enter a valid postal code' }).nullable().optional(),
  contactEmail: z.email({ error: ORGANIZATION_MESSAGES.emailInvalid }).max(254).nullable().optional(),
  phoneNumber: z.string().trim().max(20).regex(/^[0-9+() -]*$/, { error: 'Enter a valid phone number' }).nullable().optional(),
  website: optional(300),
});
export type CreateOrganizationRequest = z.infer<typeof createOrganizationRequestSchema>;

export const teamMemberSchema = z.object({
  userId: z.number().int(),
  username: z.string(),
  role: z.enum(TEAM_MEMBER_ROLES),
  joinedAt: z.string(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const teamSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  organizationId: z.number().int(),
  coachId: z.number().int().nullable(),
  description: z.string().nullable(),
  maxMembers: z.number().int(),
  members: z.array(teamMemberSchema),
});
export type Team = z.infer<typeof teamSchema>;

/** GET /api/organizations/{id} */
export const organizationDetailSchema = z.object({ organization: organizationSchema, teams: z.array(teamSchema) });
export type OrganizationDetail = z.infer<typeof organizationDetailSchema>;

/** POST /api/organizations/{id}/teams */
export const createTeamRequestSchema = z.strictObject({
  name: nameField(ORGANIZATION_MESSAGES.teamNameRequired, 100),
  description: optional(500),
  maxMembers: z.number().int().min(1).max(500).default(TEAM_MAX_MEMBERS_DEFAULT),
});

/** POST /api/teams/{id}/members: by user id or username. */
export const addTeamMemberRequestSchema = z.strictObject({
  userId: z.number().int().positive().optional(),
  username: z.string().trim().min(1).max(20).optional(),
  role: z.enum(TEAM_MEMBER_ROLES).default('member'),
}).refine((body) => body.userId !== undefined || body.username !== undefined, { error: 'Choose a user' });
