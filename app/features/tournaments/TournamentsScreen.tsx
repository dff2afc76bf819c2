import { Link } from 'react-router';
import { PageSkeleton } from '../../shared/components/Skeleton';
import { usePermissions } from '../auth';
import { useTournamentList } from './tournaments';
import { FORMAT_LABELS } from './create-form';
import { StatusBadge, formatDate } from './labels';
import { TrfImport } from './TrfImport';
import './tournaments.css';

/** /tournaments: every tournament the user may see, with its status (cancelled too). */
export default function TournamentsScreen() {
  const permissions = usePermissions();
  const list = useTournamentList();

  return (
    <div className="page tournaments">
      <header className="page__header page__actions">
        <div>
          <h1>Tournaments</h1>
          <p className="page__lead">Swiss, round robin and knockout events: register, follow pairings and standings.</p>
        </div>
        {permissions.hasSomewhere('tournament:create') && (
          <div className="round-actions">
            <TrfImport />
            <Link to="/tournaments/create" className="button button--primary">Create Tournament</Link>
          </div>
        )}
      </header>
      {list.status === 'loading' && <PageSkeleton />}
      {list.status === 'error' && (
        <div className="notice notice--error" role="alert">
          <p>Error loading tournaments. Please try again later.</p>
          <button type="button" className="button" onClick={list.reload}>Try again</button>
        </div>
      )}
      {list.status === 'ready' && list.offline && (
        <p className="sync-line" role="status">Offline: showing the tournaments as last loaded.</p>
      )}
      {list.status === 'ready' && list.tournaments.length === 0 && (
        <div className="card empty-state">
          <h2>No tournaments yet</h2>
          <p>Tournaments appear here once an organizer creates them.</p>
        </div>
      )}
      {list.status === 'ready' && list.tournaments.length > 0 && (
        <ul className="tournament-list">
          {list.tournaments.map((tournament) => (
            <li key={tournament.id}>
              <Link to={`/tournaments/${tournament.id}`} className="card tournament-card">
                <div className="page__actions">
                  <h2>{tournament.name}</h2>
                  <StatusBadge status={tournament.status} />
                </div>
                <p>{FORMAT_LABELS[tournament.format]} · {formatDate(tournament.startDate)} · {tournament.venue || 'TBD'}</p>
                {tournament.description && <p>{tournament.description}</p>}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
