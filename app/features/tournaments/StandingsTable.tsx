import type { TournamentSnapshotView } from './tournaments';
import { pointsText, provisionalPlayers } from './crosstable';
import { formatPoints } from './labels';

export const TIE_BREAK_LABELS: Record<string, string> = {
  buchholz: 'Buchholz',
  buchholz_cut1: 'Buchholz Cut 1',
  sonneborn_berger: 'Sonneborn-Berger',
  head_to_head: 'Direct encounter',
  aro: 'Average rating of opponents',
  tpr: 'Performance',
};

const tieBreakText = (value: number | null) => (value === null ? '-' : Number.isInteger(value * 2) ? formatPoints(value) : value.toFixed(2));

/** Standings with the section's tie-break columns (all of them, or the top `limit`). */
export function StandingsTable({ view, limit, compact = false }: { view: TournamentSnapshotView; limit?: number; compact?: boolean }) {
  const rows = limit === undefined ? view.standings : view.standings.slice(0, limit);
  if (rows.length === 0) {
    return (
      <div className="card empty-state">
        <h2>No standings yet</h2>
        <p>Standings appear once the first round has results.</p>
      </div>
    );
  }
  const tieBreaks = view.tieBreakNames;
  // Issue 29: points that count a disputed result say '(provisional)', as the boards do.
  const provisional = provisionalPlayers(view.rounds);
  return (
    <div className="data-table-wrap" tabIndex={0} role="region" aria-label="Standings table">
      <table className="data-table">
        <caption className="visually-hidden">Standings</caption>
        <thead>
          <tr>
            <th scope="col" className="num">Rank</th>
            <th scope="col">Player</th>
            <th scope="col" className="num">Rating</th>
            <th scope="col" className="num">Points</th>
            {!compact && <th scope="col" className="num">Played</th>}
            {!compact && <th scope="col" className="num">W-D-L</th>}
            {!compact && tieBreaks.map((name) => <th key={name} scope="col" className="num">{TIE_BREAK_LABELS[name] ?? name}</th>)}
            {!compact && <th scope="col" className="num">Performance</th>}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.userId}>
              <td className="num">{row.rank}</td>
              <td>{row.username}</td>
              <td className="num">{row.eloRating ?? '-'}</td>
              <td className="num">{pointsText(row.score, provisional.has(row.userId))}</td>
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
