import { useEffect, useState, type Dispatch, type SetStateAction } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
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
  readonly side: 'White' | 'Black' | 'Bye';
}

const SIDE_NAMES: Readonly<Record<BoardFinderRow['side'], MessageDescriptor>> = { White: msg`White`, Black: msg`Black`, Bye: msg`Bye` };

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
  const { t } = useLingui();
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
        <Link to={`/tournaments/${view.info.id}`} className="projector__back"><Trans>Back</Trans></Link>
      </header>
      <div className="projector__slide">
        {!slide && <p className="projector__empty"><Trans>Pairings appear here once a round is paired.</Trans></p>}
        {slide && <SlideView slide={slide} />}
        {slides.length > 1 && <SlideControls held={held} setHeld={setHeld} setTick={setTick} index={index} count={slides.length} />}
      </div>
      <aside className="projector__qr" aria-label={t`Your board on your phone`}>
        <PlayerQr tournamentId={view.info.id} />
        <p><Trans>Scan for your board</Trans></p>
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
  const { t, i18n } = useLingui();
  const roundName = slide.round.name;
  return (
    <table className="projector__table" aria-label={t`${roundName} pairings`}>
      <caption><Trans><bdi>{roundName}</bdi>: pairings</Trans></caption>
      <thead>
        <tr>
          <th scope="col"><Trans>Board</Trans></th>
          <th scope="col"><Trans>White</Trans></th>
          <th scope="col"><Trans>Result</Trans></th>
          <th scope="col"><Trans>Black</Trans></th>
        </tr>
      </thead>
      <tbody>
        {slide.rows.map((pairing) => (
          <tr key={pairing.id}>
            <td className="num">{pairing.boardNumber}</td>
            <td><bdi>{pairing.whitePlayerName}</bdi></td>
            <td className="num">{resultText(pairing, i18n)}</td>
            <td><bdi>{pairing.isBye ? '-' : (pairing.blackPlayerName ?? '')}</bdi></td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function FindSlide({ slide }: { slide: Extract<Slide, { kind: 'find' }> }) {
  const { t, i18n } = useLingui();
  const roundName = slide.round.name;
  const { first, last } = slide;
  const place = ({ boardNumber, side }: BoardFinderRow) => {
    const colour = i18n._(SIDE_NAMES[side]);
    return side === 'Bye' ? colour : t`Board ${boardNumber}, ${colour}`;
  };
  return (
    <section className="projector__find" aria-label={t`${roundName}: find your board`}>
      <h2><Trans>Find your board: <bdi>{roundName}</bdi></Trans></h2>
      <p className="projector__range"><Trans><bdi>{first}</bdi> to <bdi>{last}</bdi></Trans></p>
      <ol className="projector__names">
        {slide.rows.map((row) => (
          <li key={`${row.name}-${row.boardNumber}-${row.side}`}>
            <bdi>{row.name}</bdi> <span className="projector__board">{place(row)}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}

function TeamsSlide({ slide }: { slide: Extract<Slide, { kind: 'teams' }> }) {
  const { t } = useLingui();
  return (
    <table className="projector__table" aria-label={t`School team standings`}>
      <caption><Trans>School team standings</Trans></caption>
      <thead>
        <tr>
          <th scope="col"><Trans>Rank</Trans></th>
          <th scope="col"><Trans>School or club</Trans></th>
          <th scope="col"><Trans>Points</Trans></th>
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
  const { t } = useLingui();
  return (
    <table className="projector__table" aria-label={t`Standings`}>
      <caption><Trans>Standings</Trans></caption>
      <thead>
        <tr>
          <th scope="col"><Trans>Rank</Trans></th>
          <th scope="col"><Trans>Player</Trans></th>
          <th scope="col"><Trans>Points</Trans></th>
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
  const { t } = useLingui();
  const slideNumber = index + 1;
  return (
    <div className="projector__controls" role="group" aria-label={t`Slides`}>
      <button type="button" className="button" onClick={() => { setHeld(true); setTick((n) => n - 1); }}><Trans>Previous slide</Trans></button>
      <button type="button" className="button" aria-pressed={held} onClick={() => setHeld((h) => !h)}>{held ? t`Resume slides` : t`Hold this slide`}</button>
      <button type="button" className="button" onClick={() => { setHeld(true); setTick((n) => n + 1); }}><Trans>Next slide</Trans></button>
      <span className="projector__page">{held ? t`Slide ${slideNumber} of ${count} (held)` : t`Slide ${slideNumber} of ${count}`}</span>
    </div>
  );
}
