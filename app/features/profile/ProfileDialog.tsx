import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  playerProfileSchema,
  recentGameItemSchema,
  tournamentHistoryItemSchema,
  apiPath,
  historyPaths,
  type PlayerProfile,
  type RecentGameItem,
  type TournamentHistoryItem,
} from '../../../schema';
import { request } from '../../shared/api';
import { useModalDialog } from '../../shared/useModalDialog';
import { formatDuration } from '../games';
import { listFrom, positionBadge, ROLE_BADGE_LABELS, roleBadges } from './profile-view';
import { formatDay } from '../../shared/components/dates';

const TABS = ['Overview', 'Tournaments', 'Recent Games', 'Statistics'] as const;
type Tab = (typeof TABS)[number];
const TAB_LABELS: Readonly<Record<Tab, MessageDescriptor>> = { Overview: msg`Overview`, Tournaments: msg`Tournaments`, 'Recent Games': msg`Recent Games`, Statistics: msg`Statistics` };
const RESULT_LABELS: Readonly<Record<RecentGameItem['result'], MessageDescriptor>> = { win: msg`win`, loss: msg`loss`, draw: msg`draw` };

type Load<T> = { status: 'loading' } | { status: 'error' } | { status: 'ready'; data: T };

/** Loads one of the profile's three calls when first needed. */
function useLoad<T>(path: string | null, read: (body: unknown) => T): Load<T> {
  const [load, setLoad] = useState<Load<T>>({ status: 'loading' });
  useEffect(() => {
    if (path === null) return;
    const controller = new AbortController();
    request(path, { signal: controller.signal })
      .then((response) => response.json())
      .then((body: unknown) => setLoad({ status: 'ready', data: read(body) }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.error(`Failed to load ${path}`, error);
        setLoad({ status: 'error' });
      });
    return () => controller.abort();
    // `read` is a module-level parser; the path alone says what to load.
  }, [path]); // eslint-disable-line react-hooks/exhaustive-deps
  return load;
}

const readProfile = (body: unknown) => playerProfileSchema.parse(body && typeof body === 'object' && 'profile' in body ? body.profile : body);
const readTournaments = (body: unknown) => listFrom(body, tournamentHistoryItemSchema);
const readRecent = (body: unknown) => listFrom(body, recentGameItemSchema);

/**
 * The player profile dialog (desktop only, spec): tabs Overview, Tournaments, Recent Games and
 * Statistics. Contact details appear only when the server sent them (user:view_pii or oneself).
 * Closed by Close or Escape, it gives focus back to what opened it (issue 31).
 */
export default function ProfileDialog({ userId, onClose }: { userId: number; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [tab, setTab] = useState<Tab>('Overview');
  const [opened, setOpened] = useState<ReadonlySet<Tab>>(new Set(['Overview']));
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);

  // Modal, and focus goes back to the header's name when it closes (Close or Escape).
  useModalDialog(ref);

  const profile = useLoad(apiPath(historyPaths.profile, { id: userId }), readProfile);
  const tournaments = useLoad(opened.has('Tournaments') ? apiPath(historyPaths.tournamentHistory, { id: userId }) : null, readTournaments);
  const recent = useLoad(opened.has('Recent Games') || opened.has('Statistics') ? apiPath(historyPaths.recentGames, { id: userId }) : null, readRecent);

  const choose = (next: Tab) => {
    setTab(next);
    setOpened((current) => new Set([...current, next]));
  };

  const onTabKey = (event: KeyboardEvent, position: number) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const next = (position + step + TABS.length) % TABS.length;
    choose(TABS[next]!);
    tabRefs.current[next]?.focus();
  };

  const name = profile.status === 'ready' ? profile.data.username : t`Player profile`;

  return (
    <dialog
      ref={ref}
      className="dialog profile-dialog"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <div className="profile-dialog__head">
        <h2 id={titleId}>{name}</h2>
        <button type="button" className="button" onClick={onClose}><Trans>Close</Trans></button>
      </div>
      <div role="tablist" aria-label={t`Profile sections`} className="tabs">
        {TABS.map((name, position) => (
          <button
            key={name}
            ref={(element) => {
              tabRefs.current[position] = element;
            }}
            type="button"
            role="tab"
            id={`${titleId}-tab-${position}`}
            aria-selected={tab === name}
            aria-controls={`${titleId}-panel`}
            tabIndex={tab === name ? 0 : -1}
            className="tabs__tab"
            onClick={() => choose(name)}
            onKeyDown={(event) => onTabKey(event, position)}
          >
            {i18n._(TAB_LABELS[name])}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${titleId}-panel`} aria-labelledby={`${titleId}-tab-${TABS.indexOf(tab)}`} className="profile-dialog__panel">
        {tab === 'Overview' && <Loaded load={profile}>{(data) => <Overview profile={data} />}</Loaded>}
        {tab === 'Tournaments' && <Loaded load={tournaments}>{(data) => <Tournaments items={data} />}</Loaded>}
        {tab === 'Recent Games' && <Loaded load={recent}>{(data) => <RecentGames items={data} />}</Loaded>}
        {tab === 'Statistics' && (
          <Loaded load={profile}>{(data) => <Statistics profile={data} recent={recent.status === 'ready' ? recent.data : []} />}</Loaded>
        )}
      </div>
    </dialog>
  );
}

function Loaded<T>({ load, children }: { load: Load<T>; children: (data: T) => ReactNode }) {
  const { t } = useLingui();
  if (load.status === 'loading') return <div className="skeleton skeleton--card" role="progressbar" aria-label={t`Loading`} />;
  if (load.status === 'error') return <p role="alert"><Trans>This could not be loaded. Please try again later.</Trans></p>;
  return <>{children(load.data)}</>;
}

function Overview({ profile }: { profile: PlayerProfile }) {
  const { t, i18n } = useLingui();
  const fullName = [profile.firstName, profile.lastName].filter(Boolean).join(' ');
  const contact = [
    [t`Email`, profile.email],
    [t`Phone`, profile.phoneNumber],
    [t`Parent email`, profile.parentEmail],
  ].filter((entry): entry is [string, string] => Boolean(entry[1]));
  return (
    <div className="profile-overview">
      {fullName && <p className="profile-overview__name">{fullName}</p>}
      <p className="badges">
        {roleBadges(profile).map((role) => <span key={role} className="badge">{i18n._(ROLE_BADGE_LABELS[role])}</span>)}
      </p>
      <dl className="facts">
        <div><dt><Trans>Rating</Trans></dt><dd>{profile.eloRating} <span className="badge badge--muted">{profile.isEloCalibrated ? <Trans>Calibrated</Trans> : <Trans>Provisional</Trans>}</span></dd></div>
        <div><dt><Trans>Member since</Trans></dt><dd>{formatDay(profile.createdAt)}</dd></div>
        {profile.federationId && <div><dt><Trans>Federation ID</Trans></dt><dd>{profile.federationId}</dd></div>}
        {profile.dateOfBirth && <div><dt><Trans>Date of birth</Trans></dt><dd>{profile.dateOfBirth}</dd></div>}
      </dl>
      {contact.length > 0 && (
        <>
          <h3><Trans>Contact</Trans></h3>
          <dl className="facts">
            {contact.map(([label, value]) => <div key={label}><dt>{label}</dt><dd>{value}</dd></div>)}
          </dl>
        </>
      )}
    </div>
  );
}

function Tournaments({ items }: { items: TournamentHistoryItem[] }) {
  const { t } = useLingui();
  if (items.length === 0) return <p><Trans>No tournament history yet.</Trans></p>;
  return (
    <ul className="profile-list">
      {items.map((item) => {
        const badge = positionBadge(item.finalPosition);
        const { finalPosition, totalPlayers, score, rounds, performance } = item;
        const top = badge?.top;
        return (
          <li key={item.tournamentId}>
            <strong>{item.tournamentName}</strong>
            {badge && <span className={`badge badge--${badge.tone}`}>{t`Top ${top}`}</span>}
            <span className="field__hint">
              {finalPosition !== null ? t`Place ${finalPosition} of ${totalPlayers}` : t`${plural(totalPlayers, { one: '# player', other: '# players' })}`} · {t`Score ${score}`}
              {rounds !== null ? `/${rounds}` : ''}
              {performance !== null ? ` · ${t`Performance ${performance}`}` : ''}
              {item.tournamentDate ? ` · ${formatDay(item.tournamentDate, { calendarDay: true })}` : ''}
            </span>
          </li>
        );
      })}
    </ul>
  );
}

function RecentGames({ items }: { items: RecentGameItem[] }) {
  const { t, i18n } = useLingui();
  if (items.length === 0) return <p><Trans>No recent games yet.</Trans></p>;
  return (
    <ul className="profile-list">
      {items.map((game) => {
        const { opponent, moves } = game;
        return (
        <li key={game.id}>
          <span className={`result-badge result-badge--${game.result}`}>{i18n._(RESULT_LABELS[game.result])}</span>
          <strong>{t`vs ${opponent}`}</strong>
          <span className="field__hint">
            {t`${plural(moves, { one: '# move', other: '# moves' })}`} · {formatDuration(game.duration)}{game.opening ? ` · ${game.opening}` : ''} · {formatDay(game.date)}
            {game.eloChange !== 0 ? ` · ${game.eloChange > 0 ? '+' : ''}${game.eloChange}` : ''}
          </span>
        </li>
        );
      })}
    </ul>
  );
}

function Statistics({ profile, recent }: { profile: PlayerProfile; recent: RecentGameItem[] }) {
  const wins = recent.filter((game) => game.result === 'win').length;
  return (
    <dl className="facts facts--grid">
      <div><dt><Trans>Games won</Trans></dt><dd>{profile.gamesWon}</dd></div>
      <div><dt><Trans>Current streak</Trans></dt><dd>{profile.currentStreak}</dd></div>
      <div><dt><Trans>Puzzles solved</Trans></dt><dd>{profile.puzzlesSolved}</dd></div>
      <div><dt><Trans>Lessons completed</Trans></dt><dd>{profile.lessonsCompleted}</dd></div>
      {recent.length > 0 && <div><dt><Trans>Recent win rate</Trans></dt><dd>{Math.round((wins / recent.length) * 100)}%</dd></div>}
    </dl>
  );
}
