import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { schoolTeamStandings, type TeamStandingRow } from '../../../domain/tournament-admin';
import { TEAM_TIE_BREAKS, type TeamTieBreak } from '../../../schema';
import type { TournamentSnapshotView } from './tournaments';
import { TEAM_TIE_BREAK_LABELS, formatPoints } from './labels';
import { useAction } from './useAction';

/** The school team standings of a tournament whose organiser set them (issue 29), else none. */
export function teamRows(view: Pick<TournamentSnapshotView, 'info' | 'standings' | 'registrations'>): TeamStandingRow[] {
  const settings = view.info.teamStandings;
  return settings ? schoolTeamStandings(view.standings, view.registrations, settings) : [];
}

/** A team's tie-break column head. */
const TEAM_TIE_BREAK_HEADS = {
  places: msg`Sum of places`,
  buchholz: msg`Sum of Buchholz`,
} as const satisfies Record<TeamTieBreak, MessageDescriptor>;

/** The players a team counted, and of how many when it has more: 'Asha (3), Ben (2½) of 5'. */
function countedText(row: TeamStandingRow): string {
  const counted = row.counted.map((player) => `${player.username} (${formatPoints(player.score)})`).join(', ');
  const players = row.players;
  return row.players > row.counted.length ? i18n._(msg`${counted} of ${players}`) : counted;
}

/**
 * The team table, on the Standings tab and the printed sheet. Its words are read from Lingui's
 * instance: the print sheets draw it outside React's Lingui provider in their tests.
 */
export function TeamTable({ view, rows, print = false }: { view: Pick<TournamentSnapshotView, 'info'>; rows: readonly TeamStandingRow[]; print?: boolean }) {
  const settings = view.info.teamStandings;
  if (!settings) return null;
  const bestOf = settings.bestOf;
  return (
    <div className={print ? undefined : 'data-table-wrap'} tabIndex={print ? undefined : 0} role={print ? undefined : 'region'} aria-label={print ? undefined : i18n._(msg`School team standings table`)}>
      {/* On the printed sheet, the sheet's own plain table style (black on white). */}
      <table className={print ? undefined : 'data-table'}>
        <caption>{i18n._(msg`School team standings: best ${bestOf} of each school or club`)}</caption>
        <thead>
          <tr>
            <th scope="col" className="num">{i18n._(msg`Rank`)}</th>
            <th scope="col">{i18n._(msg`School or club`)}</th>
            <th scope="col" className="num">{i18n._(msg`Points`)}</th>
            <th scope="col" className="num">{i18n._(TEAM_TIE_BREAK_HEADS[settings.tieBreak])}</th>
            <th scope="col">{i18n._(msg`Players counted`)}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.organizationId}>
              <td className="num">{row.rank}</td>
              <td><bdi>{row.name}</bdi></td>
              <td className="num">{formatPoints(row.points)}</td>
              <td className="num">{formatPoints(row.tieBreak)}</td>
              <td>{countedText(row)}</td>
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
  const { t } = useLingui();
  if (!settings && !canEdit) return null;
  return (
    <section className="card" aria-labelledby="school-teams-title">
      <h2 id="school-teams-title"><Trans>School team standings</Trans></h2>
      {canEdit && <TeamSettingsForm view={view} />}
      {settings && rows.length === 0 && (
        <p className="sync-line">{view.standings.length === 0 ? t`Team standings appear once the first round has results.` : t`No player belongs to a school or club yet.`}</p>
      )}
      {settings && rows.length > 0 && (
        <>
          <TeamTable view={view} rows={rows} />
          <Link className="button" to={`/tournaments/${view.info.id}/print/teams`}><Trans>Print school team standings</Trans></Link>
        </>
      )}
    </section>
  );
}

function TeamSettingsForm({ view }: { view: TournamentSnapshotView }) {
  const { i18n, t } = useLingui();
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
      setError(t`Enter how many players count, from 1 to 20`);
      return;
    }
    setError(null);
    await run('teams', () => view.actions.update({ teamStandings: { bestOf: n, tieBreak } }), t`School team standings saved`, t`Error saving school team standings`);
  };
  return (
    <form className="tournament-form__grid" onSubmit={(event) => void submit(event)} noValidate aria-label={t`School team standings settings`}>
      <div className="field">
        <label htmlFor={`${id}-n`} className="field__label"><Trans>Players counted per school or club</Trans></label>
        <input id={`${id}-n`} className="input" inputMode="numeric" value={bestOf} onChange={(event) => setBestOf(event.target.value)}
          aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} />
        {error && <p id={`${id}-error`} className="field__error" role="alert">{error}</p>}
      </div>
      <div className="field">
        <label htmlFor={`${id}-tb`} className="field__label"><Trans>Team tie-break</Trans></label>
        <select id={`${id}-tb`} className="input" value={tieBreak} onChange={(event) => setTieBreak(event.target.value as TeamTieBreak)}>
          {TEAM_TIE_BREAKS.map((each) => <option key={each} value={each}>{i18n._(TEAM_TIE_BREAK_LABELS[each])}</option>)}
        </select>
      </div>
      <div className="field">
        <button type="submit" className="button button--primary" disabled={pending !== null}>{current ? t`Save` : t`Show school team standings`}</button>
      </div>
    </form>
  );
}
