import { Link, useParams } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { PageSkeleton } from '../../shared/components/Skeleton';
import { useOrganization } from './organizations';
import { DataAccessLog } from './DataAccessLog';
import { addressLine, organizationTypeLabel, TEAM_ROLE_TITLES } from './org-labels';
import '../tournaments/tournaments.css';

/** /organizations/{id}: the organization, its teams and their members. */
export default function OrganizationDetailScreen() {
  const { i18n } = useLingui();
  const { id } = useParams();
  const organizationId = Number(id);
  const loaded = useOrganization(Number.isInteger(organizationId) && organizationId > 0 ? organizationId : null);
  if (loaded.status === 'loading') return <PageSkeleton />;
  if (loaded.status === 'notFound') {
    return (
      <div className="page not-found">
        <h1><Trans>Organization not found</Trans></h1>
        <Link to="/organizations" className="button"><Trans>Back to Organizations</Trans></Link>
      </div>
    );
  }
  if (loaded.status === 'error') {
    return (
      <div className="page">
        <div className="notice notice--error" role="alert">
          <p><Trans>Failed to fetch organizations</Trans></p>
          <button type="button" className="button" onClick={loaded.reload}><Trans>Try again</Trans></button>
        </div>
      </div>
    );
  }
  const { organization, teams } = loaded.detail;
  return (
    <div className="page organization-detail">
      <header className="page__header">
        <Link to="/organizations" className="back-link"><Trans>Back to Organizations</Trans></Link>
        <div className="page__actions">
          <h1>{organization.name}</h1>
          <span className="badge">{organization.isVerified ? <Trans>Verified</Trans> : <Trans>Pending</Trans>}</span>
        </div>
        <p className="page__lead">{organizationTypeLabel(i18n, organization.type)}</p>
      </header>
      <dl className="card facts">
        {addressLine(organization) && <div><dt><Trans>Address</Trans></dt><dd>{addressLine(organization)}</dd></div>}
        {organization.contactEmail && <div><dt><Trans>Contact email</Trans></dt><dd>{organization.contactEmail}</dd></div>}
      </dl>
      <h2><Trans>Teams</Trans></h2>
      {teams.length === 0 ? (
        <div className="card empty-state">
          <h3><Trans>No teams yet</Trans></h3>
          <p><Trans>Teams of this organization appear here.</Trans></p>
        </div>
      ) : (
        <ul className="org-list">
          {teams.map((team) => (
            <li key={team.id} className="card">
              <h3 translate="no">{team.name}</h3>
              {team.description && <p>{team.description}</p>}
              {team.members.length === 0 ? <p className="sync-line"><Trans>No members yet.</Trans></p> : (
                <ul className="profile-list">
                  {team.members.map((member) => (
                    <li key={member.userId}>{member.username}{member.role !== 'member' && <span className="badge badge--muted">{i18n._(TEAM_ROLE_TITLES[member.role])}</span>}</li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      )}
      <DataAccessLog organizationId={organization.id} />
    </div>
  );
}
