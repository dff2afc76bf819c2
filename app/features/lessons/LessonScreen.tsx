import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { LESSON_REPLY_DELAY_MS, type InteractiveSectionContent, type Lesson } from '../../../schema';
import type { Square } from '../../../domain';
import { ReviewBoard } from '../../shared/components/board/ReviewBoard';
import type { Verdict } from '../../shared/components/board/BoardSpeech';
import { PageSkeleton } from '../../shared/components/Skeleton';
import { useToast } from '../../shared/components/Toast';
import { useAuth } from '../auth';
import { useCoachWords } from '../../shared/i18n/coach-words';
import { completeLesson, findLesson, useLessons } from './lessons';
import { attemptsText, hintFor, hintVisible, lessonScore, replyTo, startPractice, tryMove, type PracticeState } from './practice';
import './lessons.css';
import { useContentLang } from '../../shared/i18n';

/** The lesson id of the path: an integer, 1 when it is not one (play spec section 2). */
export function lessonIdOf(param: string | undefined): number {
  const id = Number.parseInt(param ?? '', 10);
  return Number.isInteger(id) && id > 0 ? id : 1;
}

/** The section of ?section=N (1-based, so a reload keeps the child's place), 0 when absent or out of range. */
export function sectionIndexOf(param: string | null, count: number): number {
  const n = Number.parseInt(param ?? '', 10);
  return Number.isInteger(n) && n >= 1 && n <= count ? n - 1 : 0;
}

/** /lesson/{id}: the lesson's sections one at a time, practice boards on the interactive ones. */
export default function LessonScreen() {
  const { id } = useParams();
  const lessons = useLessons();
  const { t } = useLingui();
  if (lessons.status === 'loading') return <PageSkeleton />;
  const lesson = lessons.status === 'ready' ? findLesson(lessons.value, lessonIdOf(id)) : null;
  if (!lesson) {
    return (
      <div className="page not-found">
        <h1><Trans>Lesson not found</Trans></h1>
        <Link to="/lessons" className="button">{t`Back to Lessons`}</Link>
      </div>
    );
  }
  return <LessonView key={lesson.id} lesson={lesson} />;
}

function LessonView({ lesson }: { lesson: Lesson }) {
  const auth = useAuth();
  const toast = useToast();
  const navigate = useNavigate();
  const { t } = useLingui();
  const contentLang = useContentLang();
  const sections = lesson.content.sections;
  const [params, setParams] = useSearchParams();
  const [index, setIndex] = useState(() => sectionIndexOf(params.get('section'), sections.length));
  const section = sections[index]!;
  const interactive = section.type === 'interactive' ? section.content : null;
  // Sections solved without a hint, for the completion's score.
  const solvedClean = useRef(new Set<number>());
  const [practice, setPractice] = useState<PracticeState | null>(interactive ? startPractice(interactive) : null);
  const [finishing, setFinishing] = useState(false);

  const goTo = (next: number) => {
    const target = sections[next];
    if (!target) return;
    setIndex(next);
    setParams({ section: String(next + 1) }, { replace: true });
    // Changing section resets its position.
    setPractice(target.type === 'interactive' ? startPractice(target.content) : null);
  };

  const done = interactive === null || practice?.done === true;
  const last = index === sections.length - 1;
  const interactiveCount = sections.filter((s) => s.type === 'interactive').length;
  const sectionNumber = index + 1;
  const sectionCount = sections.length;

  const finish = async () => {
    if (auth.status !== 'signedIn') return;
    setFinishing(true);
    await completeLesson(auth.user.id, lesson.id, lessonScore(solvedClean.current.size, interactiveCount));
    const title = lesson.title;
    toast({ title: t`Lesson completed!`, description: t`${title}: well done.`, variant: 'success' });
    void navigate('/lessons');
  };

  return (
    <div className="page lesson">
      <header className="page__header">
        <Link to="/lessons" className="back-link">{t`Back to Lessons`}</Link>
        <h1 lang={contentLang}>{lesson.title}</h1>
        <p className="page__lead" lang={contentLang}>{lesson.description}</p>
      </header>
      <div className="lesson__counter">
        <span><Trans>Section {sectionNumber} of {sectionCount}</Trans></span>
        <progress max={sectionCount} value={sectionNumber} aria-label={t`Lesson progress`} />
      </div>
      <section className="card lesson__section" aria-labelledby="section-title">
        <h2 id="section-title" lang={contentLang}>{section.title}</h2>
        <p lang={contentLang}>{section.type === 'text' ? section.content : section.content.content}</p>
        {interactive && practice && (
          <PracticeBoard
            key={index}
            content={interactive}
            state={practice}
            onChange={(next) => {
              if (next.done && !practice.done && !hintVisible(practice)) solvedClean.current.add(index);
              setPractice(next);
            }}
          />
        )}
      </section>
      <nav className="lesson__nav" aria-label={t`Lesson sections`}>
        <button type="button" className="button" disabled={index === 0} onClick={() => goTo(index - 1)}><Trans>Previous</Trans></button>
        {last ? (
          <button type="button" className="button button--primary" disabled={!done || finishing} onClick={() => void finish()}><Trans>Complete Lesson</Trans></button>
        ) : (
          <button type="button" className="button button--primary" disabled={!done} onClick={() => goTo(index + 1)}><Trans>Next</Trans></button>
        )}
      </nav>
    </div>
  );
}

interface PracticeBoardProps {
  content: InteractiveSectionContent;
  state: PracticeState;
  onChange: (state: PracticeState) => void;
}

/**
 * What the move log says of the learner's try (issue 31): the board refuses a wrong move without
 * a sign, so a child who cannot see it hears that it was refused, and the hint once it shows.
 */
function practiceVerdict(content: InteractiveSectionContent, state: PracticeState, i18n: I18n, hint: string): Verdict | null {
  // Worded apart from the success and hint boxes, which say it on screen in the spec's words.
  if (state.done) return { id: 'done', text: i18n._(msg`Solved: that is the move.`) };
  if (state.attempts === 0) return null;
  if (!hintVisible(state)) return { id: state.attempts, text: i18n._(msg`Not the move. Try again.`) };
  return { id: state.attempts, text: i18n._(msg`Not the move. Try again. The hint says ${hint}`) };
}

/** The interactive section: instruction, board, Reset, the success box and the hint box. */
function PracticeBoard({ content, state, onChange }: PracticeBoardProps) {
  const { t, i18n } = useLingui();
  const contentLang = useContentLang();
  const coach = useCoachWords();
  // The written hints, then the coach's idea of the solution in the app's language.
  const hint = hintFor(content, state, (idea) => coach.text(idea.words, idea.text));
  const latest = useRef({ state, onChange });
  latest.current = { state, onChange };
  const [replied, setReplied] = useState(false);

  // 1000 ms after a correct move, the opponent answers with a random legal move.
  useEffect(() => {
    if (!state.done || replied) return;
    const timer = window.setTimeout(() => {
      setReplied(true);
      const reply = replyTo(latest.current.state, Math.random());
      if (reply) latest.current.onChange(reply);
    }, LESSON_REPLY_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [state.done, replied]);

  const turn = state.fen.split(' ')[1] === 'b' ? 'b' : 'w';
  const orientation = content.fen.split(' ')[1] === 'b' ? 'b' : 'w';
  return (
    <div className="practice">
      <p className="practice__instruction" lang={contentLang}><strong>{content.instruction}</strong></p>
      <div className="practice__board" aria-label={turn === 'w' ? t`Practice board, White to move` : t`Practice board, Black to move`} role="group">
        <ReviewBoard
          fen={state.fen}
          orientation={orientation}
          highlight={state.lastMove}
          arrow={null}
          onMove={state.done ? undefined : (from: Square, to: Square) => onChange(tryMove(state, content, from, to))}
          speech={{ verdict: practiceVerdict(content, state, i18n, hint) }}
        />
      </div>
      <button
        type="button"
        className="button"
        onClick={() => {
          setReplied(false);
          onChange(startPractice(content));
        }}
      >
        <Trans>Reset</Trans>
      </button>
      {state.done && (
        <div className="notice notice--success practice__success" role="status">
          <p><Trans><strong>Excellent move!</strong> You've successfully completed this exercise.</Trans></p>
        </div>
      )}
      {hintVisible(state) && (
        <div className="notice practice__hint" role="status">
          <p><strong><Trans>Hint:</Trans></strong> <span lang={contentLang}>{hint}</span></p>
          <p>{attemptsText(state, i18n)}</p>
        </div>
      )}
    </div>
  );
}
