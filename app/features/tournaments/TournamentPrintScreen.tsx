import { useEffect, type ReactNode } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Plural, SelectOrdinal, Trans, useLingui } from '@lingui/react/macro';
import { placements } from '../../../domain/tournament-admin/standings';
import { Link, useParams, useSearchParams } from 'react-router';
import { formatDay } from '../../shared/components/dates';
import { PageSkeleton } from '../../shared/components/Skeleton';
import { useTournament, type TournamentSnapshotView } from './tournaments';
import { crosstable, pointsText, provisionalPlayers } from './crosstable';
import { TOURNAMENT_FORMAT_LABELS } from './labels';
import { tieBreakName } from './round-labels';
import { tieBreakText } from './StandingsTable';
import { TournamentNotFound } from './TournamentDetailScreen';
import { TeamTable, teamRows } from './SchoolTeams';
import { PlayerQr } from './TournamentQr';
import { provisionalResult } from './PairingsTabs';
import { RATING_REPORT_NOTE, RatingReportTable, ratingReportRows } from './RatingReport';
import type { RoundView } from './view';
import './tournaments.css';

const VIEWS = {
  pairings: msg`Pairings`,
  standings: msg`Standings`,
  crosstable: msg`Crosstable`,
  certificates: msg`Certificates`,
  teams: msg`School team standings`,
  rating: msg`Rating report`,
} as const satisfies Record<string, MessageDescriptor>;
type PrintView = keyof typeof VIEWS;

/** A stored tournament date as a day in the reader's language (readerLocale), 'TBD' when there is none. */
function useSheetDate() {
  const { t } = useLingui();
  return (iso: string | null | undefined) => formatDay(iso, { calendarDay: true }) || t`TBD`;
}

/**
 * /tournaments/{id}/print/{view}: A4 sheets from the stored snapshot, so they print offline too.
 * Names arrive normalised (snapshotView) and are drawn in <bdi>, so a right-to-left name cannot
 * reorder the rating or the words around it; long ones wrap inside their cell (tournaments.css).
 */
export default function TournamentPrintScreen() {
  const { i18n } = useLingui();
  const { id, view: viewName } = useParams();
  const tournamentId = Number(id);
  const loaded = useTournament(Number.isInteger(tournamentId) && tournamentId > 0 ? tournamentId : null);
  const [params] = useSearchParams();
  if (loaded.status === 'loading') return <PageSkeleton />;
  if (loaded.status !== 'ready' || !viewName || !(viewName in VIEWS)) return <TournamentNotFound />;
  const kind = viewName as PrintView;
  const view = loaded.view;
  // The rating report is the organisers' (it reads each player's year of birth).
  if (kind === 'rating' && !view.canManage) return <TournamentNotFound />;
  const round = view.rounds.find((r) => String(r.roundNumber) === params.get('round')) ?? view.rounds.filter((r) => r.pairings.length > 0).at(-1) ?? null;

  return (
    <div className="page print-page">
      <div className="print-toolbar">
        <Link to={`/tournaments/${view.info.id}`} className="button"><Trans>Back to the tournament</Trans></Link>
        <button type="button" className="button button--primary" onClick={() => window.print()}><Trans>Print</Trans></button>
      </div>
      <div className="print-sheet" data-testid="print-sheet" tabIndex={0} role="region" aria-label={i18n._(VIEWS[kind])}>
        {kind === 'pairings' && <PairingsSheet view={view} round={round} />}
        {kind === 'standings' && <StandingsSheet view={view} />}
        {kind === 'crosstable' && <CrosstableSheet view={view} />}
        {kind === 'certificates' && <CertificatesSheet view={view} />}
        {kind === 'rating' && <RatingReportSheet view={view} />}
        {kind === 'teams' && <TeamsSheet view={view} />}
      </div>
    </div>
  );
}

function TeamsSheet({ view }: { view: TournamentSnapshotView }) {
  const tournamentName = view.info.name;
  return (
    <>
      <h1><Trans><bdi>{tournamentName}</bdi>: school team standings</Trans></h1>
      {view.info.teamStandings ? <TeamTable view={view} rows={teamRows(view)} print /> : <p><Trans>The organiser has not set school team standings.</Trans></p>}
    </>
  );
}

/** A sheet's heading: the tournament's name and what the sheet is (`title`, its names in <bdi>). */
function SheetHeading({ view, title }: { view: TournamentSnapshotView; title: ReactNode }) {
  const { t, i18n } = useLingui();
  const sheetDate = useSheetDate();
  const tournamentName = view.info.name;
  return (
    <>
      <h1><Trans><bdi>{tournamentName}</bdi>: {title}</Trans></h1>
      <p>{i18n._(TOURNAMENT_FORMAT_LABELS[view.info.format])} · <bdi>{view.info.venue || t`TBD`}</bdi> · {sheetDate(view.info.startDate)}</p>
    </>
  );
}

/** A board's box on the pairings sheet: a bye's points, a result in notation, blank to write in. */
function resultBox(pairing: RoundView['pairings'][number]): string {
  if (pairing.isBye) return pairing.byeKind === 'half' ? '½' : pairing.byeKind === 'zero' ? '0' : '1';
  return pairing.gameResult ?? '';
}

export function PairingsSheet({ view, round }: { view: TournamentSnapshotView; round: RoundView | null }) {
  const { t, i18n } = useLingui();
  if (!round) return <p><Trans>No pairings yet.</Trans></p>;
  const roundName = round.name;
  return (
    <>
      <div className="sheet-heading-with-qr">
        <div>
          <SheetHeading view={view} title={<Trans><bdi>{roundName}</bdi> pairings</Trans>} />
        </div>
        <figure className="sheet-qr">
          <PlayerQr tournamentId={view.info.id} />
          <figcaption><Trans>Scan for your board</Trans></figcaption>
        </figure>
      </div>
      <table>
        <thead>
          <tr><th className="num"><Trans>Board</Trans></th><th><Trans>White</Trans></th><th><Trans>Result</Trans></th><th><Trans>Black</Trans></th></tr>
        </thead>
        <tbody>
          {round.pairings.map((pairing) => (
            <tr key={pairing.id}>
              <td className="num">{pairing.boardNumber}</td>
              <td><bdi>{pairing.whitePlayerName}</bdi>{pairing.whitePlayerElo ? ` (${pairing.whitePlayerElo})` : ''}</td>
              <td className="result-box">{pairing.provisional && pairing.gameResult && !pairing.isBye ? provisionalResult(i18n, resultBox(pairing)) : resultBox(pairing)}</td>
              <td>{pairing.isBye ? t`bye` : <><bdi>{pairing.blackPlayerName ?? ''}</bdi>{pairing.blackPlayerElo ? ` (${pairing.blackPlayerElo})` : ''}</>}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

export function StandingsSheet({ view }: { view: TournamentSnapshotView }) {
  const { t, i18n } = useLingui();
  const completed = view.rounds.filter((round) => round.status === 'completed').length;
  const provisional = provisionalPlayers(view.rounds);
  return (
    <>
      <SheetHeading view={view} title={t`Standings after round ${completed}`} />
      <table>
        <thead>
          <tr>
            <th className="num"><Trans>Rank</Trans></th><th><Trans>Player</Trans></th><th className="num"><Trans>Rating</Trans></th><th className="num"><Trans>Points</Trans></th>
            {view.tieBreakNames.map((name) => <th key={name} className="num">{tieBreakName(i18n, name)}</th>)}
          </tr>
        </thead>
        <tbody>
          {view.standings.map((row) => (
            <tr key={row.userId}>
              <td className="num">{row.rank}</td>
              <td><bdi>{row.username}</bdi></td>
              <td className="num">{row.eloRating ?? ''}</td>
              <td className="num">{pointsText(i18n, row.score, provisional.has(row.userId))}</td>
              {row.tieBreaks.map((tieBreak) => <td key={tieBreak.name} className="num">{tieBreakText(tieBreak.value, '')}</td>)}
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

export function CrosstableSheet({ view }: { view: TournamentSnapshotView }) {
  const { t, i18n } = useLingui();
  const rows = crosstable(i18n, view.standings, view.rounds);
  return (
    <>
      <SheetHeading view={view} title={t`Crosstable`} />
      <table className="crosstable">
        <thead>
          <tr>
            <th><Trans>Rank</Trans></th><th><Trans>Player</Trans></th><th><Trans>Rating</Trans></th>
            {view.rounds.map((round) => <th key={round.id}>{round.roundNumber}</th>)}
            <th><Trans>Points</Trans></th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.rank + row.name}>
              <td>{row.rank}</td>
              <td style={{ textAlign: 'left' }}><bdi>{row.name}</bdi></td>
              <td>{row.rating ?? ''}</td>
              {row.cells.map((cell, index) => <td key={index}>{cell}</td>)}
              <td>{row.total}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

/** Points on a certificate: the whole number in the reader's digits (Intl), a half as ½ ('2½'). */
function certificatePoints(format: (value: number) => string, score: number): string {
  const whole = Math.floor(score);
  const half = score - whole >= 0.5;
  if (!half) return format(whole);
  return whole === 0 ? '½' : `${format(whole)}½`;
}

/** What the player did: one of the first three places, or took part. */
function PlaceLine({ position, tournamentName }: { position: number; tournamentName: string }) {
  if (position === 1) return <Trans>won First Place in <bdi>{tournamentName}</bdi></Trans>;
  if (position === 2) return <Trans>won Second Place in <bdi>{tournamentName}</bdi></Trans>;
  if (position === 3) return <Trans>won Third Place in <bdi>{tournamentName}</bdi></Trans>;
  return <Trans>took part in <bdi>{tournamentName}</bdi></Trans>;
}

export function CertificatesSheet({ view }: { view: TournamentSnapshotView }) {
  const { t, i18n } = useLingui();
  const sheetDate = useSheetDate();
  const { issueCertificates } = view.actions;
  const total = view.rounds.length;
  const completed = view.info.status === 'completed';
  useEffect(() => {
    // The certificates table records what was issued, once the tournament is over (queued offline).
    if (!completed) return;
    void issueCertificates().catch((error: unknown) => console.error('Could not record the certificates', error));
  }, [issueCertificates, completed]);
  // Issue 20: places only from a completed tournament, one per place (ties split by the tie-breaks).
  if (!completed) return <p><Trans>Certificates are printed when the tournament is completed.</Trans></p>;
  if (view.standings.length === 0) return <p><Trans>No standings yet: certificates are printed from the standings.</Trans></p>;
  const format = (value: number) => i18n.number(value);
  const playerCount = format(view.standings.length);
  const tournamentName = view.info.name;
  return (
    <>
      {placements(view.standings).map(({ standing: row, place: position }) => {
        const username = row.username;
        const points = certificatePoints(format, row.score);
        return (
          <section key={row.userId} className="certificate" aria-label={t`Certificate for ${username}`}>
            <h2>{position <= 3 ? t`Certificate of Achievement` : t`Certificate of Participation`}</h2>
            <p><Trans>This certifies that</Trans></p>
            <p className="certificate__name"><bdi>{username}</bdi></p>
            <p><PlaceLine position={position} tournamentName={tournamentName} /></p>
            <p>
              <Trans>
                with <bdi>{points}</bdi> points from <Plural value={total} one="# round" other="# rounds" />, finishing{' '}
                <SelectOrdinal value={position} one="#st" two="#nd" few="#rd" other="#th" /> of {playerCount}.
              </Trans>
            </p>
            <p><bdi>{view.info.venue || ''}</bdi> {sheetDate(view.info.endDate)}</p>
          </section>
        );
      })}
    </>
  );
}

/** Issue 29: the rating report on A4 (the organiser's; the screen offers it to managers only). */
function RatingReportSheet({ view }: { view: TournamentSnapshotView }) {
  const { t, i18n } = useLingui();
  const completed = view.rounds.filter((round) => round.status === 'completed').length;
  return (
    <>
      <SheetHeading view={view} title={t`Rating report after round ${completed}`} />
      <p>{i18n._(RATING_REPORT_NOTE)}</p>
      <RatingReportTable rows={ratingReportRows(view)} print />
    </>
  );
}
