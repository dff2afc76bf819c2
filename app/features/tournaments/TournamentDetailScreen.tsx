import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { PageSkeleton } from '../../shared/components/Skeleton';
import { useToast } from '../../shared/components/Toast';
import { dismissEntry, type OutboxEntry, refusalText } from '../../shared/outbox';
import { useTournament, type TournamentSnapshotView } from './tournaments';
import { REGISTRATION_STATUS_WORDS, StatusBadge, TIME_CONTROL_TYPE_LABELS, TOURNAMENT_FORMAT_LABELS, formatDate, labelOf } from './labels';
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
/** The tabs as the reader's language names them (the address keeps the English slug). */
const TAB_LABELS: Readonly<Record<Tab, MessageDescriptor>> = {
  Overview: msg`Overview`,
  Brackets: msg`Brackets`,
  Pairings: msg`Pairings`,
  Standings: msg`Standings`,
  Profiles: msg`Profiles`,
  Registrations: msg`Registrations`,
  Rounds: msg`Rounds`,
  'Rating report': msg`Rating report`,
};

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
          <p><Trans>Error loading the tournament. Please try again later.</Trans></p>
          <button type="button" className="button" onClick={loaded.reload}><Trans>Try again</Trans></button>
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

/** A refused change by its mutation's name. */
const ACTION_LABELS: Readonly<Record<string, MessageDescriptor>> = {
  updateTournament: msg`Tournament change`,
  registerForTournament: msg`Registration`,
  approveRegistration: msg`Approval`,
  rejectRegistration: msg`Rejection`,
  withdrawRegistration: msg`Withdrawal`,
  addLateEntry: msg`Late entry`,
  requestBye: msg`Bye`,
  createRound: msg`New round`,
  publishPairings: msg`Pairings`,
  startRound: msg`Round start`,
  enterResult: msg`Result`,
  correctResult: msg`Correction`,
  resolveDispute: msg`Dispute resolution`,
  issueCertificates: msg`Certificates`,
};

/** Changes made on this device that the server refused: shown with its reason, never dropped silently. */
function RefusedChanges({ entries }: { entries: OutboxEntry[] }) {
  const { i18n, t } = useLingui();
  return (
    <section className="page notice notice--error" role="alert" aria-label={t`Changes the server refused`}>
      <h2><Trans>Changes the server refused</Trans></h2>
      <p><Trans>The tournament now shows what the server has. These changes from this device were not applied:</Trans></p>
      <ul>
        {entries.map((entry) => (
          <li key={entry.seq}>
            {labelOf(i18n, ACTION_LABELS, entry.name)}: {refusalText(entry)}{' '}
            <button type="button" className="link-button" onClick={() => void dismissEntry(entry.seq)}><Trans>Dismiss</Trans></button>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function TournamentNotFound() {
  return (
    <div className="page not-found">
      <h1><Trans>Tournament not found</Trans></h1>
      <p><Trans>The tournament may have been removed, or the link is wrong.</Trans></p>
      <Link to="/tournaments" className="button"><Trans>Back to Tournaments</Trans></Link>
    </div>
  );
}

function TournamentDetail({ view, canEdit, offline, pending }: { view: TournamentSnapshotView; canEdit: boolean; offline: boolean; pending: number }) {
  const { i18n, t } = useLingui();
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
      <section className="stat-cards" aria-label={t`Tournament numbers`}>
        <StatCard label={t`Registered`} value={stats.confirmed} />
        <StatCard label={t`Rounds`} value={view.rounds.length} />
        <StatCard label={t`Pending`} value={stats.pending} />
        <StatCard label={t`Waitlisted`} value={stats.waitlisted} />
      </section>
      <div className="tabs tabs--scroll" role="tablist" aria-label={t`Tournament sections`}>
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
            {i18n._(TAB_LABELS[name])}
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
              <Link className="button" to={`/tournaments/${info.id}/print/standings`}><Trans>Print standings</Trans></Link>
              <Link className="button" to={`/tournaments/${info.id}/print/crosstable`}><Trans>Print crosstable</Trans></Link>
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
  const { i18n, t } = useLingui();
  const { info, stats } = view;
  return (
    <header className="page__header tournament-header">
      <Link to="/tournaments" className="back-link"><Trans>Back to Tournaments</Trans></Link>
      <div className="page__actions">
        <h1 translate="no">{info.name}</h1>
        <StatusBadge status={info.status} />
      </div>
      {info.description && <p className="page__lead">{info.description}</p>}
      <ul className="tournament-header__facts">
        <li>{formatDate(info.startDate)}</li>
        <li>{info.venue || t`TBD`}</li>
        <li>{i18n._(TOURNAMENT_FORMAT_LABELS[info.format])}</li>
        <li>{stats.confirmed} / {info.maxParticipants ?? t`Unlimited`}</li>
      </ul>
      <div className="round-actions">
        {info.status === 'registration_open' && <RegisterButton view={view} />}
        {canEdit && <Link to={`/tournaments/${info.id}/manage`} className="button"><Trans>Manage</Trans></Link>}
      </div>
      {(offline || pending > 0) && (
        <p className="sync-line" role="status">
          {offline ? t`Offline: showing this tournament as stored on this device.` : ''}
          {pending > 0 && <> {t`${plural(pending, { one: '# change waiting to sync.', other: '# changes waiting to sync.' })}`}</>}
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
  const { i18n, t } = useLingui();
  const { info } = view;
  return (
    <>
      <dl className="card facts facts--grid">
        <div><dt><Trans>Format</Trans></dt><dd>{i18n._(TOURNAMENT_FORMAT_LABELS[info.format])}</dd></div>
        <div><dt><Trans>Start date</Trans></dt><dd>{formatDate(info.startDate)}</dd></div>
        <div><dt><Trans>Venue</Trans></dt><dd>{info.venue || t`TBD`}</dd></div>
        <div><dt><Trans>Max participants</Trans></dt><dd>{info.maxParticipants ?? t`Unlimited`}</dd></div>
        <div><dt><Trans>Time control</Trans></dt><dd>{info.timeControl.minutes}+{info.timeControl.increment} ({i18n._(TIME_CONTROL_TYPE_LABELS[info.timeControl.type])})</dd></div>
        <div><dt><Trans>Rounds</Trans></dt><dd>{info.rounds ?? t`Not set`}</dd></div>
      </dl>
      {info.status === 'in_progress' && (
        <section className="card">
          <h2><Trans>Current standings</Trans></h2>
          <StandingsTable view={view} limit={OVERVIEW_STANDINGS} compact />
        </section>
      )}
    </>
  );
}

function RegisterButton({ view }: { view: TournamentSnapshotView }) {
  const { i18n, t } = useLingui();
  const toast = useToast();
  const [pending, setPending] = useState(false);
  if (view.myRegistration) {
    const status = labelOf(i18n, REGISTRATION_STATUS_WORDS, view.myRegistration.status);
    return <span className="badge"><Trans>Your registration: {status}</Trans></span>;
  }
  const register = async () => {
    setPending(true);
    try {
      await view.actions.register();
      toast({ title: t`Registration submitted`, description: t`The organizer will review it.`, variant: 'success' });
    } catch (error) {
      toast({ title: t({ message: 'Registration failed', context: 'tournament' }), description: error instanceof Error ? error.message : t`Please try again.`, variant: 'destructive' });
    } finally {
      setPending(false);
    }
  };
  return <button type="button" className="button button--primary" disabled={pending} onClick={() => void register()}><Trans>Register</Trans></button>;
}
