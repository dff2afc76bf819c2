/**
 * School team standings in an individual event (issue 29), as scholastic championships award team
 * trophies: each school's or club's best `bestOf` players by the individual standings, their
 * points added up. Ties: the organiser's `tieBreak`, the lower sum of the counted players' places
 * ('places') or the higher sum of their Buchholz ('buchholz'); teams still tied share a rank. A
 * school with fewer players than `bestOf` counts those it has.
 */
import type { Registration, Standing, TeamStandingsSettings } from '../../schema';

export interface TeamStandingRow {
  readonly rank: number;
  readonly organizationId: number;
  readonly name: string;
  readonly points: number;
  /** The tie-break's value: the sum of places, or of Buchholz. */
  readonly tieBreak: number;
  /** The players counted, best first. */
  readonly counted: readonly Pick<Standing, 'userId' | 'username' | 'score' | 'rank'>[];
  readonly players: number;
}

type Row = Pick<Standing, 'userId' | 'username' | 'score' | 'rank' | 'buchholz'>;

export function schoolTeamStandings(
  standings: readonly Row[],
  registrations: readonly Pick<Registration, 'userId' | 'organizationId' | 'organizationName'>[],
  settings: TeamStandingsSettings,
): TeamStandingRow[] {
  const school = new Map(registrations.filter((r) => r.organizationId != null).map((r) => [r.userId, { id: r.organizationId as number, name: r.organizationName ?? `Organization ${r.organizationId}` }]));
  const teams = new Map<number, { name: string; rows: Row[] }>();
  for (const row of [...standings].sort((a, b) => a.rank - b.rank || b.score - a.score)) {
    const s = school.get(row.userId);
    if (!s) continue;
    const team = teams.get(s.id) ?? { name: s.name, rows: [] };
    team.rows.push(row);
    teams.set(s.id, team);
  }
  const rows = [...teams.entries()].map(([organizationId, team]) => {
    const counted = team.rows.slice(0, settings.bestOf);
    const points = counted.reduce((sum, row) => sum + row.score, 0);
    const tieBreak = settings.tieBreak === 'places' ? counted.reduce((sum, row) => sum + row.rank, 0) : counted.reduce((sum, row) => sum + row.buchholz, 0);
    return { organizationId, name: team.name, points, tieBreak, counted: counted.map(({ userId, username, score, rank }) => ({ userId, username, score, rank })), players: team.rows.length };
  });
  const better = settings.tieBreak === 'places' ? (a: number, b: number) => a - b : (a: number, b: number) => b - a;
  rows.sort((a, b) => b.points - a.points || better(a.tieBreak, b.tieBreak) || a.name.localeCompare(b.name));
  return rows.map((row, index) => {
    let rank = index + 1;
    for (let i = index - 1; i >= 0 && rows[i]!.points === row.points && rows[i]!.tieBreak === row.tieBreak; i--) rank = i + 1;
    return { rank, ...row };
  });
}
