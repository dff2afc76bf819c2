import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { PageSkeleton } from '../../shared/components/Skeleton';
import { usePermissions } from '../auth';
import { useTournamentList } from './tournaments';
import { StatusBadge, TOURNAMENT_FORMAT_LABELS, formatDate } from './labels';
import { TrfImport } from './TrfImport';
import './tournaments.css';

/** /tournaments: every tournament the user may see, with its status (cancelled too). */
export default function TournamentsScreen() {
  const { i18n, t } = useLingui();
  const permissions = usePermissions();
  const list = useTournamentList();

  return (
    <div className="page tournaments">
      <header className="page__header page__actions">
        <div>
          <h1><Trans>Tournaments</Trans></h1>
          <p className="page__lead"><Trans>Swiss, round robin and knockout events: register, follow pairings and standings.</Trans></p>
        </div>
        {permissions.hasSomewhere('tournament:create') && (
          <div className="round-actions">
            <TrfImport />
            <Link to="/tournaments/create" className="button button--primary"><Trans>Create Tournament</Trans></Link>
          </div>
        )}
      </header>
      {list.status === 'loading' && <PageSkeleton />}
      {list.status === 'error' && (
        <div className="notice notice--error" role="alert">
          <p><Trans>Error loading tournaments. Please try again later.</Trans></p>
          <button type="button" className="button" onClick={list.reload}><Trans>Try again</Trans></button>
        </div>
      )}
      {list.status === 'ready' && list.offline && (
        <p className="sync-line" role="status"><Trans>Offline: showing the tournaments as last loaded.</Trans></p>
      )}
      {list.status === 'ready' && list.tournaments.length === 0 && (
        <div className="card empty-state">
          <h2><Trans>No tournaments yet</Trans></h2>
          <p><Trans>Tournaments appear here once an organizer creates them.</Trans></p>
        </div>
      )}
      {list.status === 'ready' && list.tournaments.length > 0 && (
        <ul className="tournament-list">
          {list.tournaments.map((tournament) => (
            <li key={tournament.id}>
              <Link to={`/tournaments/${tournament.id}`} className="card tournament-card">
                <div className="page__actions">
                  <h2 translate="no">{tournament.name}</h2>
                  <StatusBadge status={tournament.status} />
                </div>
                <p>{i18n._(TOURNAMENT_FORMAT_LABELS[tournament.format])} · {formatDate(tournament.startDate)} · {tournament.venue ? <span translate="no">{tournament.venue}</span> : t`TBD`}</p>
                {tournament.description && <p translate="no">{tournament.description}</p>}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
