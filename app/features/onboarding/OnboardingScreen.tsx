import { useEffect, useRef, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { puzzleTagLabel, type OnboardingPuzzle } from '../../../schema';
import { ReviewBoard } from '../../shared/components/board/ReviewBoard';
import { LoadError } from '../../shared/components/LoadError';
import { PageSkeleton } from '../../shared/components/Skeleton';
import { usePuzzles } from './assessment';
import { useAuth } from '../auth';
import { puzzleThemeName } from '../puzzles';
import { readRecord } from '../../shared/db';
import { assessmentProgressRecord, type AssessmentProgress } from './assessment-record';
import { onMove, reset, showSolution, useAdvanceWhenSolved, useAssessment, usePuzzleShown, type OnBoard } from './useAssessment';
import './onboarding.css';
import { useContentLang } from '../../shared/i18n';

/**
 * The skill assessment (accounts spec sections 2 and 4): the puzzles in order; a correct first
 * move advances after 1.5 s; Show Solution locks the board and offers Next Puzzle or Complete
 * Assessment; every attempt and the completion go through the outbox.
 */
export default function OnboardingScreen() {
  const puzzles = usePuzzles();
  const { t } = useLingui();
  if (puzzles.status === 'loading') return <PageSkeleton />;
  if (puzzles.status !== 'ready') {
    return (
      <main id="main" className="page assessment">
        <h1><Trans>Skill Assessment</Trans></h1>
        <LoadError message={t`The puzzles could not be loaded. Check the connection and try again.`} onRetry={puzzles.reload} />
      </main>
    );
  }
  return <Resumed puzzles={puzzles.value} />;
}

/** The same user's assessment of the same puzzles, as saved on this device (null: start afresh). */
function savedFor(saved: AssessmentProgress | null, userId: number | null, puzzles: OnboardingPuzzle[]): AssessmentProgress | null {
  if (saved === null || saved.userId !== userId || saved.index >= puzzles.length) return null;
  if (saved.puzzleIds.length !== puzzles.length || saved.puzzleIds.some((id, i) => puzzles[i]?.id !== id)) return null;
  return saved;
}

/** Reads where this user's assessment was (a reload does not go back to '1 of 10'), then shows it. */
function Resumed({ puzzles }: { puzzles: OnboardingPuzzle[] }) {
  const auth = useAuth();
  const userId = auth.status === 'signedIn' ? auth.user.id : null;
  const [saved, setSaved] = useState<{ value: AssessmentProgress | null } | null>(null);
  // Read once per user and puzzle list (the list is parsed afresh on every render).
  const latest = useRef(puzzles);
  latest.current = puzzles;
  const ids = puzzles.map((p) => p.id).join(',');
  useEffect(() => {
    let live = true;
    void readRecord(assessmentProgressRecord).then((value) => {
      if (live) setSaved({ value: savedFor(value, userId, latest.current) });
    });
    return () => {
      live = false;
    };
  }, [userId, ids]);
  if (saved === null) return <PageSkeleton />;
  return <Assessment puzzles={puzzles} userId={userId} saved={saved.value} />;
}

function Assessment({ puzzles, userId, saved }: { puzzles: OnboardingPuzzle[]; userId: number | null; saved: AssessmentProgress | null }) {
  const a = useAssessment(puzzles, userId, saved);
  usePuzzleShown(a);
  useAdvanceWhenSolved(a);
  const puzzle = puzzles[a.index];
  if (!puzzle || a.fen === null) return <PageSkeleton />;
  return <AssessmentPage a={{ ...a, puzzle, answer: puzzle.solution[0]!, fen: a.fen }} />;
}

function AssessmentPage({ a }: { a: OnBoard }) {
  const contentLang = useContentLang();
  const { puzzle, puzzles, index, status } = a;
  const { t, i18n } = useLingui();
  // The side the puzzle is for: it stays once the answer is on the board.
  const toMove = puzzle.fen.split(' ')[1] === 'b' ? t`Black to move` : t`White to move`;
  const last = index === puzzles.length - 1;
  const number = index + 1;
  const count = puzzles.length;
  const rating = puzzle.rating;
  return (
    <main id="main" className="page assessment">
      <h1><Trans>Skill Assessment</Trans></h1>
      <p className="page__lead"><Trans>Solve these puzzles so we can find the right starting level for you.</Trans></p>
      <div className="assessment__progress">
        <span><Trans>{number} of {count}</Trans></span>
        <progress max={count} value={number} aria-label={t`Assessment progress`} />
      </div>
      <section className="card assessment__puzzle" aria-labelledby="puzzle-title">
        <div className="assessment__head">
          <h2 id="puzzle-title"><Trans>Puzzle {number}</Trans></h2>
          <span className="badge"><Trans>Rating {rating}</Trans></span>
          <span className="badge badge--turn" data-testid="to-move">{toMove}</span>
        </div>
        {puzzle.description && <p lang={contentLang}>{puzzle.description}</p>}
        {puzzle.tags.length > 0 && (
          <p className="assessment__tags">
            {puzzle.tags.map((tag) => <span key={tag} className="badge badge--muted">{puzzleThemeName(i18n, tag, puzzleTagLabel(tag))}</span>)}
          </p>
        )}
        <div className="assessment__board">
          <ReviewBoard fen={a.fen} orientation={puzzle.fen.split(' ')[1] === 'b' ? 'b' : 'w'} highlight={a.lastMove} arrow={null} onMove={status === 'solving' ? (from, to) => onMove(a, from, to) : undefined} speech={{ verdict: a.verdict }} />
        </div>
        <div className="assessment__actions">
          <button type="button" className="button" onClick={() => reset(a)} disabled={status === 'solved'}><Trans>Reset</Trans></button>
          <button type="button" className="button" onClick={() => showSolution(a)} disabled={status !== 'solving'}><Trans>Show Solution</Trans></button>
          {status === 'revealed' && (
            last ? (
              <button type="button" className="button button--primary" onClick={() => void a.complete()}><Trans>Complete Assessment</Trans></button>
            ) : (
              <button type="button" className="button button--primary" onClick={() => a.goTo(index + 1)}><Trans>Next Puzzle</Trans></button>
            )
          )}
        </div>
      </section>
    </main>
  );
}
