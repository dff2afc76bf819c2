import { useEffect } from 'react';
import { placements } from '../../../domain/tournament-admin/standings';
import { Link, useParams, useSearchParams } from 'react-router';
import { PageSkeleton } from '../../shared/components/Skeleton';
import { useTournament, type TournamentSnapshotView } from './tournaments';
import { crosstable, pointsText, provisionalPlayers } from './crosstable';
import { FORMAT_LABELS } from './create-form';
import { formatDate, formatPoints } from './labels';
import { TIE_BREAK_LABELS } from './StandingsTable';
import { TournamentNotFound } from './TournamentDetailScreen';
import { TeamTable, teamRows } from './SchoolTeams';
import { PlayerQr } from './TournamentQr';
import { PROVISIONAL } from './PairingsTabs';
import { RATING_REPORT_NOTE, RatingReportTable, ratingReportRows } from './RatingReport';
import type { RoundView } from './view';
import './tournaments.css';

const VIEWS = { pairings: 'Pairings', standings: 'Standings', crosstable: 'Crosstable', certificates: 'Certificates', teams: 'School team standings', rating: 'Rating report' } as const;
type PrintView = keyof typeof VIEWS;

/**
 * /tournaments/{id}/print/{view}: A4 sheets from the stored snapshot, so they print offline too.
 * Names arrive normalised (snapshotView) and are drawn in <bdi>, so a right-to-left name cannot
 * reorder the rating or the words around it; long ones wrap inside their cell (tournaments.css).
 */
export default function TournamentPrintScreen() {
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
        <Link to={`/tournaments/${view.info.id}`} className="button">Back to the tournament</Link>
        <button type="button" className="button button--primary" onClick={() => window.print()}>Print</button>
      </div>
      <div className="print-sheet" data-testid="print-sheet" tabIndex={0} role="region" aria-label={VIEWS[kind]}>
        {kind === 'pairings' && <PairingsSheet view={view} round={round} />}
        {kind === 'standings' && <StandingsSheet view={view} />}
        {kind === 'crosstable' && <CrosstableSheet view={view} />}
        {kind === 'certificates' && <CertificatesSheet view={view} />}
        {kind === 'rating' && <RatingReportSheet view={view} />}
        {kind === 'teams' && (
          <>
            <h1>{view.info.name}: school team standings</h1>
            {view.info.teamStandings ? <TeamTable view={view} rows={teamRows(view)} print /> : <p>The organiser has not set school team standings.</p>}
          </>
        )}
      </div>
    </div>
  );
}

function SheetHeading({ view, title }: { view: TournamentSnapshotView; title: string }) {
  return (
    <>
      <h1><bdi>{view.info.name}</bdi>: {title}</h1>
      <p>{FORMAT_LABELS[view.info.format]} · <bdi>{view.info.venue || 'TBD'}</bdi> · {formatDate(view.info.startDate)}</p>
    </>
  );
}

export function PairingsSheet({ view, round }: { view: TournamentSnapshotView; round: RoundView | null }) {
  if (!round) return <p>No pairings yet.</p>;
  return (
    <>
      <div className="sheet-heading-with-qr">
        <div>
          <SheetHeading view={view} title={`${round.name} pairings`} />
        </div>
        <figure className="sheet-qr">
          <PlayerQr tournamentId={view.info.id} />
          <figcaption>Scan for your board</figcaption>
        </figure>
      </div>
      <table>
        <thead>
          <tr><th className="num">Board</th><th>White</th><th>Result</th><th>Black</th></tr>
        </thead>
        <tbody>
          {round.pairings.map((pairing) => (
            <tr key={pairing.id}>
              <td className="num">{pairing.boardNumber}</td>
              <td><bdi>{pairing.whitePlayerName}</bdi>{pairing.whitePlayerElo ? ` (${pairing.whitePlayerElo})` : ''}</td>
              <td className="result-box">{pairing.isBye ? (pairing.byeKind === 'half' ? '½' : pairing.byeKind === 'zero' ? '0' : '1') : (pairing.gameResult ? `${pairing.gameResult}${pairing.provisional ? ` ${PROVISIONAL}` : ''}` : '')}</td>
              <td>{pairing.isBye ? 'bye' : <><bdi>{pairing.blackPlayerName ?? ''}</bdi>{pairing.blackPlayerElo ? ` (${pairing.blackPlayerElo})` : ''}</>}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

export function StandingsSheet({ view }: { view: TournamentSnapshotView }) {
  const completed = view.rounds.filter((round) => round.status === 'completed').length;
  const provisional = provisionalPlayers(view.rounds);
  return (
    <>
      <SheetHeading view={view} title={`Standings after round ${completed}`} />
      <table>
        <thead>
          <tr>
            <th className="num">Rank</th><th>Player</th><th className="num">Rating</th><th className="num">Points</th>
            {view.tieBreakNames.map((name) => <th key={name} className="num">{TIE_BREAK_LABELS[name] ?? name}</th>)}
          </tr>
        </thead>
        <tbody>
          {view.standings.map((row) => (
            <tr key={row.userId}>
              <td className="num">{row.rank}</td>
              <td><bdi>{row.username}</bdi></td>
              <td className="num">{row.eloRating ?? ''}</td>
              <td className="num">{pointsText(row.score, provisional.has(row.userId))}</td>
              {row.tieBreaks.map((tieBreak) => (
                <td key={tieBreak.name} className="num">{tieBreak.value === null ? '' : Number.isInteger(tieBreak.value * 2) ? formatPoints(tieBreak.value) || '0' : tieBreak.value.toFixed(2)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

export function CrosstableSheet({ view }: { view: TournamentSnapshotView }) {
  const rows = crosstable(view.standings, view.rounds);
  return (
    <>
      <SheetHeading view={view} title="Crosstable" />
      <table className="crosstable">
        <thead>
          <tr>
            <th>Rank</th><th>Player</th><th>Rating</th>
            {view.rounds.map((round) => <th key={round.id}>{round.roundNumber}</th>)}
            <th>Points</th>
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

const PLACE_NAMES = ['First Place', 'Second Place', 'Third Place'];

export function CertificatesSheet({ view }: { view: TournamentSnapshotView }) {
  const { issueCertificates } = view.actions;
  const total = view.rounds.length;
  const completed = view.info.status === 'completed';
  useEffect(() => {
    // The certificates table records what was issued, once the tournament is over (queued offline).
    if (!completed) return;
    void issueCertificates().catch((error: unknown) => console.error('Could not record the certificates', error));
  }, [issueCertificates, completed]);
  // Issue 20: places only from a completed tournament, one per place (ties split by the tie-breaks).
  if (!completed) return <p>Certificates are printed when the tournament is completed.</p>;
  if (view.standings.length === 0) return <p>No standings yet: certificates are printed from the standings.</p>;
  return (
    <>
      {placements(view.standings).map(({ standing: row, place: position }) => {
        const place = position <= 3 ? PLACE_NAMES[position - 1] : null;
        return (
          <section key={row.userId} className="certificate" aria-label={`Certificate for ${row.username}`}>
            <h2>{place ? `Certificate of Achievement` : 'Certificate of Participation'}</h2>
            <p>This certifies that</p>
            <p className="certificate__name"><bdi>{row.username}</bdi></p>
            <p>{place ? `won ${place}` : 'took part'} in <bdi>{view.info.name}</bdi></p>
            <p>with {formatPoints(row.score) || '0'} points from {total} rounds, finishing {ordinal(position)} of {view.standings.length}.</p>
            <p><bdi>{view.info.venue || ''}</bdi> {formatDate(view.info.endDate)}</p>
          </section>
        );
      })}
    </>
  );
}

function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${['th', 'st', 'nd', 'rd'][n % 10] ?? 'th'}`;
}

/** Issue 29: the rating report on A4 (the organiser's; the screen offers it to managers only). */
function RatingReportSheet({ view }: { view: TournamentSnapshotView }) {
  const completed = view.rounds.filter((round) => round.status === 'completed').length;
  return (
    <>
      <SheetHeading view={view} title={`Rating report after round ${completed}`} />
      <p>{RATING_REPORT_NOTE}</p>
      <RatingReportTable rows={ratingReportRows(view)} print />
    </>
  );
}
