import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { schoolTeamStandings, type TeamStandingRow } from '../../../domain/tournament-admin';
import { TEAM_TIE_BREAKS, type TeamTieBreak } from '../../../schema';
import type { TournamentSnapshotView } from './tournaments';
import { formatPoints } from './labels';
import { useAction } from './useAction';

export const TEAM_TIE_BREAK_LABELS: Record<TeamTieBreak, string> = {
  places: 'Sum of places (lower first)',
  buchholz: 'Sum of Buchholz (higher first)',
};

/** The school team standings of a tournament whose organiser set them (issue 29), else none. */
export function teamRows(view: Pick<TournamentSnapshotView, 'info' | 'standings' | 'registrations'>): TeamStandingRow[] {
  const settings = view.info.teamStandings;
  return settings ? schoolTeamStandings(view.standings, view.registrations, settings) : [];
}

/** The team table, on the Standings tab and the printed sheet. */
export function TeamTable({ view, rows, print = false }: { view: Pick<TournamentSnapshotView, 'info'>; rows: readonly TeamStandingRow[]; print?: boolean }) {
  const settings = view.info.teamStandings;
  if (!settings) return null;
  return (
    <div className={print ? undefined : 'data-table-wrap'} tabIndex={print ? undefined : 0} role={print ? undefined : 'region'} aria-label={print ? undefined : 'School team standings table'}>
      {/* On the printed sheet, the sheet's own plain table style (black on white). */}
      <table className={print ? undefined : 'data-table'}>
        <caption>School team standings: best {settings.bestOf} of each school or club</caption>
        <thead>
          <tr>
            <th scope="col" className="num">Rank</th>
            <th scope="col">School or club</th>
            <th scope="col" className="num">Points</th>
            <th scope="col" className="num">{settings.tieBreak === 'places' ? 'Sum of places' : 'Sum of Buchholz'}</th>
            <th scope="col">Players counted</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.organizationId}>
              <td className="num">{row.rank}</td>
              <td><bdi>{row.name}</bdi></td>
              <td className="num">{formatPoints(row.points)}</td>
              <td className="num">{formatPoints(row.tieBreak)}</td>
              <td>{row.counted.map((c) => `${c.username} (${formatPoints(c.score)})`).join(', ')}{row.players > row.counted.length ? ` of ${row.players}` : ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Standings tab: the organiser chooses N and the tie-break; everyone sees the table. */
export function SchoolTeams({ view, canEdit }: { view: TournamentSnapshotView; canEdit: boolean }) {
  const settings = view.info.teamStandings;
  const rows = teamRows(view);
  if (!settings && !canEdit) return null;
  return (
    <section className="card" aria-labelledby="school-teams-title">
      <h2 id="school-teams-title">School team standings</h2>
      {canEdit && <TeamSettingsForm view={view} />}
      {settings && rows.length === 0 && (
        <p className="sync-line">{view.standings.length === 0 ? 'Team standings appear once the first round has results.' : 'No player belongs to a school or club yet.'}</p>
      )}
      {settings && rows.length > 0 && (
        <>
          <TeamTable view={view} rows={rows} />
          <Link className="button" to={`/tournaments/${view.info.id}/print/teams`}>Print school team standings</Link>
        </>
      )}
    </section>
  );
}

function TeamSettingsForm({ view }: { view: TournamentSnapshotView }) {
  const { pending, run } = useAction();
  const id = useId();
  const current = view.info.teamStandings;
  const [bestOf, setBestOf] = useState(String(current?.bestOf ?? 3));
  const [tieBreak, setTieBreak] = useState<TeamTieBreak>(current?.tieBreak ?? 'places');
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const n = Number(bestOf);
    if (!/^\d+$/.test(bestOf) || n < 1 || n > 20) {
      setError('Enter how many players count, from 1 to 20');
      return;
    }
    setError(null);
    await run('teams', () => view.actions.update({ teamStandings: { bestOf: n, tieBreak } }), 'School team standings saved', 'Error saving school team standings');
  };
  return (
    <form className="tournament-form__grid" onSubmit={(event) => void submit(event)} noValidate aria-label="School team standings settings">
      <div className="field">
        <label htmlFor={`${id}-n`} className="field__label">Players counted per school or club</label>
        <input id={`${id}-n`} className="input" inputMode="numeric" value={bestOf} onChange={(event) => setBestOf(event.target.value)}
          aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} />
        {error && <p id={`${id}-error`} className="field__error" role="alert">{error}</p>}
      </div>
      <div className="field">
        <label htmlFor={`${id}-tb`} className="field__label">Team tie-break</label>
        <select id={`${id}-tb`} className="input" value={tieBreak} onChange={(event) => setTieBreak(event.target.value as TeamTieBreak)}>
          {TEAM_TIE_BREAKS.map((each) => <option key={each} value={each}>{TEAM_TIE_BREAK_LABELS[each]}</option>)}
        </select>
      </div>
      <div className="field">
        <button type="submit" className="button button--primary" disabled={pending !== null}>{current ? 'Save' : 'Show school team standings'}</button>
      </div>
    </form>
  );
}
