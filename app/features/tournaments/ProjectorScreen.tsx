import { useEffect, useState, type Dispatch, type SetStateAction } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { PageSkeleton } from '../../shared/components/Skeleton';
import { useTournament, type TournamentSnapshotView } from './tournaments';
import { formatPoints } from './labels';
import { resultText } from './PairingsTabs';
import { TournamentNotFound } from './TournamentDetailScreen';
import { PlayerQr } from './TournamentQr';
import { teamRows } from './SchoolTeams';
import type { TeamStandingRow } from '../../../domain/tournament-admin';
import type { RoundView } from './view';
import './projector.css';

/** Rows one slide shows (readable from the back of a hall at 1080p). */
const ROWS_PER_SLIDE = 12;
/** Names one 'Find your board' slide shows: three columns of 12 (issue 29). */
const NAMES_PER_SLIDE = 36;
/** How long each slide stays up. */
export const SLIDE_MS = 12_000;

/** One line of the 'Find your board' slide: a player, their board and colour. */
export interface BoardFinderRow {
  readonly name: string;
  readonly boardNumber: number;
  /** 'White', 'Black' or 'Bye'. */
  readonly side: string;
}

type Slide =
  | { kind: 'pairings'; round: RoundView; rows: RoundView['pairings'] }
  | { kind: 'find'; round: RoundView; rows: BoardFinderRow[]; first: string; last: string }
  | { kind: 'standings'; rows: TournamentSnapshotView['standings'] }
  | { kind: 'teams'; rows: TeamStandingRow[] };
type SlideSource = Pick<TournamentSnapshotView, 'rounds' | 'standings'> & { teams?: TeamStandingRow[] };

function chunks<T>(items: readonly T[], size = ROWS_PER_SLIDE): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += size) out.push(items.slice(start, start + size));
  return out;
}

/** Every player of a round alphabetically, with their board (issue 29: a child finds theirs at a glance). */
export function boardFinderRows(round: RoundView): BoardFinderRow[] {
  const rows: BoardFinderRow[] = [];
  for (const pairing of round.pairings) {
    rows.push({ name: pairing.whitePlayerName, boardNumber: pairing.boardNumber, side: pairing.isBye ? 'Bye' : 'White' });
    if (!pairing.isBye && pairing.blackPlayerName) rows.push({ name: pairing.blackPlayerName, boardNumber: pairing.boardNumber, side: 'Black' });
  }
  return rows.sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }) || a.boardNumber - b.boardNumber);
}

/**
 * The current round's pairings, then the standings, a page of rows per slide; `show` keeps one
 * of them only (?show=pairings while a round starts, ?show=standings at the prize-giving). When a
 * round has more than 12 boards, 'Find your board' slides (players alphabetically with their
 * board) come first, so no child waits a whole cycle for their board.
 */
export function projectorSlides(view: SlideSource, show: string | null): Slide[] {
  const round = view.rounds.filter((r) => r.pairings.length > 0).at(-1);
  const find: Slide[] =
    round && show !== 'standings' && round.pairings.length > ROWS_PER_SLIDE
      ? chunks(boardFinderRows(round), NAMES_PER_SLIDE).map((rows) => ({ kind: 'find', round, rows, first: rows[0]?.name ?? '', last: rows.at(-1)?.name ?? '' }))
      : [];
  const pairings: Slide[] = round && show !== 'standings' ? chunks(round.pairings).map((rows) => ({ kind: 'pairings', round, rows })) : [];
  const standings: Slide[] = show !== 'pairings' ? chunks(view.standings).map((rows) => ({ kind: 'standings', rows })) : [];
  // Issue 29: the school team standings after the individual ones, when the organiser set them.
  const teams: Slide[] = show !== 'pairings' ? chunks(view.teams ?? []).map((rows) => ({ kind: 'teams', rows })) : [];
  return [...find, ...pairings, ...standings, ...teams];
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
  // Issue 29: the arbiter holds a slide (and steps through them) with the controls on screen.
  const [held, setHeld] = useState(false);
  useEffect(() => {
    if (held) return undefined;
    const timer = setInterval(() => setTick((n) => n + 1), SLIDE_MS);
    return () => clearInterval(timer);
  }, [held]);
  if (loaded.status === 'loading') return <PageSkeleton />;
  if (loaded.status !== 'ready') return <TournamentNotFound />;
  const view = loaded.view;
  const slides = projectorSlides({ ...view, teams: teamRows(view) }, params.get('show'));
  const index = slides.length > 0 ? ((tick % slides.length) + slides.length) % slides.length : 0;
  const slide = slides.length > 0 ? slides[index] : undefined;
  return (
    <main id="main" className="projector" data-testid="projector">
      <header className="projector__header">
        <h1>{view.info.name}</h1>
        <Link to={`/tournaments/${view.info.id}`} className="projector__back">Back</Link>
      </header>
      <div className="projector__slide">
        {!slide && <p className="projector__empty">Pairings appear here once a round is paired.</p>}
        {slide && <SlideView slide={slide} />}
        {slides.length > 1 && <SlideControls held={held} setHeld={setHeld} setTick={setTick} index={index} count={slides.length} />}
      </div>
      <aside className="projector__qr" aria-label="Your board on your phone">
        <PlayerQr tournamentId={view.info.id} />
        <p>Scan for your board</p>
      </aside>
      <p className="projector__address" data-testid="projector-address">{window.location.host}/tournaments/{view.info.id}</p>
    </main>
  );
}

/** One slide, of whichever kind. */
function SlideView({ slide }: { slide: Slide }) {
  if (slide.kind === 'pairings') return <PairingsSlide slide={slide} />;
  if (slide.kind === 'find') return <FindSlide slide={slide} />;
  if (slide.kind === 'teams') return <TeamsSlide slide={slide} />;
  return <StandingsSlide slide={slide} />;
}

function PairingsSlide({ slide }: { slide: Extract<Slide, { kind: 'pairings' }> }) {
  return (
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
  );
}

function FindSlide({ slide }: { slide: Extract<Slide, { kind: 'find' }> }) {
  return (
    <section className="projector__find" aria-label={`${slide.round.name}: find your board`}>
      <h2>Find your board: {slide.round.name}</h2>
      <p className="projector__range">{slide.first} to {slide.last}</p>
      <ol className="projector__names">
        {slide.rows.map((row) => (
          <li key={`${row.name}-${row.boardNumber}-${row.side}`}>
            <bdi>{row.name}</bdi> <span className="projector__board">{row.side === 'Bye' ? 'Bye' : `Board ${row.boardNumber}, ${row.side}`}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}

function TeamsSlide({ slide }: { slide: Extract<Slide, { kind: 'teams' }> }) {
  return (
    <table className="projector__table" aria-label="School team standings">
      <caption>School team standings</caption>
      <thead>
        <tr>
          <th scope="col">Rank</th>
          <th scope="col">School or club</th>
          <th scope="col">Points</th>
        </tr>
      </thead>
      <tbody>
        {slide.rows.map((row) => (
          <tr key={row.organizationId}>
            <td className="num">{row.rank}</td>
            <td><bdi>{row.name}</bdi></td>
            <td className="num">{formatPoints(row.points)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function StandingsSlide({ slide }: { slide: Extract<Slide, { kind: 'standings' }> }) {
  return (
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
  );
}

interface ControlsProps {
  held: boolean;
  setHeld: Dispatch<SetStateAction<boolean>>;
  setTick: Dispatch<SetStateAction<number>>;
  index: number;
  count: number;
}

/** Issue 29: the arbiter holds a slide (and steps through them) with the controls on screen. */
function SlideControls({ held, setHeld, setTick, index, count }: ControlsProps) {
  return (
    <div className="projector__controls" role="group" aria-label="Slides">
      <button type="button" className="button" onClick={() => { setHeld(true); setTick((n) => n - 1); }}>Previous slide</button>
      <button type="button" className="button" aria-pressed={held} onClick={() => setHeld((h) => !h)}>{held ? 'Resume slides' : 'Hold this slide'}</button>
      <button type="button" className="button" onClick={() => { setHeld(true); setTick((n) => n + 1); }}>Next slide</button>
      <span className="projector__page">Slide {index + 1} of {count}{held ? ' (held)' : ''}</span>
    </div>
  );
}
