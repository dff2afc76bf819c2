import { Link } from 'react-router';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { planLessons, ratingBand } from '../../../domain';
import { EMPTY_WEAKNESS_PROFILE, LESSONS_NEXT_COUNT, type Difficulty, type Lesson } from '../../../schema';
import { BAND_NAMES } from './band-names';
import { planWords } from './plan-words';
import { LoadError } from '../../shared/components/LoadError';
import { PageSkeleton } from '../../shared/components/Skeleton';
import { useAuth } from '../auth';
import { useLearningProfile, useLessons } from './lessons';
import { ReviewDue } from '../puzzles';
import { HomeworkList } from '../homework';
import './lessons.css';
import { useContentLang } from '../../shared/i18n';

function useBandName() {
  const { i18n } = useLingui();
  return (band: Difficulty) => i18n._(BAND_NAMES[band]);
}

/**
 * /lessons, 'AI-Personalized Lessons': the user's lessons in the order the lesson plan gives
 * (domain/learning/lesson-plan.ts: their rating band, then the weaknesses measured from their
 * reviewed games), with the reasons in 'Why these lessons?'.
 */
export default function LessonsScreen() {
  const auth = useAuth();
  const lessons = useLessons();
  const profile = useLearningProfile();
  const { t, i18n } = useLingui();
  const bandName = useBandName();
  if (lessons.status === 'loading' || (profile.status === 'loading' && lessons.status !== 'ready')) return <LessonsSkeleton />;
  if (lessons.status !== 'ready') {
    return (
      <div className="page">
        <h1><Trans>AI-Personalized Lessons</Trans></h1>
        <LoadError message={t`Failed to load lessons`} onRetry={lessons.reload} />
      </div>
    );
  }
  // Offline with no stored profile yet: plan from the signed-in user's rating alone.
  const rating = profile.status === 'ready' ? profile.value.eloRating : auth.status === 'signedIn' ? auth.user.eloRating : 1200;
  const user = profile.status === 'ready' ? profile.value : { eloRating: rating, weaknesses: EMPTY_WEAKNESS_PROFILE, completedLessonIds: [] };
  const plan = planLessons(lessons.value, user, planWords(i18n));
  const [featured, ...rest] = plan.ordered;
  const upNext = rest.filter((lesson) => !lesson.completed).slice(0, LESSONS_NEXT_COUNT);
  const completed = lessons.value.filter((lesson) => lesson.completed).length;
  const inBand = lessons.value.filter((lesson) => lesson.difficulty === plan.band);
  const inBandDone = inBand.filter((lesson) => lesson.completed).length;
  const inBandTotal = inBand.length;
  const total = lessons.value.length;
  const level = bandName(ratingBand(rating));
  const planLevel = bandName(plan.band);
  const planLevelLower = planLevel.toLowerCase();

  return (
    <div className="page lessons">
      <h1><Trans>AI-Personalized Lessons</Trans></h1>
      {lessons.offline && <p className="sync-line"><Trans>Offline: showing the lessons saved on this device.</Trans></p>}
      <HomeworkList />
      <ReviewDue />

      <section className="card lessons__progress" aria-labelledby="lessons-progress-title">
        <h2 id="lessons-progress-title"><Trans>Your level: {level}</Trans></h2>
        <p>
          <Trans>Rating {rating} · {completed} of {total} lessons completed</Trans>
        </p>
        <progress max={Math.max(1, inBandTotal)} value={inBandDone} aria-label={t`${planLevel} lessons completed`} />
        <p className="sync-line">
          <Trans>{inBandDone} of {inBandTotal} {planLevelLower} lessons done</Trans>
        </p>
      </section>

      {featured && (
        <section className="card lessons__featured" aria-labelledby="next-up-title">
          <p className="eyebrow" id="next-up-title"><Trans>Next Up</Trans></p>
          <LessonSummary lesson={featured} headingLevel={2} />
          <Link to={`/lesson/${featured.id}`} className="button button--primary">
            {featured.completed ? t`Review Lesson` : t`Start Learning`}
          </Link>
        </section>
      )}

      <UpNext lessons={upNext} />

      <PlanCards plan={plan} />

      <section className="card lessons__encouragement">
        <h2><Trans>Keep going!</Trans></h2>
        <p>
          {completed === 0
            ? t`Every strong player started with their first lesson. Yours is waiting above.`
            : t`${plural(completed, { one: 'You have finished # lesson.', other: 'You have finished # lessons.' })} A little practice every day makes a big difference.`}
        </p>
      </section>
    </div>
  );
}

/** The lessons after the featured one, not yet completed. */
function UpNext({ lessons }: { lessons: Lesson[] }) {
  const contentLang = useContentLang();
  if (lessons.length === 0) return null;
  return (
    <section aria-labelledby="up-next-title">
      <h2 id="up-next-title"><Trans>Next lessons</Trans></h2>
      <ul className="lessons__list">
        {lessons.map((lesson) => {
          const title = lesson.title;
          return (
            <li key={lesson.id} className="card">
              <LessonSummary lesson={lesson} headingLevel={3} />
              <Link to={`/lesson/${lesson.id}`} className="button"><Trans>Open lesson<span className="visually-hidden">: <bdi lang={contentLang}>{title}</bdi></span></Trans></Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** Why these lessons, the learning path and every lesson in the plan's order. */
function PlanCards({ plan }: { plan: ReturnType<typeof planLessons> }) {
  const { t } = useLingui();
  const contentLang = useContentLang();
  const bandName = useBandName();
  return (
    <>
      <section className="card" aria-labelledby="why-title">
        <h2 id="why-title"><Trans>Why these lessons?</Trans></h2>
        <ul className="lessons__reasons">
          {plan.reasons.map((reason) => <li key={reason}>{reason}</li>)}
        </ul>
      </section>

      <section className="card" aria-labelledby="path-title">
        <h2 id="path-title"><Trans>Your learning path</Trans></h2>
        <ol className="lessons__path">
          <li><span>{bandName(plan.stages.current.band)}</span> <span className="badge"><Trans>Active</Trans></span></li>
          {plan.stages.next && <li><span>{bandName(plan.stages.next.band)}</span> <span className="badge badge--muted"><Trans>Locked</Trans></span></li>}
        </ol>
      </section>

      <section className="card lessons__all" aria-labelledby="all-title">
        <h2 id="all-title"><Trans>All lessons</Trans></h2>
        <ul className="lessons__index">
          {plan.ordered.map((lesson) => (
            <li key={lesson.id}>
              <Link to={`/lesson/${lesson.id}`} lang={contentLang}>{lesson.title}</Link>
              <span className="sync-line"> {bandName(lesson.difficulty)}{lesson.completed ? ` · ${t`Completed`}` : ''}</span>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}

function LessonSummary({ lesson, headingLevel }: { lesson: Lesson; headingLevel: 2 | 3 }) {
  const bandName = useBandName();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const minutes = lesson.content.estimatedTime;
  const difficulty = lesson.content.difficulty;
  const contentLang = useContentLang();
  return (
    <>
      <Heading lang={contentLang}>{lesson.title}</Heading>
      <p lang={contentLang}>{lesson.description}</p>
      <p className="lessons__meta">
        <span className="badge">{bandName(lesson.difficulty)}</span>
        <span><Trans>{minutes} min</Trans></span>
        <span><Trans>Difficulty {difficulty}/5</Trans></span>
        {lesson.completed && <span className="badge badge--muted"><Trans>Completed</Trans></span>}
      </p>
    </>
  );
}

function LessonsSkeleton() {
  return <PageSkeleton />;
}
