import { Trans, useLingui } from '@lingui/react/macro';
import { isProvisional, ratingLabel } from '../../../domain/puzzles/rating';
import { puzzleHistorySchema, apiPath, trainerPaths } from '../../../schema';
import { useAuth } from '../auth';
import { useCachedPage } from '../../shared/cached-page';
import { usePuzzleProfile } from '../puzzles';
import { ratingChart } from './rating-chart';

const CHART = { width: 640, height: 160, padding: 16 };

/**
 * Progress's puzzle figures (issue 21): puzzles solved, the puzzle rating and its chart, the best
 * Puzzle Streak. The figures come from this device's trainer state (moved by attempts made
 * offline), the chart from GET /api/puzzles/history (kept for offline visits).
 */
export function PuzzleFigures() {
  const auth = useAuth();
  const user = auth.status === 'signedIn' ? auth.user : null;
  const profile = usePuzzleProfile(user);
  const history = useCachedPage('puzzles:history', apiPath(trainerPaths.history), puzzleHistorySchema);
  const server = history.status === 'ready' ? history.value : null;
  const { t } = useLingui();
  if (profile === undefined) return null;
  const rating = server && server.rating.games >= profile.rating.games ? server.rating : profile.rating;
  const points = (server?.ratingHistory ?? []).map((point) => ({ date: point.at, rating: Math.round(point.rating) }));
  const chart = ratingChart(points, CHART);
  const from = points[0]?.rating;
  const to = points.at(-1)?.rating;
  const min = chart?.min;
  const max = chart?.max;
  const summary = chart ? t`Puzzle rating over time: from ${from} to ${to}, between ${min} and ${max}.` : '';
  return (
    <section className="card" aria-labelledby="puzzle-figures-title">
      <h2 id="puzzle-figures-title"><Trans>Puzzles</Trans></h2>
      <dl className="progress__figures">
        <div className="progress__figure"><dt><Trans>Puzzles solved</Trans></dt><dd data-testid="puzzles-solved">{rating.puzzlesSolved}</dd></div>
        <div className="progress__figure"><dt><Trans>Puzzle rating</Trans></dt><dd data-testid="puzzle-rating-figure">{ratingLabel(rating)}{isProvisional(rating) && <span className="visually-hidden"> ({t`provisional`})</span>}</dd></div>
        <div className="progress__figure"><dt><Trans>Best streak</Trans></dt><dd data-testid="best-streak">{rating.bestStreak}</dd></div>
      </dl>
      {chart && (
        <>
          <svg className="progress__chart" viewBox={`0 0 ${CHART.width} ${CHART.height}`} role="img" aria-label={summary}>
            <text x={4} y={CHART.padding} className="progress__axis">{chart.max}</text>
            <text x={4} y={CHART.height - 4} className="progress__axis">{chart.min}</text>
            <path d={chart.path} className="progress__line" />
          </svg>
          <p className="sync-line">{summary}</p>
        </>
      )}
    </section>
  );
}
