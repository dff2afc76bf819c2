import { useId, useRef, useState, type FormEvent } from 'react';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { checkDueDate, endOfDay, HOMEWORK_COUNT_MAX, HOMEWORK_NOTE_MAX, isHomeworkDone } from '../../../domain/homework';
import {
  DIFFICULTIES,
  PUZZLE_THEMES,
  type ClassHomework,
  type ClassStudent,
  type Difficulty,
  type HomeworkKind,
  type HomeworkTask,
  type Lesson,
  type PuzzleTheme,
} from '../../../schema';
import { ConfirmDialog } from '../../shared/components/ConfirmDialog';
import { focusAfterRemoval } from '../../shared/focus-after-removal';
import { formatDateTime, formatDay } from '../../shared/components/dates';
import { Icon } from '../../shared/components/Icon';
import { useToast } from '../../shared/components/Toast';
import { useAuth } from '../auth';
import { puzzleThemeName } from '../puzzles';
import { assignHomework, cancelHomework, describeTask, LEVEL_WORDS, queuedAssignments, STATUS_WORDS, useClassHomework } from './homework';
import { useOutbox } from '../../shared/outbox';
import type { CachedLoad } from '../../shared/cached-page';
import { serverMessage } from '../../shared/i18n/server-messages';
import { useContentLang } from '../../shared/i18n';

const KIND_WORDS: Readonly<Record<HomeworkKind, MessageDescriptor>> = { lesson: msg`A lesson`, puzzles: msg`Puzzles of a theme`, games: msg`Games against the computer` };

/** YYYY-MM-DD of the day `days` from today, in the device's time zone (the date field's value). */
function dayFromToday(days: number): string {
  const day = new Date();
  day.setDate(day.getDate() + days);
  return `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
}

function formatSeconds(i18n: I18n, seconds: number | null): string {
  if (seconds === null) return '—';
  if (seconds < 60) return i18n._(msg`${seconds} s`);
  const minutes = Math.round(seconds / 60);
  return i18n._(msg`${minutes} min`);
}

/**
 * /classes/{id}, the class's staff (issue 19): set homework (a lesson, puzzles of a theme or games
 * against the computer, with a due date and a note, for the whole class or chosen students) and,
 * per assignment, who finished, when, with how many attempts and how long, and who is late.
 * Setting it is queued in the outbox (shown as waiting until it is sent). `lessons` is the lessons
 * catalogue (lessons' useLessons), handed in by the class screen: Lessons shows the student's
 * homework, so homework may not import lessons.
 */
export function HomeworkPanel({ classId, students, lessons }: { classId: number; students: readonly ClassStudent[]; lessons: CachedLoad<Lesson[]> }) {
  const auth = useAuth();
  const { i18n } = useLingui();
  const teacherId = auth.status === 'signedIn' ? auth.user.id : null;
  const loaded = useClassHomework(classId);
  const entries = useOutbox(teacherId);
  const queued = queuedAssignments(entries, classId);
  const lessonList = lessons.status === 'ready' ? lessons.value : [];
  const titleOf = (task: HomeworkTask) => (task.kind === 'lesson' ? (lessonList.find((lesson) => lesson.id === task.lessonId)?.title ?? null) : null);
  return (
    <section className="card class-homework" aria-labelledby="class-homework-title">
      <h2 id="class-homework-title"><Icon name="book" /> <Trans>Homework</Trans></h2>
      {teacherId !== null && <AssignForm classId={classId} teacherId={teacherId} students={students} lessonList={lessonList} titleOf={titleOf} />}
      {queued.length > 0 && (
        <ul className="class-homework__list">
          {queued.map((args) => {
            const due = formatDay(args.dueAt);
            return (
              <li key={args.key} className="class-homework__item">
                <p className="class-homework__what"><bdi>{describeTask(i18n, args.task, titleOf(args.task))}</bdi></p>
                <p className="sync-line"><Trans>Waiting to be sent · due {due}</Trans></p>
              </li>
            );
          })}
        </ul>
      )}
      {loaded.status === 'loading' && <p aria-busy="true"><Trans>Loading homework...</Trans></p>}
      {loaded.status === 'error' && (
        <p role="alert">
          <Trans>Could not load the homework.</Trans> <button type="button" className="button button--small" onClick={loaded.reload}><Trans>Try again</Trans></button>
        </p>
      )}
      {loaded.status === 'ready' && (
        <>
          {loaded.offline && <p className="sync-line"><Trans>Offline: this is the homework as it was last time.</Trans></p>}
          {loaded.value.homework.length === 0 && queued.length === 0 && <p><Trans>No homework set yet.</Trans></p>}
          <ul className="class-homework__list">
            {loaded.value.homework.map((homework, index) => (
              <Assignment key={homework.id} classId={classId} teacherId={teacherId} homework={homework} open={index === 0} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

/**
 * One assignment: what, when due, how many finished, and who (each student's row). The first
 * listed opens with its students; the others are closed to one line each, so a class with many
 * assignments keeps a page the teacher can scroll.
 */
function Assignment({ classId, teacherId, homework, open }: { classId: number; teacherId: number | null; homework: ClassHomework; open: boolean }) {
  const { t, i18n } = useLingui();
  const [confirming, setConfirming] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const finished = homework.students.filter((student) => isHomeworkDone(student.progress.status)).length;
  const late = homework.students.filter((student) => student.progress.status === 'late').length;
  const what = describeTask(i18n, homework.task, homework.lessonTitle);
  const due = formatDay(homework.dueAt);
  const chosen = homework.students.length;
  const progressOf = (done: number, target: number) => t`${done} of ${target}`;
  return (
    <li className="class-homework__item">
      <p className="class-homework__what"><bdi>{what}</bdi></p>
      <p>
        {t`Due ${due}`} · {homework.allStudents ? t`Whole class` : t`${chosen} chosen`} · {t`${finished} of ${chosen} finished`}
        {late > 0 && <> · <span className="homework__status homework__status--late">{t`${late} late`}</span></>}
      </p>
      {homework.note && <p className="homework__note"><bdi>{homework.note}</bdi></p>}
      {homework.students.length > 0 && (
        <details className="class-homework__finished" open={open}>
          <summary><Trans>Each student</Trans></summary>
          <div className="roster-scroll" tabIndex={0} role="region" aria-label={t`Who finished: ${what}`}>
            <table className="roster class-homework__table">
              <thead>
                <tr>
                  <th scope="col"><Trans>Student</Trans></th>
                  <th scope="col"><Trans>Status</Trans></th>
                  <th scope="col"><Trans>Finished</Trans></th>
                  <th scope="col"><Trans>Attempts</Trans></th>
                  <th scope="col"><Trans>Time</Trans></th>
                </tr>
              </thead>
              <tbody>
                {homework.students.map((student) => (
                  <tr key={student.userId}>
                    <td><bdi className="roster__username">{student.username}</bdi>{student.realName && <><br /><bdi>{student.realName}</bdi></>}</td>
                    <td><span className={`homework__status homework__status--${student.progress.status}`}>{i18n._(STATUS_WORDS[student.progress.status])}</span>{!isHomeworkDone(student.progress.status) && homework.task.kind !== 'lesson' && <> ({progressOf(student.progress.done, student.progress.target)})</>}</td>
                    <td>{student.progress.completedAt ? formatDateTime(student.progress.completedAt) : '—'}</td>
                    <td>{student.progress.attempts}</td>
                    <td>{formatSeconds(i18n, student.progress.timeSpent)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      )}
      {teacherId !== null && (
        <button ref={opener} type="button" className="button button--small" data-row-action="cancel-homework" onClick={() => setConfirming(true)}>
          <Trans>Cancel homework</Trans><span className="visually-hidden">: {what}</span>
        </button>
      )}
      {confirming && teacherId !== null && (
        <ConfirmDialog
          title={t`Cancel this homework?`}
          message={t`${what} will leave your students’ lists. What they have done stays in their progress.`}
          confirmLabel={t`Cancel homework`}
          cancelLabel={t`Keep it`}
          onConfirm={() => {
            setConfirming(false);
            focusAfterRemoval(opener.current, { row: 'li', heading: () => document.getElementById('class-homework-title') });
            void cancelHomework(teacherId, classId, homework.id);
          }}
          onCancel={() => setConfirming(false)}
        />
      )}
    </li>
  );
}

interface AssignFormProps {
  classId: number;
  teacherId: number;
  students: readonly ClassStudent[];
  lessonList: readonly Lesson[];
  titleOf: (task: HomeworkTask) => string | null;
}

/** The form's fields, each its own state. */
function useAssignFields() {
  const [kind, setKind] = useState<HomeworkKind>('lesson');
  const [lessonId, setLessonId] = useState('');
  const [theme, setTheme] = useState<PuzzleTheme>('fork');
  const [level, setLevel] = useState<Difficulty>('beginner');
  const [count, setCount] = useState('3');
  const [due, setDue] = useState(dayFromToday(7));
  const [note, setNote] = useState('');
  const [wholeClass, setWholeClass] = useState(true);
  const [chosen, setChosen] = useState<number[]>([]);
  return { kind, setKind, lessonId, setLessonId, theme, setTheme, level, setLevel, count, setCount, due, setDue, note, setNote, wholeClass, setWholeClass, chosen, setChosen };
}

type AssignFields = ReturnType<typeof useAssignFields>;

/** The task the fields describe, or what is wrong with them (the first thing, as the form shows one). */
function taskFrom(i18n: I18n, f: AssignFields, lessonList: readonly Lesson[]): { task: HomeworkTask; dueAt: string } | { error: string } {
  const dueAt = endOfDay(f.due);
  const number = Number(f.count);
  let task: HomeworkTask;
  if (f.kind === 'lesson') {
    if (!lessonList.some((lesson) => String(lesson.id) === f.lessonId)) return { error: i18n._(msg`Choose a lesson`) };
    task = { kind: 'lesson', lessonId: Number(f.lessonId) };
  } else {
    if (!Number.isInteger(number) || number < 1 || number > HOMEWORK_COUNT_MAX) return { error: i18n._(msg`Choose a number from 1 to ${HOMEWORK_COUNT_MAX}`) };
    task = f.kind === 'puzzles' ? { kind: f.kind, theme: f.theme, count: number } : { kind: f.kind, level: f.level, count: number };
  }
  if (dueAt === null) return { error: i18n._(serverMessage('ERR_HOMEWORK_DUE_IN_PAST')) };
  const check = checkDueDate(dueAt, new Date());
  if (!check.ok) return { error: i18n._(serverMessage(check.error.code === 'ERR_DUE_PAST' ? 'ERR_HOMEWORK_DUE_IN_PAST' : 'ERR_HOMEWORK_DUE_TOO_FAR')) };
  if (!f.wholeClass && f.chosen.length === 0) return { error: i18n._(serverMessage('ERR_HOMEWORK_STUDENTS')) };
  return { task, dueAt };
}

function AssignForm({ classId, teacherId, students, lessonList, titleOf }: AssignFormProps) {
  const id = useId();
  const toast = useToast();
  const { t, i18n } = useLingui();
  const f = useAssignFields();
  const [error, setError] = useState<string | null>(null);
  const typed = f.note.length;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = taskFrom(i18n, f, lessonList);
    if ('error' in checked) return setError(checked.error);
    const { task, dueAt } = checked;
    setError(null);
    void assignHomework(teacherId, { classId, task, dueAt, note: f.note.trim(), studentIds: f.wholeClass ? null : f.chosen }).then(() => {
      toast({ title: t`Homework set`, description: navigator.onLine ? describeTask(i18n, task, titleOf(task)) : t`It will be sent when you are back online.`, variant: 'success' });
      f.setNote('');
      f.setChosen([]);
    });
  };

  return (
    <form className="class-form class-homework__form" onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}><Trans>Set homework</Trans></h3>
      <TaskFields id={id} f={f} lessonList={lessonList} />
      <div className="field">
        <label htmlFor={`${id}-note`} className="field__label"><Trans>Note for the students (optional)</Trans></label>
        <textarea id={`${id}-note`} className="input" rows={2} maxLength={HOMEWORK_NOTE_MAX} value={f.note} onChange={(event) => f.setNote(event.target.value)} aria-describedby={`${id}-note-help`} />
        <p id={`${id}-note-help`} className="field__help">{t`${typed} of ${HOMEWORK_NOTE_MAX} characters`}</p>
      </div>
      <WhoFields id={id} f={f} students={students} />
      {error && <p className="field__error" role="alert">{error}</p>}
      <button type="submit" className="button button--primary"><Icon name="plus" /> <Trans>Set homework</Trans></button>
    </form>
  );
}

/** What to do (a lesson, puzzles of a theme, games), how many, and by when. */
function TaskFields({ id, f, lessonList }: { id: string; f: AssignFields; lessonList: readonly Lesson[] }) {
  const contentLang = useContentLang();
  const { kind } = f;
  const { i18n } = useLingui();
  return (
    <div className="class-form__row">
      <div className="field">
        <label htmlFor={`${id}-kind`} className="field__label"><Trans>What</Trans></label>
        <select id={`${id}-kind`} className="input" value={kind} onChange={(event) => f.setKind(event.target.value as HomeworkKind)}>
          {(Object.keys(KIND_WORDS) as HomeworkKind[]).map((each) => <option key={each} value={each}>{i18n._(KIND_WORDS[each])}</option>)}
        </select>
      </div>
      {kind === 'lesson' && (
        <div className="field">
          <label htmlFor={`${id}-lesson`} className="field__label"><Trans>Lesson</Trans></label>
          <select id={`${id}-lesson`} className="input" value={f.lessonId} onChange={(event) => f.setLessonId(event.target.value)}>
            <option value="">{i18n._(msg`Choose a lesson`)}</option>
            {lessonList.map((lesson) => <option key={lesson.id} value={lesson.id} lang={contentLang}>{lesson.title}</option>)}
          </select>
        </div>
      )}
      {kind === 'puzzles' && (
        <div className="field">
          <label htmlFor={`${id}-theme`} className="field__label"><Trans>Theme</Trans></label>
          <select id={`${id}-theme`} className="input" value={f.theme} onChange={(event) => f.setTheme(event.target.value as PuzzleTheme)}>
            {PUZZLE_THEMES.map((each) => <option key={each} value={each}>{puzzleThemeName(i18n, each)}</option>)}
          </select>
        </div>
      )}
      {kind === 'games' && (
        <div className="field">
          <label htmlFor={`${id}-level`} className="field__label"><Trans>Computer level</Trans></label>
          <select id={`${id}-level`} className="input" value={f.level} onChange={(event) => f.setLevel(event.target.value as Difficulty)}>
            {DIFFICULTIES.map((each) => <option key={each} value={each}>{i18n._(LEVEL_WORDS[each])}</option>)}
          </select>
        </div>
      )}
      {kind !== 'lesson' && (
        <div className="field">
          <label htmlFor={`${id}-count`} className="field__label">{kind === 'puzzles' ? <Trans>Puzzles to solve</Trans> : <Trans>Games to play</Trans>}</label>
          <input id={`${id}-count`} className="input" type="number" inputMode="numeric" min={1} max={HOMEWORK_COUNT_MAX} value={f.count} onChange={(event) => f.setCount(event.target.value)} />
        </div>
      )}
      <div className="field">
        <label htmlFor={`${id}-due`} className="field__label"><Trans>Due date</Trans></label>
        <input id={`${id}-due`} className="input" type="date" min={dayFromToday(0)} max={dayFromToday(365)} value={f.due} onChange={(event) => f.setDue(event.target.value)} />
      </div>
    </div>
  );
}

/** The whole class, or the students ticked. */
function WhoFields({ id, f, students }: { id: string; f: AssignFields; students: readonly ClassStudent[] }) {
  const { wholeClass, chosen, setChosen } = f;
  return (
    <fieldset className="class-homework__who">
      <legend><Trans>For</Trans></legend>
      <label><input type="radio" name={`${id}-who`} checked={wholeClass} onChange={() => f.setWholeClass(true)} /> <Trans>The whole class</Trans></label>
      <label><input type="radio" name={`${id}-who`} checked={!wholeClass} onChange={() => f.setWholeClass(false)} /> <Trans>Chosen students</Trans></label>
      {!wholeClass && (
        <ul className="class-homework__students">
          {students.map((student) => (
            <li key={student.userId}>
              <label>
                <input
                  type="checkbox"
                  checked={chosen.includes(student.userId)}
                  onChange={(event) => setChosen((now) => (event.target.checked ? [...now, student.userId] : now.filter((each) => each !== student.userId)))}
                />{' '}
                <bdi>{student.username}</bdi>{student.realName && <> (<bdi>{student.realName}</bdi>)</>}
              </label>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
