import { Link } from 'react-router';
import { progressResponseSchema, apiPath, learningPaths, type ProgressResponse } from '../../../schema';
import { LoadError } from '../../shared/components/LoadError';
import { PageSkeleton } from '../../shared/components/Skeleton';
import { useCachedPage } from '../../shared/cached-page';
import { PuzzleFigures } from './PuzzleFigures';
import { ratingChart } from './rating-chart';
import './progress.css';
import { formatShortDay } from '../../shared/components/dates';

const CHART = { width: 640, height: 200, padding: 16 };

/**
 * /progress, 'Your Chess Progress': the user's own figures from GET /api/progress (the spec's
 * sample data made real), kept in Dexie for offline visits. A new user sees how each figure fills.
 */
export default function ProgressScreen() {
  const progress = useCachedPage('progress', apiPath(learningPaths.progress), progressResponseSchema);
  if (progress.status === 'loading') return <PageSkeleton />;
  if (progress.status !== 'ready') {
    return (
      <div className="page">
        <h1>Your Chess Progress</h1>
        <LoadError message="Failed to load your progress" onRetry={progress.reload} />
      </div>
    );
  }
  const p = progress.value;
  const fresh = p.totalGames === 0 && p.lessonsCompleted === 0 && p.tipsCompleted === 0;
  return (
    <div className="page progress-page">
      <h1>Your Chess Progress</h1>
      {progress.offline && <p className="sync-line">Offline: showing your progress as last saved on this device.</p>}
      {fresh && <EmptyProgress />}
      <section aria-label="Your figures">
        <dl className="progress__figures">
          <Figure label="Rating" value={String(p.eloRating)} />
          <Figure label="Win rate" value={p.winRate === null ? '–' : `${Math.round(p.winRate)}%`} />
          <Figure label="Games won" value={String(p.gamesWon)} />
          <Figure label="Total games" value={String(p.totalGames)} />
          <Figure label="Study time" value={studyTime(p.studyTimeMinutes)} />
          <Figure label="Day streak" value={`${p.dayStreak} day${p.dayStreak === 1 ? '' : 's'}`} />
        </dl>
      </section>
      <RatingChart history={p.ratingHistory} />
      <PuzzleFigures />
      <section className="card" aria-labelledby="skills-title">
        <h2 id="skills-title">Skill areas</h2>
        <ul className="progress__skills">
          {p.skills.map((skill) => (
            <li key={skill.area}>
              <span>{skill.label}</span>
              {skill.score === null ? (
                <span className="sync-line">Not measured yet</span>
              ) : (
                <>
                  <progress max={100} value={skill.score} aria-label={`${skill.label} skill`} />
                  <span>{Math.round(skill.score)}</span>
                </>
              )}
            </li>
          ))}
        </ul>
      </section>
      <section className="card" aria-labelledby="goals-title">
        <h2 id="goals-title">Learning focus</h2>
        <ul className="progress__goals">
          {p.goals.map((goal) => (
            <li key={goal.key}>
              <strong>{goal.title}</strong>
              <span>{goal.description}</span>
              <progress max={goal.target} value={Math.min(goal.current, goal.target)} aria-label={goal.title} />
            </li>
          ))}
        </ul>
      </section>
      <RecentGames games={p.recentGames} />
      <Achievements achievements={p.achievements} />
    </div>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="card progress__figure">
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

const studyTime = (minutes: number) => (minutes < 60 ? `${minutes} min` : `${Math.floor(minutes / 60)} h ${minutes % 60} min`);

function EmptyProgress() {
  return (
    <section className="card progress__empty" aria-labelledby="empty-title">
      <h2 id="empty-title">Your progress starts here</h2>
      <ul>
        <li>Rating, win rate and games fill in as you finish games against the computer.</li>
        <li>Study time adds up the minutes you play, the lessons you complete and the tips you read.</li>
        <li>Your day streak counts the days in a row with a game, a lesson or a tip.</li>
        <li>Skill areas are measured when you review a finished game.</li>
      </ul>
      <p>
        <Link to="/" className="button button--primary">Play a game</Link> <Link to="/lessons" className="button">Start a lesson</Link>
      </p>
    </section>
  );
}

function RatingChart({ history }: { history: ProgressResponse['ratingHistory'] }) {
  const chart = ratingChart(history, CHART);
  if (!chart) return null;
  const first = history[0]!;
  const last = history[history.length - 1]!;
  const summary = `Rating over time: from ${first.rating} on ${day(first.date)} to ${last.rating} on ${day(last.date)}, between ${chart.min} and ${chart.max}.`;
  return (
    <section className="card" aria-labelledby="chart-title">
      <h2 id="chart-title">Rating over time</h2>
      <svg className="progress__chart" viewBox={`0 0 ${CHART.width} ${CHART.height}`} role="img" aria-label={summary}>
        <text x={4} y={CHART.padding} className="progress__axis">{chart.max}</text>
        <text x={4} y={CHART.height - 4} className="progress__axis">{chart.min}</text>
        <path d={chart.path} className="progress__line" />
        {chart.points.map((point, i) => (
          <circle key={i} cx={point.x} cy={point.y} r={3.5} className="progress__dot">
            <title>{`${point.rating} on ${day(point.date)}`}</title>
          </circle>
        ))}
      </svg>
      <p className="sync-line">{summary}</p>
    </section>
  );
}

const day = formatShortDay;

function RecentGames({ games }: { games: ProgressResponse['recentGames'] }) {
  return (
    <section className="card" aria-labelledby="recent-title">
      <h2 id="recent-title">Recent games</h2>
      {games.length === 0 ? (
        <p>No games yet: your finished games appear here.</p>
      ) : (
        <ul className="progress__games">
          {games.map((game) => (
            <li key={game.id}>
              <span className={`badge progress__result--${game.result}`}>{game.result === 'win' ? 'Win' : game.result === 'loss' ? 'Loss' : 'Draw'}</span>
              <span>vs {game.opponent}</span>
              <span className="sync-line">{game.opening ?? `${game.moves} moves`} · {day(game.date)}</span>
              {game.eloChange !== 0 && <span>{game.eloChange > 0 ? `+${game.eloChange}` : game.eloChange}</span>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Achievements({ achievements }: { achievements: ProgressResponse['achievements'] }) {
  return (
    <section className="card" aria-labelledby="achievements-title">
      <h2 id="achievements-title">Achievements</h2>
      <ul className="progress__achievements">
        {achievements.map((achievement) => (
          <li key={achievement.key} className={achievement.isUnlocked ? 'is-unlocked' : undefined}>
            <strong>{achievement.name}</strong>
            <span>{achievement.description}</span>
            <progress max={achievement.targetValue} value={Math.min(achievement.currentValue, achievement.targetValue)} aria-label={`${achievement.name} progress`} />
            <span className="sync-line">
              {achievement.isUnlocked ? 'Unlocked' : `${achievement.currentValue} of ${achievement.targetValue}`}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
