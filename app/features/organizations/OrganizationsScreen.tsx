import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { PageSkeleton } from '../../shared/components/Skeleton';
import { useOrganizationList } from './organizations';
import { usePermissions } from '../auth';
import { addressLine, organizationTypeLabel } from './org-labels';
import '../tournaments/tournaments.css';

/** /organizations: schools and clubs with their type, verification, address and contact e-mail. */
export default function OrganizationsScreen() {
  const { i18n } = useLingui();
  const permissions = usePermissions();
  const list = useOrganizationList();

  return (
    <div className="page organizations">
      <header className="page__header page__actions">
        <div>
          <h1><Trans>Organizations</Trans></h1>
          <p className="page__lead"><Trans>Schools, clubs and centres with their teams.</Trans></p>
        </div>
        {permissions.has('org:manage') && <Link to="/organizations/create" className="button button--primary"><Trans>Add Organization</Trans></Link>}
      </header>
      {list.status === 'loading' && <PageSkeleton />}
      {list.status === 'error' && (
        <div className="notice notice--error" role="alert">
          <p><Trans>Failed to fetch organizations</Trans></p>
          <button type="button" className="button" onClick={list.reload}><Trans>Try again</Trans></button>
        </div>
      )}
      {list.status === 'ready' && list.organizations.length === 0 && (
        <div className="card empty-state">
          <h2><Trans>No organizations yet</Trans></h2>
          <p><Trans>Schools and clubs appear here once they are added.</Trans></p>
        </div>
      )}
      {list.status === 'ready' && list.organizations.length > 0 && (
        <ul className="org-list">
          {list.organizations.map((org) => (
            <li key={org.id}>
              <Link to={`/organizations/${org.id}`} className="card org-card">
                <div className="page__actions">
                  <h2 translate="no">{org.name}</h2>
                  <span className={`badge status-badge status-badge--${org.isVerified ? 'verified' : 'pending'}`}>
                    {org.isVerified ? <Trans>Verified</Trans> : <Trans>Pending</Trans>}
                  </span>
                </div>
                <p>{organizationTypeLabel(i18n, org.type)}</p>
                {addressLine(org) && <p>{addressLine(org)}</p>}
                {org.contactEmail && <p>{org.contactEmail}</p>}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
