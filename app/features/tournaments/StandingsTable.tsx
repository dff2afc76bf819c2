import { Trans, useLingui } from '@lingui/react/macro';
import type { TournamentSnapshotView } from './tournaments';
import { pointsText, provisionalPlayers } from './crosstable';
import { formatPoints } from './labels';
import { tieBreakName } from './round-labels';

/** A tie-break's value: in halves as points ('2½'), else with two decimals; '' when there is none. */
export const tieBreakText = (value: number | null, none = '-') => (value === null ? none : Number.isInteger(value * 2) ? formatPoints(value) || '0' : value.toFixed(2));

/** Standings with the section's tie-break columns (all of them, or the top `limit`). */
export function StandingsTable({ view, limit, compact = false }: { view: TournamentSnapshotView; limit?: number; compact?: boolean }) {
  const { t, i18n } = useLingui();
  const rows = limit === undefined ? view.standings : view.standings.slice(0, limit);
  if (rows.length === 0) {
    return (
      <div className="card empty-state">
        <h2><Trans>No standings yet</Trans></h2>
        <p><Trans>Standings appear once the first round has results.</Trans></p>
      </div>
    );
  }
  const tieBreaks = view.tieBreakNames;
  // Issue 29: points that count a disputed result say '(provisional)', as the boards do.
  const provisional = provisionalPlayers(view.rounds);
  return (
    <div className="data-table-wrap" tabIndex={0} role="region" aria-label={t`Standings table`}>
      <table className="data-table">
        <caption className="visually-hidden"><Trans>Standings</Trans></caption>
        <thead>
          <tr>
            <th scope="col" className="num"><Trans>Rank</Trans></th>
            <th scope="col"><Trans>Player</Trans></th>
            <th scope="col" className="num"><Trans>Rating</Trans></th>
            <th scope="col" className="num"><Trans>Points</Trans></th>
            {!compact && <th scope="col" className="num"><Trans>Played</Trans></th>}
            {!compact && <th scope="col" className="num"><Trans comment="Column heading: wins, draws and losses">W-D-L</Trans></th>}
            {!compact && tieBreaks.map((name) => <th key={name} scope="col" className="num">{tieBreakName(i18n, name)}</th>)}
            {!compact && <th scope="col" className="num"><Trans>Performance</Trans></th>}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.userId}>
              <td className="num">{row.rank}</td>
              <td><bdi>{row.username}</bdi></td>
              <td className="num">{row.eloRating ?? '-'}</td>
              <td className="num">{pointsText(i18n, row.score, provisional.has(row.userId))}</td>
              {!compact && <td className="num">{row.gamesPlayed}</td>}
              {!compact && <td className="num">{row.wins}-{row.draws}-{row.losses}</td>}
              {!compact && row.tieBreaks.map((tieBreak) => <td key={tieBreak.name} className="num">{tieBreakText(tieBreak.value)}</td>)}
              {!compact && <td className="num">{row.performance ?? '-'}</td>}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
