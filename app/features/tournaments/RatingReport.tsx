import { useId, useMemo } from 'react';
import { Link } from 'react-router';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatRatingChange, ratingReportCsv, snapshotRatingReport, type RatingReportRow } from '../../../domain/tournament-admin';
import { saveTextFile } from '../../shared/text-file';
import type { TournamentSnapshotView } from './tournaments';
import { formatPoints } from './labels';
import { useAction } from './useAction';

/**
 * The rating report of a FIDE-rated Swiss (issue 29): each player's expected score and change per
 * game and in total, by FIDE's Rating Regulations (domain/tournament/rating.ts), computed on this
 * device from the stored snapshot so it works offline. Rating officers take the TRF file; the
 * table prints and saves as CSV for the arbiter's own check.
 */

type ReportView = Pick<TournamentSnapshotView, 'info' | 'registrations' | 'rounds'>;

/** A Swiss that has started: the report's tab is there for its organisers. */
export const hasRatingReport = (view: Pick<TournamentSnapshotView, 'info'>): boolean =>
  view.info.format === 'swiss' && (view.info.status === 'in_progress' || view.info.status === 'completed');

export function ratingReportRows(view: ReportView): RatingReportRow[] {
  return snapshotRatingReport({ tournament: view.info, registrations: view.registrations, rounds: view.rounds });
}

const expectedText = (expected: number) => expected.toFixed(2);

export const RATING_REPORT_NOTE = msg`Changes by the FIDE Rating Regulations, from the ratings the players registered with: K is 40 for players under 18 rated below 2300 (by the year of birth on their account), 20 below 2400 and 10 from 2400 (FIDE also gives 40 to a player with fewer than 30 rated games, which this report cannot know: choose K factor 40 for such a player). Every rating difference over 400 counts as 400, except for players rated 2650 and above. Forfeits, byes and games against unrated players are not rated.`;

/** The K the arbiter may set (Swiss-Manager's per-player K): '' is the rule's. */
const K_CHOICES = ['', '40', '20', '10'] as const;

/** Sets one player's K factor (null: back to the rule); the change goes through the outbox. */
export type SetKFactor = (userId: number, k: 40 | 20 | 10 | null) => void;

/** The player's K factor: a select while the arbiter may still change it, else words. */
function KFactorField({ row, setK }: { row: RatingReportRow; setK: SetKFactor | undefined }) {
  const { t } = useLingui();
  const id = useId();
  const { k, ruleK, name } = row;
  if (!setK) return <>{row.setK === null ? ` · K ${k}` : ` · ${t`K ${k} (set by the arbiter)`}`}</>;
  return (
    <>
      {` · K ${k} · `}
      <label htmlFor={id} className="rating-report__k"><Trans>K factor</Trans></label>{' '}
      <select id={id} className="input rating-report__k-select" aria-label={t`K factor, ${name}`} value={row.setK === null ? '' : String(row.setK)}
        onChange={(event) => setK(row.userId, event.target.value === '' ? null : (Number(event.target.value) as 40 | 20 | 10))}>
        {K_CHOICES.map((choice) => <option key={choice} value={choice}>{choice === '' ? t`By rule (K ${ruleK})` : choice}</option>)}
      </select>
    </>
  );
}

/** One player's games: a heading row, a row per rated game, and the total. */
function PlayerRows({ row, names, setK }: { row: RatingReportRow; names: ReadonlyMap<string, string>; setK: SetKFactor | undefined }) {
  const { t } = useLingui();
  const { fideId } = row;
  return (
    <tbody>
      <tr className="rating-report__player">
        <th scope="rowgroup" colSpan={6}>
          <bdi>{row.name}</bdi>
          {row.rated ? <>{` · ${row.rating}`}<KFactorField row={row} setK={setK} /></> : ` · ${t`unrated`}`}
          {fideId ? ` · ${t`FIDE ID ${fideId}`}` : ''}
        </th>
      </tr>
      {!row.rated && (
        <tr><td colSpan={6}><Trans>Unrated: FIDE calculates a first rating from the tournament report.</Trans></td></tr>
      )}
      {row.rated && row.games.length === 0 && (
        <tr><td colSpan={6}><Trans>No rated games yet.</Trans></td></tr>
      )}
      {row.games.map((game) => (
        <tr key={game.round}>
          <td className="num">{game.round}</td>
          <td><bdi>{names.get(game.opponent) ?? game.opponent}</bdi></td>
          <td className="num">{game.opponentRating}</td>
          <td className="num">{formatPoints(game.score) || '0'}</td>
          <td className="num">{expectedText(game.expected)}</td>
          <td className="num">{formatRatingChange(game.change)}</td>
        </tr>
      ))}
      {row.rated && row.games.length > 0 && (
        <tr className="rating-report__total">
          <td colSpan={3}><Trans>Total</Trans></td>
          <td className="num">{formatPoints(row.score) || '0'}</td>
          <td className="num">{expectedText(row.expected)}</td>
          <td className="num">{row.total > 0 ? `+${row.total}` : String(row.total)}</td>
        </tr>
      )}
    </tbody>
  );
}

/** The report's table, on the tab and on the printed sheet. */
export function RatingReportTable({ rows, print = false, setK }: { rows: readonly RatingReportRow[]; print?: boolean; setK?: SetKFactor }) {
  const { t } = useLingui();
  const names = new Map(rows.map((row) => [String(row.userId), row.name]));
  return (
    <div className={print ? undefined : 'data-table-wrap'} tabIndex={print ? undefined : 0} role={print ? undefined : 'region'} aria-label={print ? undefined : t`Rating report table`}>
      <table className={print ? 'rating-report' : 'data-table rating-report'}>
        <caption className="visually-hidden"><Trans>Rating report</Trans></caption>
        <thead>
          <tr>
            <th scope="col" className="num"><Trans>Round</Trans></th>
            <th scope="col"><Trans>Opponent</Trans></th>
            <th scope="col" className="num"><Trans>Rating</Trans></th>
            <th scope="col" className="num"><Trans context="The points a player scored in a game">Score</Trans></th>
            <th scope="col" className="num"><Trans>Expected</Trans></th>
            <th scope="col" className="num"><Trans>Change</Trans></th>
          </tr>
        </thead>
        {rows.map((row) => <PlayerRows key={row.userId} row={row} names={names} setK={print ? undefined : setK} />)}
      </table>
    </div>
  );
}

/** The manager's Rating report tab: print, CSV, and where the TRF is. */
export function RatingReportTab({ view }: { view: TournamentSnapshotView }) {
  const { t, i18n } = useLingui();
  const rows = useMemo(() => ratingReportRows(view), [view]);
  const exportCsv = () => saveTextFile(`rating-report-${view.info.id}.csv`, ratingReportCsv(rows), 'text/csv;charset=utf-8');
  const { run } = useAction();
  // A completed event cannot be edited (its ratings are recorded), so its K factors are words.
  const setK: SetKFactor | undefined = view.info.status === 'completed' ? undefined : (userId, k) =>
    void run('k', () => view.actions.update({ kFactors: { [String(userId)]: k } }), t`K factor saved`, t`Error saving the K factor`);
  return (
    <section className="card" aria-labelledby="rating-report-title">
      <h2 id="rating-report-title"><Trans>Rating report</Trans></h2>
      <p>{i18n._(RATING_REPORT_NOTE)}</p>
      <p><Trans>The rating officer takes the tournament report as a TRF file (Download TRF), with each player&apos;s rating and FIDE ID.</Trans></p>
      <div className="print-toolbar">
        <Link className="button" to={`/tournaments/${view.info.id}/print/rating`}><Trans>Print rating report</Trans></Link>
        <button type="button" className="button" onClick={exportCsv}><Trans>Export CSV</Trans></button>
        <button type="button" className="button" onClick={() => void view.actions.downloadTrf()}><Trans>Download TRF</Trans></button>
      </div>
      <RatingReportTable rows={rows} setK={setK} />
    </section>
  );
}
