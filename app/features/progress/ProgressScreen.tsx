import { Link } from 'react-router';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { progressResponseSchema, apiPath, learningPaths, type ProgressResponse, type SkillArea } from '../../../schema';
import { LoadError } from '../../shared/components/LoadError';
import { PageSkeleton } from '../../shared/components/Skeleton';
import { useCachedPage } from '../../shared/cached-page';
import { PuzzleFigures } from './PuzzleFigures';
import { achievementWords, goalWords } from './progress-words';
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
  const { t, i18n } = useLingui();
  if (progress.status === 'loading') return <PageSkeleton />;
  if (progress.status !== 'ready') {
    return (
      <div className="page">
        <h1><Trans>Your Chess Progress</Trans></h1>
        <LoadError message={t`Failed to load your progress`} onRetry={progress.reload} />
      </div>
    );
  }
  const p = progress.value;
  const fresh = p.totalGames === 0 && p.lessonsCompleted === 0 && p.tipsCompleted === 0;
  const winRate = p.winRate === null ? null : Math.round(p.winRate);
  const days = p.dayStreak;
  return (
    <div className="page progress-page">
      <h1><Trans>Your Chess Progress</Trans></h1>
      {progress.offline && <p className="sync-line"><Trans>Offline: showing your progress as last saved on this device.</Trans></p>}
      {fresh && <EmptyProgress />}
      <section aria-label={t`Your figures`}>
        <dl className="progress__figures">
          <Figure label={t`Rating`} value={String(p.eloRating)} />
          <Figure label={t`Win rate`} value={winRate === null ? '–' : t`${winRate}%`} />
          <Figure label={t`Games won`} value={String(p.gamesWon)} />
          <Figure label={t`Total games`} value={String(p.totalGames)} />
          <Figure label={t`Study time`} value={studyTime(i18n, p.studyTimeMinutes)} />
          <Figure label={t`Day streak`} value={t`${plural(days, { one: '# day', other: '# days' })}`} />
        </dl>
      </section>
      <RatingChart history={p.ratingHistory} />
      <PuzzleFigures />
      <section className="card" aria-labelledby="skills-title">
        <h2 id="skills-title"><Trans>Skill areas</Trans></h2>
        <ul className="progress__skills">
          {p.skills.map((skill) => (
            <li key={skill.area}>
              <span>{areaName(i18n, skill.area)}</span>
              {skill.score === null ? (
                <span className="sync-line"><Trans>Not measured yet</Trans></span>
              ) : (
                <>
                  <progress max={100} value={skill.score} aria-label={skillName(i18n, skill.area)} />
                  <span>{Math.round(skill.score)}</span>
                </>
              )}
            </li>
          ))}
        </ul>
      </section>
      <section className="card" aria-labelledby="goals-title">
        <h2 id="goals-title"><Trans>Learning focus</Trans></h2>
        <ul className="progress__goals">
          {p.goals.map((goal) => {
            const words = goalWords(i18n, goal, p.eloRating);
            return (
              <li key={goal.key}>
                <strong>{words.title}</strong>
                <span>{words.description}</span>
                <progress max={goal.target} value={Math.min(goal.current, goal.target)} aria-label={words.title} />
              </li>
            );
          })}
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

function studyTime(i18n: I18n, total: number): string {
  if (total < 60) return i18n._(msg`${total} min`);
  const hours = Math.floor(total / 60);
  const minutes = total % 60;
  return i18n._(msg`${hours} h ${minutes} min`);
}

/** The skill areas' names (schema's SKILL_AREA_LABELS, in the reader's language). */
const SKILL_AREA_NAMES: Readonly<Record<SkillArea, MessageDescriptor>> = {
  opening: msg`Opening`,
  tactics: msg`Tactics`,
  endgame: msg`Endgame`,
  strategy: msg`Strategy`,
};

const areaName = (i18n: I18n, area: SkillArea) => i18n._(SKILL_AREA_NAMES[area]);
const skillName = (i18n: I18n, area: SkillArea) => {
  const skill = areaName(i18n, area);
  return i18n._(msg`${skill} skill`);
};

function EmptyProgress() {
  return (
    <section className="card progress__empty" aria-labelledby="empty-title">
      <h2 id="empty-title"><Trans>Your progress starts here</Trans></h2>
      <ul>
        <li><Trans>Rating, win rate and games fill in as you finish games against the computer.</Trans></li>
        <li><Trans>Study time adds up the minutes you play, the lessons you complete and the tips you read.</Trans></li>
        <li><Trans>Your day streak counts the days in a row with a game, a lesson or a tip.</Trans></li>
        <li><Trans>Skill areas are measured when you review a finished game.</Trans></li>
      </ul>
      <p>
        <Link to="/" className="button button--primary"><Trans>Play a game</Trans></Link> <Link to="/lessons" className="button"><Trans>Start a lesson</Trans></Link>
      </p>
    </section>
  );
}

function RatingChart({ history }: { history: ProgressResponse['ratingHistory'] }) {
  const { t } = useLingui();
  const chart = ratingChart(history, CHART);
  if (!chart) return null;
  const first = history[0]!;
  const last = history[history.length - 1]!;
  const from = first.rating;
  const fromDay = day(first.date);
  const to = last.rating;
  const toDay = day(last.date);
  const { min, max } = chart;
  const summary = t`Rating over time: from ${from} on ${fromDay} to ${to} on ${toDay}, between ${min} and ${max}.`;
  const pointTitle = (rating: number, date: string) => {
    const when = day(date);
    return t`${rating} on ${when}`;
  };
  return (
    <section className="card" aria-labelledby="chart-title">
      <h2 id="chart-title"><Trans>Rating over time</Trans></h2>
      <svg className="progress__chart" viewBox={`0 0 ${CHART.width} ${CHART.height}`} role="img" aria-label={summary}>
        <text x={4} y={CHART.padding} className="progress__axis">{chart.max}</text>
        <text x={4} y={CHART.height - 4} className="progress__axis">{chart.min}</text>
        <path d={chart.path} className="progress__line" />
        {chart.points.map((point, i) => (
          <circle key={i} cx={point.x} cy={point.y} r={3.5} className="progress__dot">
            <title>{pointTitle(point.rating, point.date)}</title>
          </circle>
        ))}
      </svg>
      <p className="sync-line">{summary}</p>
    </section>
  );
}

const day = formatShortDay;

function RecentGames({ games }: { games: ProgressResponse['recentGames'] }) {
  const { t } = useLingui();
  return (
    <section className="card" aria-labelledby="recent-title">
      <h2 id="recent-title"><Trans>Recent games</Trans></h2>
      {games.length === 0 ? (
        <p><Trans>No games yet: your finished games appear here.</Trans></p>
      ) : (
        <ul className="progress__games">
          {games.map((game) => {
            const { opponent, moves } = game;
            return (
              <li key={game.id}>
                <span className={`badge progress__result--${game.result}`}>{game.result === 'win' ? t`Win` : game.result === 'loss' ? t`Loss` : t`Draw`}</span>
                <span>{t`vs ${opponent}`}</span>
                <span className="sync-line">{game.opening ?? t`${plural(moves, { one: '# move', other: '# moves' })}`} · {day(game.date)}</span>
                {game.eloChange !== 0 && <span>{game.eloChange > 0 ? `+${game.eloChange}` : game.eloChange}</span>}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

function Achievements({ achievements }: { achievements: ProgressResponse['achievements'] }) {
  const { t, i18n } = useLingui();
  return (
    <section className="card" aria-labelledby="achievements-title">
      <h2 id="achievements-title"><Trans>Achievements</Trans></h2>
      <ul className="progress__achievements">
        {achievements.map((achievement) => {
          const { currentValue, targetValue } = achievement;
          const { name, description } = achievementWords(i18n, achievement);
          return (
            <li key={achievement.key} className={achievement.isUnlocked ? 'is-unlocked' : undefined}>
              <strong>{name}</strong>
              <span>{description}</span>
              <progress max={targetValue} value={Math.min(currentValue, targetValue)} aria-label={t`${name} progress`} />
              <span className="sync-line">
                {achievement.isUnlocked ? t`Unlocked` : t`${currentValue} of ${targetValue}`}
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
