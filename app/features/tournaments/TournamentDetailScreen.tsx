import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { PageSkeleton } from '../../shared/components/Skeleton';
import { useToast } from '../../shared/components/Toast';
import { dismissEntry, type OutboxEntry, refusalText } from '../../shared/outbox';
import { useTournament, type TournamentSnapshotView } from './tournaments';
import { FORMAT_LABELS } from './create-form';
import { StatusBadge, formatDate } from './labels';
import { MyBoardCard } from './MyBoardCard';
import { BracketsTab, PairingsTab } from './PairingsTabs';
import { ProfilesTab } from './ProfilesTab';
import { RegistrationsTab } from './RegistrationsTab';
import { SchoolTeams } from './SchoolTeams';
import { ResultsNotKept } from './ResultsNotKept';
import { RoundsTab } from './RoundsTab';
import { RatingReportTab, hasRatingReport } from './RatingReport';
import { StandingsTable } from './StandingsTable';
import './tournaments.css';

const PUBLIC_TABS = ['Overview', 'Brackets', 'Pairings', 'Standings', 'Profiles'] as const;
const MANAGER_TABS = ['Registrations', 'Rounds'] as const;
/** Issue 29: the arbiter's rating report, for a Swiss once it runs. */
const RATING_TAB = 'Rating report' as const;
type Tab = (typeof PUBLIC_TABS)[number] | (typeof MANAGER_TABS)[number] | typeof RATING_TAB;
/** A tab's name in the address (?tab=) and in element ids: 'Rating report' is 'rating-report'. */
const tabSlug = (name: Tab) => name.toLowerCase().replaceAll(' ', '-');

/** Standings overview length while in progress (spec section 9). */
const OVERVIEW_STANDINGS = 10;

/** /tournaments/{id}: header, four stat cards, tabs (Registrations and Rounds for managers). */
export default function TournamentDetailScreen() {
  const { id } = useParams();
  const tournamentId = Number(id);
  const loaded = useTournament(Number.isInteger(tournamentId) && tournamentId > 0 ? tournamentId : null);

  if (loaded.status === 'loading') return <PageSkeleton />;
  if (loaded.status === 'notFound') return <TournamentNotFound />;
  if (loaded.status === 'error') {
    return (
      <div className="page">
        <div className="notice notice--error" role="alert">
          <p>Error loading the tournament. Please try again later.</p>
          <button type="button" className="button" onClick={loaded.reload}>Try again</button>
        </div>
      </div>
    );
  }
  return (
    <>
      {loaded.refused.length > 0 && <RefusedChanges entries={loaded.refused} />}
      {loaded.notKept.length > 0 && <ResultsNotKept view={loaded.view} notKept={loaded.notKept} />}
      <TournamentDetail view={loaded.view} canEdit={loaded.view.canManage} offline={loaded.offline} pending={loaded.pendingChanges} />
    </>
  );
}

const ACTION_LABELS: Record<string, string> = {
  updateTournament: 'Tournament change',
  registerForTournament: 'Registration',
  approveRegistration: 'Approval',
  rejectRegistration: 'Rejection',
  withdrawRegistration: 'Withdrawal',
  addLateEntry: 'Late entry',
  requestBye: 'Bye',
  createRound: 'New round',
  publishPairings: 'Pairings',
  startRound: 'Round start',
  enterResult: 'Result',
  correctResult: 'Correction',
  resolveDispute: 'Dispute resolution',
  issueCertificates: 'Certificates',
};

/** Changes made on this device that the server refused: shown with its reason, never dropped silently. */
function RefusedChanges({ entries }: { entries: OutboxEntry[] }) {
  return (
    <section className="page notice notice--error" role="alert" aria-label="Changes the server refused">
      <h2>Changes the server refused</h2>
      <p>The tournament now shows what the server has. These changes from this device were not applied:</p>
      <ul>
        {entries.map((entry) => (
          <li key={entry.seq}>
            {ACTION_LABELS[entry.name] ?? entry.name}: {refusalText(entry)}{' '}
            <button type="button" className="link-button" onClick={() => void dismissEntry(entry.seq)}>Dismiss</button>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function TournamentNotFound() {
  return (
    <div className="page not-found">
      <h1>Tournament not found</h1>
      <p>The tournament may have been removed, or the link is wrong.</p>
      <Link to="/tournaments" className="button">Back to Tournaments</Link>
    </div>
  );
}

function TournamentDetail({ view, canEdit, offline, pending }: { view: TournamentSnapshotView; canEdit: boolean; offline: boolean; pending: number }) {
  const { info, stats } = view;
  const [params, setParams] = useSearchParams();
  const tabs: Tab[] = canEdit ? [...PUBLIC_TABS, ...MANAGER_TABS, ...(hasRatingReport(view) ? [RATING_TAB] : ([] as Tab[]))] : [...PUBLIC_TABS];
  const requested = params.get('tab');
  const tab: Tab = tabs.find((name) => tabSlug(name) === requested) ?? 'Overview';
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const choose = (next: Tab) => setParams((current) => {
    const copy = new URLSearchParams(current);
    copy.set('tab', tabSlug(next));
    return copy;
  }, { replace: true });
  // The chosen tab is never left hidden at the scrolled-away end of the tab row.
  useEffect(() => {
    tabRefs.current[tabs.indexOf(tab)]?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [tab]); // eslint-disable-line react-hooks/exhaustive-deps -- tabs follows canEdit, which the tab already reflects
  const onTabKey = (event: KeyboardEvent, position: number) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const next = (position + step + tabs.length) % tabs.length;
    choose(tabs[next]!);
    tabRefs.current[next]?.focus();
  };

  return (
    // Issue 29: on a phone the Rounds tab is the arbiter's working screen: the header's facts and
    // the number cards step aside (tournaments.css) so board 1 is on the first screen.
    <div className={`page tournament-detail tournament-detail--${tabSlug(tab)}`}>
      <TournamentHeader view={view} canEdit={canEdit} offline={offline} pending={pending} />
      <MyBoardCard view={view} />
      <section className="stat-cards" aria-label="Tournament numbers">
        <StatCard label="Registered" value={stats.confirmed} />
        <StatCard label="Rounds" value={view.rounds.length} />
        <StatCard label="Pending" value={stats.pending} />
        <StatCard label="Waitlisted" value={stats.waitlisted} />
      </section>
      <div className="tabs tabs--scroll" role="tablist" aria-label="Tournament sections">
        {tabs.map((name, position) => (
          <button
            key={name}
            ref={(element) => { tabRefs.current[position] = element; }}
            type="button"
            role="tab"
            id={`tab-${tabSlug(name)}`}
            aria-selected={tab === name}
            aria-controls={`panel-${tabSlug(name)}`}
            tabIndex={tab === name ? 0 : -1}
            className="tabs__tab"
            onClick={() => choose(name)}
            onKeyDown={(event) => onTabKey(event, position)}
          >
            {name}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`panel-${tabSlug(tab)}`} aria-labelledby={`tab-${tabSlug(tab)}`} className="tab-panel">
        {tab === 'Overview' && <OverviewTab view={view} />}
        {tab === 'Brackets' && <BracketsTab view={view} />}
        {tab === 'Pairings' && <PairingsTab view={view} />}
        {tab === 'Standings' && (
          <>
            <div className="print-toolbar">
              <Link className="button" to={`/tournaments/${info.id}/print/standings`}>Print standings</Link>
              <Link className="button" to={`/tournaments/${info.id}/print/crosstable`}>Print crosstable</Link>
            </div>
            <StandingsTable view={view} />
            <SchoolTeams view={view} canEdit={canEdit} />
          </>
        )}
        {tab === 'Profiles' && <ProfilesTab view={view} />}
        {tab === 'Registrations' && canEdit && <RegistrationsTab view={view} />}
        {tab === 'Rounds' && canEdit && <RoundsTab view={view} />}
        {tab === RATING_TAB && canEdit && <RatingReportTab view={view} />}
      </div>
    </div>
  );
}

/** The name and status, the facts, Register and Manage, and how the stored copy stands. */
function TournamentHeader({ view, canEdit, offline, pending }: { view: TournamentSnapshotView; canEdit: boolean; offline: boolean; pending: number }) {
  const { info, stats } = view;
  return (
    <header className="page__header tournament-header">
      <Link to="/tournaments" className="back-link">Back to Tournaments</Link>
      <div className="page__actions">
        <h1>{info.name}</h1>
        <StatusBadge status={info.status} />
      </div>
      {info.description && <p className="page__lead">{info.description}</p>}
      <ul className="tournament-header__facts">
        <li>{formatDate(info.startDate)}</li>
        <li>{info.venue || 'TBD'}</li>
        <li>{FORMAT_LABELS[info.format]}</li>
        <li>{stats.confirmed} / {info.maxParticipants ?? 'Unlimited'}</li>
      </ul>
      <div className="round-actions">
        {info.status === 'registration_open' && <RegisterButton view={view} />}
        {canEdit && <Link to={`/tournaments/${info.id}/manage`} className="button">Manage</Link>}
      </div>
      {(offline || pending > 0) && (
        <p className="sync-line" role="status">
          {offline ? 'Offline: showing this tournament as stored on this device.' : ''}
          {pending > 0 ? ` ${pending} change${pending === 1 ? '' : 's'} waiting to sync.` : ''}
        </p>
      )}
    </header>
  );
}

function StatCard({ label, value }: { label: string; value: number }) {
  return (
    <div className="card stat-card">
      <span className="stat-card__value">{value}</span>
      <span className="stat-card__label">{label}</span>
    </div>
  );
}

function OverviewTab({ view }: { view: TournamentSnapshotView }) {
  const { info } = view;
  return (
    <>
      <dl className="card facts facts--grid">
        <div><dt>Format</dt><dd>{FORMAT_LABELS[info.format]}</dd></div>
        <div><dt>Start date</dt><dd>{formatDate(info.startDate)}</dd></div>
        <div><dt>Venue</dt><dd>{info.venue || 'TBD'}</dd></div>
        <div><dt>Max participants</dt><dd>{info.maxParticipants ?? 'Unlimited'}</dd></div>
        <div><dt>Time control</dt><dd>{info.timeControl.minutes}+{info.timeControl.increment} ({info.timeControl.type})</dd></div>
        <div><dt>Rounds</dt><dd>{info.rounds ?? 'Not set'}</dd></div>
      </dl>
      {info.status === 'in_progress' && (
        <section className="card">
          <h2>Current standings</h2>
          <StandingsTable view={view} limit={OVERVIEW_STANDINGS} compact />
        </section>
      )}
    </>
  );
}

function RegisterButton({ view }: { view: TournamentSnapshotView }) {
  const toast = useToast();
  const [pending, setPending] = useState(false);
  if (view.myRegistration) {
    return <span className="badge">Your registration: {view.myRegistration.status}</span>;
  }
  const register = async () => {
    setPending(true);
    try {
      await view.actions.register();
      toast({ title: 'Registration submitted', description: 'The organizer will review it.', variant: 'success' });
    } catch (error) {
      toast({ title: 'Registration failed', description: error instanceof Error ? error.message : 'Please try again.', variant: 'destructive' });
    } finally {
      setPending(false);
    }
  };
  return <button type="button" className="button button--primary" disabled={pending} onClick={() => void register()}>Register</button>;
}
