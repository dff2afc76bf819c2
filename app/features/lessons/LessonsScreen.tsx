import { Link } from 'react-router';
import { planLessons, ratingBand, BAND_LABELS } from '../../../domain';
import { EMPTY_WEAKNESS_PROFILE, LESSONS_NEXT_COUNT, type Lesson } from '../../../schema';
import { LoadError } from '../../shared/components/LoadError';
import { PageSkeleton } from '../../shared/components/Skeleton';
import { useAuth } from '../auth';
import { useLearningProfile, useLessons } from './lessons';
import { ReviewDue } from '../puzzles';
import { HomeworkList } from '../homework';
import './lessons.css';

/**
 * /lessons, 'AI-Personalized Lessons': the user's lessons in the order the lesson plan gives
 * (domain/learning/lesson-plan.ts: their rating band, then the weaknesses measured from their
 * reviewed games), with the reasons in 'Why these lessons?'.
 */
export default function LessonsScreen() {
  const auth = useAuth();
  const lessons = useLessons();
  const profile = useLearningProfile();
  if (lessons.status === 'loading' || (profile.status === 'loading' && lessons.status !== 'ready')) return <LessonsSkeleton />;
  if (lessons.status !== 'ready') {
    return (
      <div className="page">
        <h1>AI-Personalized Lessons</h1>
        <LoadError message="Failed to load lessons" onRetry={lessons.reload} />
      </div>
    );
  }
  // Offline with no stored profile yet: plan from the signed-in user's rating alone.
  const rating = profile.status === 'ready' ? profile.value.eloRating : auth.status === 'signedIn' ? auth.user.eloRating : 1200;
  const user = profile.status === 'ready' ? profile.value : { eloRating: rating, weaknesses: EMPTY_WEAKNESS_PROFILE, completedLessonIds: [] };
  const plan = planLessons(lessons.value, user);
  const [featured, ...rest] = plan.ordered;
  const upNext = rest.filter((lesson) => !lesson.completed).slice(0, LESSONS_NEXT_COUNT);
  const completed = lessons.value.filter((lesson) => lesson.completed).length;
  const inBand = lessons.value.filter((lesson) => lesson.difficulty === plan.band);
  const inBandDone = inBand.filter((lesson) => lesson.completed).length;

  return (
    <div className="page lessons">
      <h1>AI-Personalized Lessons</h1>
      {lessons.offline && <p className="sync-line">Offline: showing the lessons saved on this device.</p>}
      <HomeworkList />
      <ReviewDue />

      <section className="card lessons__progress" aria-labelledby="lessons-progress-title">
        <h2 id="lessons-progress-title">Your level: {BAND_LABELS[ratingBand(rating)]}</h2>
        <p>
          Rating {rating} · {completed} of {lessons.value.length} lessons completed
        </p>
        <progress max={Math.max(1, inBand.length)} value={inBandDone} aria-label={`${BAND_LABELS[plan.band]} lessons completed`} />
        <p className="sync-line">
          {inBandDone} of {inBand.length} {BAND_LABELS[plan.band].toLowerCase()} lessons done
        </p>
      </section>

      {featured && (
        <section className="card lessons__featured" aria-labelledby="next-up-title">
          <p className="eyebrow" id="next-up-title">Next Up</p>
          <LessonSummary lesson={featured} headingLevel={2} />
          <Link to={`/lesson/${featured.id}`} className="button button--primary">
            {featured.completed ? 'Review Lesson' : 'Start Learning'}
          </Link>
        </section>
      )}

      <UpNext lessons={upNext} />

      <PlanCards plan={plan} />

      <section className="card lessons__encouragement">
        <h2>Keep going!</h2>
        <p>{completed === 0 ? 'Every strong player started with their first lesson. Yours is waiting above.' : `You have finished ${completed} lesson${completed === 1 ? '' : 's'}. A little practice every day makes a big difference.`}</p>
      </section>
    </div>
  );
}

/** The lessons after the featured one, not yet completed. */
function UpNext({ lessons }: { lessons: Lesson[] }) {
  if (lessons.length === 0) return null;
  return (
    <section aria-labelledby="up-next-title">
      <h2 id="up-next-title">Next lessons</h2>
      <ul className="lessons__list">
        {lessons.map((lesson) => (
          <li key={lesson.id} className="card">
            <LessonSummary lesson={lesson} headingLevel={3} />
            <Link to={`/lesson/${lesson.id}`} className="button">Open lesson<span className="visually-hidden">: {lesson.title}</span></Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Why these lessons, the learning path and every lesson in the plan's order. */
function PlanCards({ plan }: { plan: ReturnType<typeof planLessons> }) {
  return (
    <>
      <section className="card" aria-labelledby="why-title">
        <h2 id="why-title">Why these lessons?</h2>
        <ul className="lessons__reasons">
          {plan.reasons.map((reason) => <li key={reason}>{reason}</li>)}
        </ul>
      </section>

      <section className="card" aria-labelledby="path-title">
        <h2 id="path-title">Your learning path</h2>
        <ol className="lessons__path">
          <li><span>{plan.stages.current.label}</span> <span className="badge">Active</span></li>
          {plan.stages.next && <li><span>{plan.stages.next.label}</span> <span className="badge badge--muted">Locked</span></li>}
        </ol>
      </section>

      <section className="card lessons__all" aria-labelledby="all-title">
        <h2 id="all-title">All lessons</h2>
        <ul className="lessons__index">
          {plan.ordered.map((lesson) => (
            <li key={lesson.id}>
              <Link to={`/lesson/${lesson.id}`}>{lesson.title}</Link>
              <span className="sync-line"> {BAND_LABELS[lesson.difficulty]}{lesson.completed ? ' · Completed' : ''}</span>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}

function LessonSummary({ lesson, headingLevel }: { lesson: Lesson; headingLevel: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <>
      <Heading>{lesson.title}</Heading>
      <p>{lesson.description}</p>
      <p className="lessons__meta">
        <span className="badge">{BAND_LABELS[lesson.difficulty]}</span>
        <span>{lesson.content.estimatedTime} min</span>
        <span>Difficulty {lesson.content.difficulty}/5</span>
        {lesson.completed && <span className="badge badge--muted">Completed</span>}
      </p>
    </>
  );
}

function LessonsSkeleton() {
  return <PageSkeleton />;
}
