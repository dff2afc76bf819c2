import { useEffect, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { PageSkeleton } from '../../components/Skeleton';
import { useTournament, type TournamentSnapshotView } from '../../data/tournaments';
import { formatPoints } from './labels';
import { resultText } from './PairingsTabs';
import { TournamentNotFound } from './TournamentDetailScreen';
import { PlayerQr } from './TournamentQr';
import type { RoundView } from './view';
import './projector.css';

/** Rows one slide shows (readable from the back of a hall at 1080p). */
const ROWS_PER_SLIDE = 12;
/** How long each slide stays up. */
export const SLIDE_MS = 12_000;

type Slide = { kind: 'pairings'; round: RoundView; rows: RoundView['pairings'] } | { kind: 'standings'; rows: TournamentSnapshotView['standings'] };
type SlideSource = Pick<TournamentSnapshotView, 'rounds' | 'standings'>;

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += ROWS_PER_SLIDE) out.push(items.slice(start, start + ROWS_PER_SLIDE));
  return out;
}

/**
 * The current round's pairings, then the standings, a page of rows per slide; `show` keeps one
 * of them only (?show=pairings while a round starts, ?show=standings at the prize-giving).
 */
export function projectorSlides(view: SlideSource, show: string | null): Slide[] {
  const round = view.rounds.filter((r) => r.pairings.length > 0).at(-1);
  const pairings: Slide[] = round && show !== 'standings' ? chunks(round.pairings).map((rows) => ({ kind: 'pairings', round, rows })) : [];
  const standings: Slide[] = show !== 'pairings' ? chunks(view.standings).map((rows) => ({ kind: 'standings', rows })) : [];
  return [...pairings, ...standings];
}

/**
 * /tournaments/{id}/screen: the projector in the hall. Large type, slides cycling on their own,
 * and live: the screen follows the tournament (useTournament pulls every few seconds), so a
 * result entered on any device shows at the next pull.
 */
export default function ProjectorScreen() {
  const { id } = useParams();
  const tournamentId = Number(id);
  const loaded = useTournament(Number.isInteger(tournamentId) && tournamentId > 0 ? tournamentId : null);
  const [params] = useSearchParams();
  const [tick, setTick] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setTick((n) => n + 1), SLIDE_MS);
    return () => clearInterval(timer);
  }, []);
  if (loaded.status === 'loading') return <PageSkeleton />;
  if (loaded.status !== 'ready') return <TournamentNotFound />;
  const view = loaded.view;
  const slides = projectorSlides(view, params.get('show'));
  const slide = slides.length > 0 ? slides[tick % slides.length] : undefined;
  return (
    <main id="main" className="projector" data-testid="projector">
      <header className="projector__header">
        <h1>{view.info.name}</h1>
        <Link to={`/tournaments/${view.info.id}`} className="projector__back">Back</Link>
      </header>
      <div className="projector__slide">
        {!slide && <p className="projector__empty">Pairings appear here once a round is paired.</p>}
        {slide?.kind === 'pairings' && (
          <table className="projector__table" aria-label={`${slide.round.name} pairings`}>
            <caption>{slide.round.name}: pairings</caption>
            <thead>
              <tr>
                <th scope="col">Board</th>
                <th scope="col">White</th>
                <th scope="col">Result</th>
                <th scope="col">Black</th>
              </tr>
            </thead>
            <tbody>
              {slide.rows.map((pairing) => (
                <tr key={pairing.id}>
                  <td className="num">{pairing.boardNumber}</td>
                  <td><bdi>{pairing.whitePlayerName}</bdi></td>
                  <td className="num">{resultText(pairing)}</td>
                  <td><bdi>{pairing.isBye ? '-' : (pairing.blackPlayerName ?? '')}</bdi></td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {slide?.kind === 'standings' && (
          <table className="projector__table" aria-label="Standings">
            <caption>Standings</caption>
            <thead>
              <tr>
                <th scope="col">Rank</th>
                <th scope="col">Player</th>
                <th scope="col">Points</th>
              </tr>
            </thead>
            <tbody>
              {slide.rows.map((row) => (
                <tr key={row.userId}>
                  <td className="num">{row.rank}</td>
                  <td><bdi>{row.username}</bdi></td>
                  <td className="num">{formatPoints(row.score)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {slides.length > 1 && <p className="projector__page" aria-hidden="true">{(tick % slides.length) + 1} / {slides.length}</p>}
      </div>
      <aside className="projector__qr" aria-label="Your board on your phone">
        <PlayerQr tournamentId={view.info.id} />
        <p>Scan for your board</p>
        <p className="projector__address">{window.location.host}/tournaments/{view.info.id}</p>
      </aside>
    </main>
  );
}
