import type { ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { I18n } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { studentName } from '../../../domain/class-dashboard';
import type { ClassStudentPage } from '../../../schema';
import { ChildData } from '../privacy';
import { Icon } from '../../shared/components/Icon';
import { PageSkeleton } from '../../shared/components/Skeleton';
import { classStudentKey, useClassStudentPage } from './class-dashboard';
import { db } from '../../shared/db';
import { formatDuration } from '../games';
import { formatAccuracy, formatChange, formatDate, formatDateTime, formatPlayTime, skillLabel, tacticLabel } from './class-dashboard-format';
import { SKILL_AREA_TITLES, TACTIC_MOTIF_TITLES } from './class-labels';
import './class-dashboard.css';

const RESULT_WORDS = { win: msg`Won`, loss: msg`Lost`, draw: msg`Draw` } as const;
const positiveId = (value: string | undefined) => {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
};

/** /classes/{id}/students/{userId}: one student's progress, recent games (each opens its replay) and lessons done, for the class's staff. */
export default function ClassStudentScreen() {
  const params = useParams();
  const classId = positiveId(params.id);
  const loaded = useClassStudentPage(classId, positiveId(params.userId));
  const back = <Link to={classId === null ? '/classes' : `/classes/${classId}`} className="back-link"><Trans>Back to the class</Trans></Link>;
  if (loaded.status === 'loading') return <PageSkeleton />;
  if (loaded.status !== 'ready') {
    return (
      <div className="page">
        {back}
        {loaded.status === 'notFound' ? (
          <h1><Trans>Student not found</Trans></h1>
        ) : (
          <div className="notice notice--error" role="alert">
            <p><Trans>Could not load this student’s progress.</Trans></p>
            <button type="button" className="button" onClick={loaded.reload}><Trans>Try again</Trans></button>
          </div>
        )}
      </div>
    );
  }
  return <StudentPage page={loaded.value} offline={loaded.offline} back={back} />;
}

function StudentPage({ page, offline, back }: { page: ClassStudentPage; offline: boolean; back: ReactNode }) {
  const { t, i18n } = useLingui();
  const student = page.student;
  const username = student.username;
  const generatedAt = page.generatedAt;
  const when = formatDateTime(generatedAt);
  const navigate = useNavigate();
  // Issue 26: a deleted child's page is not kept on the device; the class page asks the server again.
  const erased = () => void db.cachedPages.delete(classStudentKey(page.class.id, student.userId)).then(() => navigate(`/classes/${page.class.id}`));
  const figures = studentFigures(i18n, student);
  return (
    <div className="page class-student">
      <header className="page__header">
        {back}
        <h1><bdi>{studentName(student)}</bdi></h1>
        <p className="page__lead">
          {student.realName !== null && <><Trans>Username <bdi>{username}</bdi></Trans> · </>}
          <bdi>{page.class.name}</bdi>
        </p>
      </header>
      <p className="sync-line" role={offline ? 'status' : undefined}>
        {offline ? (
          <Trans>Offline: figures as they were on <time dateTime={generatedAt}>{when}</time>.</Trans>
        ) : (
          <Trans>Figures of <time dateTime={generatedAt}>{when}</time>.</Trans>
        )}
      </p>
      <section className="card" aria-labelledby="student-progress">
        <h2 id="student-progress"><Trans>Progress</Trans></h2>
        <dl className="class-student__figures">
          {figures.map(([term, value]) => (
            <div key={term}>
              <dt>{term}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </section>
      <SkillAreas page={page} />
      <RecentGames page={page} />
      <section className="card" aria-labelledby="student-lessons">
        <h2 id="student-lessons"><Trans>Lessons done</Trans></h2>
        {page.lessons.length === 0 ? <p><Trans>No lessons completed yet.</Trans></p> : (
          <ul className="class-student__list">
            {page.lessons.map(({ lessonId, title, completedAt, score }) => (
              <li key={lessonId}>
                <span><bdi>{title}</bdi></span>
                <span>{formatDate(completedAt)}{score === null ? '' : <> · {t`score ${score}`}</>}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <ChildData userId={student.userId} username={student.username} name={studentName(student)} onErased={erased} />
    </div>
  );
}

/** The progress card's figures, each a term and its value. */
function studentFigures(i18n: I18n, student: ClassStudentPage['student']): [string, string][] {
  const accuracy = formatAccuracy(student.averageAccuracy);
  const reviewed = student.gamesReviewed;
  return [
    [i18n._(msg`Rating`), String(student.rating)],
    [i18n._(msg`Assessment rating`), student.assessmentRating === null ? i18n._(msg`Not taken yet`) : String(student.assessmentRating)],
    [i18n._(msg`Since the assessment`), formatChange(student.ratingChange)],
    [i18n._(msg`Games this week`), String(student.gamesThisWeek)],
    [i18n._(msg`Games in all`), String(student.gamesTotal)],
    [i18n._(msg`Time played this week`), formatPlayTime(student.secondsThisWeek)],
    [i18n._(msg`Lessons completed`), String(student.lessonsCompleted)],
    [i18n._(msg`Tips read`), String(student.tipsRead)],
    [i18n._(msg`Puzzles solved`), String(student.puzzlesSolved)],
    [i18n._(msg`Accuracy`), i18n._(msg`${accuracy} (${plural(reviewed, { one: '# reviewed game', other: '# reviewed games' })})`)],
    [i18n._(msg`Weakest area`), skillLabel(student)],
    [i18n._(msg`Most missed tactic`), tacticLabel(student)],
    [i18n._(msg`Last active`), formatDate(student.lastActive)],
  ];
}

/** The skill areas from reviewed games, and the tactics most missed. */
function SkillAreas({ page }: { page: ClassStudentPage }) {
  const { t, i18n } = useLingui();
  return (
    <section className="card" aria-labelledby="student-skills">
      <h2 id="student-skills"><Trans>Skill areas</Trans></h2>
      <p><Trans>From the games this student had reviewed (0 to 100).</Trans></p>
      <ul className="class-student__list">
        {page.skills.map((skill) => (
          <li key={skill.area}>
            <span id={`skill-${skill.area}`}>{i18n._(SKILL_AREA_TITLES[skill.area])}</span>
            {skill.score === null ? <span><Trans>Not measured yet</Trans></span> : (
              <span>
                <meter min={0} max={100} value={skill.score} aria-labelledby={`skill-${skill.area}`} /> {skill.score}
              </span>
            )}
          </li>
        ))}
      </ul>
      {page.missedTactics.length > 0 && (
        <>
          <h3><Trans>Missed tactics</Trans></h3>
          <ul className="class-student__list">
            {page.missedTactics.map(({ motif, count }) => (
              <li key={motif}>
                <span>{i18n._(TACTIC_MOTIF_TITLES[motif])}</span>
                <span>{t`${plural(count, { one: '# time', other: '# times' })}`}</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function RecentGames({ page }: { page: ClassStudentPage }) {
  const { t, i18n } = useLingui();
  return (
    <section className="card" aria-labelledby="student-games">
      <h2 id="student-games"><Trans>Recent games</Trans></h2>
      {page.recentGames.length === 0 ? <p><Trans>No finished games yet.</Trans></p> : (
        <ul className="class-student__list">
          {page.recentGames.map((game) => {
            const result = i18n._(RESULT_WORDS[game.result]);
            const { opponent, moves } = game;
            const duration = formatDuration(game.duration);
            const date = formatDate(game.date);
            return (
              <li key={game.id}>
                <span>
                  <Trans>{result} against <bdi>{opponent}</bdi>, {moves} moves, {duration} · {date}</Trans>
                </span>
                <Link to={`/games/${game.id}/replay`} className="button button--small" aria-label={t`Replay the game of ${date} against ${opponent}`}>
                  <Icon name="replay" /> <Trans>Replay</Trans>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
