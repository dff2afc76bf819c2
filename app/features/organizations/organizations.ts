/**
 * Organizations for the app: the list and a detail page (with teams and members), stored for
 * offline visits through cached-page.ts; creating one is an online call (org:manage).
 */
import { z } from 'zod';
import { apiPath, organizationDetailSchema, organizationPaths, organizationSchema, type CreateOrganizationRequest, type Organization, type OrganizationDetail } from '../../../schema';
import { requestJson } from '../../shared/api';
import { useCachedPage, storePage, type CachedLoad } from '../../shared/cached-page';

export type OrganizationItem = Organization;
const listSchema = z.array(organizationSchema);
const detailSchema = organizationDetailSchema;

export function useOrganizationList() {
  const load = useCachedPage('organizations', apiPath(organizationPaths.list), listSchema);
  if (load.status !== 'ready') return load.status === 'loading' ? load : { status: 'error' as const, reload: load.reload };
  return { status: 'ready' as const, organizations: load.value, offline: load.offline, reload: load.reload };
}

export type OrganizationLoad =
  | Exclude<CachedLoad<OrganizationDetail>, { status: 'ready' }>
  | { status: 'ready'; detail: OrganizationDetail; offline: boolean; reload: () => void };

export function useOrganization(id: number | null): OrganizationLoad {
  const load = useCachedPage(id === null ? null : `organization:${id}`, id === null ? null : apiPath(organizationPaths.organization, { id }), detailSchema);
  if (load.status !== 'ready') return load;
  const { value, ...rest } = load;
  return { ...rest, detail: value };
}

export async function createOrganization(request: CreateOrganizationRequest): Promise<OrganizationItem> {
  const created = await requestJson(apiPath(organizationPaths.list), organizationSchema, { method: 'POST', body: request });
  await storePage(`organization:${created.id}`, { organization: created, teams: [] });
  return created;
}
