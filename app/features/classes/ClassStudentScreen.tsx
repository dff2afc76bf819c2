import type { ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { TACTIC_MOTIF_LABELS, studentName } from '../../../domain/class-dashboard';
import { SKILL_AREA_LABELS, type ClassStudentPage } from '../../../schema';
import { ChildData } from '../privacy';
import { Icon } from '../../shared/components/Icon';
import { PageSkeleton } from '../../shared/components/Skeleton';
import { classStudentKey, useClassStudentPage } from './class-dashboard';
import { db } from '../../shared/db';
import { formatDuration } from '../games';
import { formatAccuracy, formatChange, formatDate, formatDateTime, formatPlayTime, skillLabel, tacticLabel } from './class-dashboard-format';
import './class-dashboard.css';

const RESULT_WORDS = { win: 'Won', loss: 'Lost', draw: 'Draw' } as const;
const positiveId = (value: string | undefined) => {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
};

/** /classes/{id}/students/{userId}: one student's progress, recent games (each opens its replay) and lessons done, for the class's staff. */
export default function ClassStudentScreen() {
  const params = useParams();
  const classId = positiveId(params.id);
  const loaded = useClassStudentPage(classId, positiveId(params.userId));
  const back = <Link to={classId === null ? '/classes' : `/classes/${classId}`} className="back-link">Back to the class</Link>;
  if (loaded.status === 'loading') return <PageSkeleton />;
  if (loaded.status !== 'ready') {
    return (
      <div className="page">
        {back}
        {loaded.status === 'notFound' ? (
          <h1>Student not found</h1>
        ) : (
          <div className="notice notice--error" role="alert">
            <p>Could not load this student’s progress.</p>
            <button type="button" className="button" onClick={loaded.reload}>Try again</button>
          </div>
        )}
      </div>
    );
  }
  return <StudentPage page={loaded.value} offline={loaded.offline} back={back} />;
}

function StudentPage({ page, offline, back }: { page: ClassStudentPage; offline: boolean; back: ReactNode }) {
  const student = page.student;
  const navigate = useNavigate();
  // Issue 26: a deleted child's page is not kept on the device; the class page asks the server again.
  const erased = () => void db.cachedPages.delete(classStudentKey(page.class.id, student.userId)).then(() => navigate(`/classes/${page.class.id}`));
  const figures = studentFigures(student);
  return (
    <div className="page class-student">
      <header className="page__header">
        {back}
        <h1><bdi>{studentName(student)}</bdi></h1>
        <p className="page__lead">
          {student.realName !== null && <>Username <bdi>{student.username}</bdi> · </>}
          <bdi>{page.class.name}</bdi>
        </p>
      </header>
      <p className="sync-line" role={offline ? 'status' : undefined}>
        {offline ? 'Offline: figures as they were on ' : 'Figures of '}
        <time dateTime={page.generatedAt}>{formatDateTime(page.generatedAt)}</time>.
      </p>
      <section className="card" aria-labelledby="student-progress">
        <h2 id="student-progress">Progress</h2>
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
        <h2 id="student-lessons">Lessons done</h2>
        {page.lessons.length === 0 ? <p>No lessons completed yet.</p> : (
          <ul className="class-student__list">
            {page.lessons.map((lesson) => (
              <li key={lesson.lessonId}>
                <span><bdi>{lesson.title}</bdi></span>
                <span>{formatDate(lesson.completedAt)}{lesson.score === null ? '' : ` · score ${lesson.score}`}</span>
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
function studentFigures(student: ClassStudentPage['student']): [string, string][] {
  return [
    ['Rating', String(student.rating)],
    ['Assessment rating', student.assessmentRating === null ? 'Not taken yet' : String(student.assessmentRating)],
    ['Since the assessment', formatChange(student.ratingChange)],
    ['Games this week', String(student.gamesThisWeek)],
    ['Games in all', String(student.gamesTotal)],
    ['Time played this week', formatPlayTime(student.secondsThisWeek)],
    ['Lessons completed', String(student.lessonsCompleted)],
    ['Tips read', String(student.tipsRead)],
    ['Puzzles solved', String(student.puzzlesSolved)],
    ['Accuracy', `${formatAccuracy(student.averageAccuracy)} (${student.gamesReviewed} reviewed ${student.gamesReviewed === 1 ? 'game' : 'games'})`],
    ['Weakest area', skillLabel(student)],
    ['Most missed tactic', tacticLabel(student)],
    ['Last active', formatDate(student.lastActive)],
  ];
}

/** The skill areas from reviewed games, and the tactics most missed. */
function SkillAreas({ page }: { page: ClassStudentPage }) {
  return (
    <section className="card" aria-labelledby="student-skills">
      <h2 id="student-skills">Skill areas</h2>
      <p>From the games this student had reviewed (0 to 100).</p>
      <ul className="class-student__list">
        {page.skills.map((skill) => (
          <li key={skill.area}>
            <span id={`skill-${skill.area}`}>{SKILL_AREA_LABELS[skill.area]}</span>
            {skill.score === null ? <span>Not measured yet</span> : (
              <span>
                <meter min={0} max={100} value={skill.score} aria-labelledby={`skill-${skill.area}`} /> {skill.score}
              </span>
            )}
          </li>
        ))}
      </ul>
      {page.missedTactics.length > 0 && (
        <>
          <h3>Missed tactics</h3>
          <ul className="class-student__list">
            {page.missedTactics.map((missed) => (
              <li key={missed.motif}>
                <span>{TACTIC_MOTIF_LABELS[missed.motif]}</span>
                <span>{missed.count} {missed.count === 1 ? 'time' : 'times'}</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function RecentGames({ page }: { page: ClassStudentPage }) {
  return (
    <section className="card" aria-labelledby="student-games">
      <h2 id="student-games">Recent games</h2>
      {page.recentGames.length === 0 ? <p>No finished games yet.</p> : (
        <ul className="class-student__list">
          {page.recentGames.map((game) => (
            <li key={game.id}>
              <span>
                {RESULT_WORDS[game.result]} against <bdi>{game.opponent}</bdi>, {game.moves} moves, {formatDuration(game.duration)} · {formatDate(game.date)}
              </span>
              <Link to={`/games/${game.id}/replay`} className="button button--small" aria-label={`Replay the game of ${formatDate(game.date)} against ${game.opponent}`}>
                <Icon name="replay" /> Replay
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
