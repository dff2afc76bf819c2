import { Suspense, useId, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { CLASS_PASTE_MAX, parsePastedNames, REAL_NAME_MAX } from '../../../domain/classes';
import { usernameSchema, type ClassDetail, type ClassStudent } from '../../../schema';
import { Icon } from '../../shared/components/Icon';
import { PageSkeleton } from '../../shared/components/Skeleton';
import { useToast } from '../../shared/components/Toast';
import { messageFor } from '../../shared/api';
import { lazyScreen } from '../../shared/i18n';
import { currentUserId } from '../auth';
import { addStudents, cardsFor, renameStudent, resetStudentPassword, useClass } from './classes';
import { hasWaitingCards } from './class-outbox';
import { HomeworkPanel } from '../homework';
import { useLessons } from '../lessons';
import { ClassTournamentForm } from './ClassTournamentForm';
import { ClassCodesPanel } from './ClassCodesPanel';
import { ClassEditForm } from './ClassEditForm';
import { RemovedStudents, RemoveStudentButton } from './RemovedStudents';
import { CLASS_FORM_MESSAGES, SKILL_LEVEL_LABELS } from './class-labels';
import './classes.css';

// Its texts are in the screens catalogue: lazyScreen loads them with it.
const ClassDashboard = lazyScreen(() => import('./ClassDashboard'));

/** The homework panel with the lessons it may set (read only where the staff see the panel). */
function ClassHomework({ classId, students }: { classId: number; students: readonly ClassStudent[] }) {
  return <HomeworkPanel classId={classId} students={students} lessons={useLessons()} />;
}

/**
 * /classes/{id}: the roster (usernames; real names for the class's staff), a box to paste real
 * names into (one account each), a password reset per student, and the login cards to print. Its
 * staff also edit the class and remove students and put them back (the removed ones are listed
 * under the roster).
 */
export default function ClassDetailScreen() {
  const { t, i18n } = useLingui();
  const { id } = useParams();
  const classId = Number(id);
  const loaded = useClass(Number.isInteger(classId) && classId > 0 ? classId : null);
  if (loaded.status === 'loading') return <PageSkeleton />;
  if (loaded.status === 'notFound') {
    return (
      <div className="page not-found">
        <h1><Trans>Class not found</Trans></h1>
        <Link to="/classes" className="button"><Trans>Back to Classes</Trans></Link>
      </div>
    );
  }
  if (loaded.status === 'error') {
    return (
      <div className="page">
        <div className="notice notice--error" role="alert">
          <p><Trans>Could not load the class.</Trans></p>
          <button type="button" className="button" onClick={loaded.reload}><Trans>Try again</Trans></button>
        </div>
      </div>
    );
  }
  const detail = loaded.value;
  const info = detail.class;
  const count = info.studentCount;
  const max = info.maxMembers;
  return (
    <div className="page class-detail">
      <header className="page__header">
        <Link to="/classes" className="back-link"><Trans>Back to Classes</Trans></Link>
        <h1 translate="no"><bdi>{info.name}</bdi></h1>
        <p className="page__lead">
          <bdi>{info.organizationName}</bdi>
          {info.gradeLevel && <> · <bdi>{info.gradeLevel}</bdi></>}
          {info.skillLevel && <> · {i18n._(SKILL_LEVEL_LABELS[info.skillLevel])}</>}
          {' · '}<Trans>{count} of {max} students</Trans>
        </p>
      </header>
      {loaded.offline && <p className="sync-line"><Trans>Offline: this is the class as it was last time.</Trans></p>}
      {info.canManage && <ClassEditForm key={`${info.name}:${info.maxMembers}`} summary={info} offline={loaded.offline} />}
      {info.canManage && (cardsFor(classId) !== null || hasWaitingCards(classId, info.classKey)) && (
        <p>
          <Link to={`/classes/${classId}/cards`} className="button button--primary"><Icon name="printer" /> <Trans>Print login cards</Trans></Link>
        </p>
      )}
      {info.canManage && info.studentCount > 0 && (
        <p><Link to={`/classes/${classId}/parent-codes`} className="button"><Icon name="printer" /> <Trans>Parent letters</Trans></Link></p>
      )}
      {info.canManage && (
        <Suspense fallback={<div className="skeleton skeleton--card" role="progressbar" aria-label={t`Loading the class’s progress`} />}>
          <ClassDashboard classId={classId} className={info.name} />
        </Suspense>
      )}
      <Roster detail={detail} offline={loaded.offline} reload={loaded.reload} />
      {info.canManage && <RemovedStudents detail={detail} onDone={loaded.reload} />}
      {info.canManage && <ClassHomework classId={classId} students={detail.students} />}
      {info.canManage && <ClassTournamentForm summary={info} offline={loaded.offline} />}
      {info.canManage && <AddStudentsForm detail={detail} offline={loaded.offline} />}
      {info.canManage && <ClassCodesPanel classId={classId} offline={loaded.offline} />}
    </div>
  );
}

function Roster({ detail, offline, reload }: { detail: ClassDetail; offline: boolean; reload: () => void }) {
  const { t } = useLingui();
  const staff = detail.class.canManage;
  if (detail.students.length === 0) {
    return (
      <div className="card empty-state">
        {/* The roster's heading too: focus comes here when the last student is removed (RemovedStudents.tsx). */}
        <h2 id="roster-title"><Trans>No students yet</Trans></h2>
        <p>{staff ? t`Paste your students’ names below to make their accounts.` : t`Students appear here.`}</p>
      </div>
    );
  }
  return (
    <section className="card" aria-labelledby="roster-title">
      <h2 id="roster-title"><Trans>Students</Trans></h2>
      <div className="roster-scroll" tabIndex={0} role="region" aria-label={t`Students of the class`}>
        <table className="roster">
          <thead>
            <tr>
              <th scope="col"><Trans>Username</Trans></th>
              {staff && <th scope="col" className="roster__name-col"><Trans>Name</Trans></th>}
              {staff && <th scope="col"><span className="visually-hidden"><Trans>Actions</Trans></span></th>}
            </tr>
          </thead>
          <tbody>
            {detail.students.map((student) => (
              <StudentRow key={student.userId} classId={detail.class.id} student={student} staff={staff} offline={offline} reload={reload} />
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function StudentRow({ classId, student, staff, offline, reload }: { classId: number; student: ClassStudent; staff: boolean; offline: boolean; reload: () => void }) {
  const { t } = useLingui();
  const username = student.username;
  const toast = useToast();
  const navigate = useNavigate();
  const id = useId();
  const [editing, setEditing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const reset = () => {
    setPending(true);
    resetStudentPassword(classId, student.userId)
      .then(() => navigate(`/classes/${classId}/cards`))
      .catch((failure: unknown) => toast({ title: t`Could not reset the password`, description: messageFor(failure, t`Please try again when you are online.`), variant: 'destructive' }))
      .finally(() => setPending(false));
  };

  const rename = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = new FormData(event.currentTarget).get('username');
    const parsed = usernameSchema.safeParse(typeof value === 'string' ? value : '');
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? t`Invalid username`);
      return;
    }
    const teacherId = currentUserId();
    if (teacherId === null) return;
    setError(null);
    void renameStudent(teacherId, classId, student.userId, parsed.data).then(() => {
      setEditing(false);
      reload();
    });
  };

  return (
    <tr>
      <td>
        {editing ? (
          <form className="roster__rename" onSubmit={rename} noValidate>
            <label htmlFor={`${id}-username`} className="visually-hidden"><Trans>New username for {username}</Trans></label>
            <input id={`${id}-username`} name="username" className="input" defaultValue={student.username} maxLength={20} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} />
            <button type="submit" className="button button--primary"><Trans>Save</Trans></button>
            <button type="button" className="button" onClick={() => { setEditing(false); setError(null); }}><Trans>Cancel</Trans></button>
            {error && <p id={`${id}-error`} className="field__error" role="alert">{error}</p>}
          </form>
        ) : (
          <>
            <bdi className="roster__username">{student.username}</bdi>
            {/* On a phone the real name goes under the username instead of a column of its own. */}
            {staff && student.realName && <span className="roster__name-inline"><bdi>{student.realName}</bdi></span>}
          </>
        )}
      </td>
      {staff && <td className="roster__name roster__name-col"><bdi>{student.realName ?? ''}</bdi></td>}
      {staff && (
        <td className="roster__actions-cell">
          <div className="roster__actions">
            {student.isManaged && !editing && (
              <>
                <button type="button" className="button button--small" onClick={() => setEditing(true)} aria-label={t`Edit username of ${username}`}><Trans>Edit</Trans></button>
                <button type="button" className="button button--small" onClick={reset} disabled={pending || offline} aria-label={t`New password for ${username}`}>
                  <Icon name="key" /> <span className="roster__action-text"><Trans>New password</Trans></span>
                </button>
              </>
            )}
            {!editing && <RemoveStudentButton classId={classId} student={student} onDone={reload} />}
          </div>
        </td>
      )}
    </tr>
  );
}

function AddStudentsForm({ detail, offline }: { detail: ClassDetail; offline: boolean }) {
  const { t, i18n } = useLingui();
  const classId = detail.class.id;
  const room = detail.class.maxMembers - detail.class.studentCount;
  const id = useId();
  const toast = useToast();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const names = parsePastedNames(text);
  const count = names.length;
  const max = CLASS_PASTE_MAX;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (names.length === 0 || names.length > CLASS_PASTE_MAX) return setError(i18n._(CLASS_FORM_MESSAGES.names));
    if (names.some((name) => name.length > REAL_NAME_MAX)) return setError(i18n._(CLASS_FORM_MESSAGES.nameLength));
    if (names.length > room) return setError(i18n._(CLASS_FORM_MESSAGES.full));
    const teacherId = currentUserId();
    if (teacherId === null) return;
    setError(null);
    setPending(true);
    // Through the outbox (app/features/classes/class-outbox.ts): the cards page waits until the accounts are on the server.
    addStudents(teacherId, detail, names)
      .then(() => navigate(`/classes/${classId}/cards`))
      .catch((failure: unknown) => toast({ title: t`Could not add the students`, description: messageFor(failure, t`Please try again.`), variant: 'destructive' }))
      .finally(() => setPending(false));
  };

  return (
    <form className="card class-form" onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}><Trans>Add students</Trans></h2>
      <div className="field">
        <label htmlFor={`${id}-names`} className="field__label"><Trans>Students’ names, one a line</Trans></label>
        <textarea
          id={`${id}-names`}
          className="input class-form__names"
          rows={8}
          value={text}
          onChange={(event) => setText(event.target.value)}
          aria-describedby={`${id}-help${error ? ` ${id}-error` : ''}`}
          aria-invalid={error ? true : undefined}
        />
        <p id={`${id}-help`} className="field__help">
          {t`${plural(count, { one: '# name', other: '# names' })} (up to ${max} at a time). Each gets a username and a password; no e-mail is needed.`}
        </p>
        {error && <p id={`${id}-error`} className="field__error" role="alert">{error}</p>}
      </div>
      {offline && <p className="sync-line"><Trans>You are offline. The accounts are made when you are back online; then print their cards.</Trans></p>}
      <button type="submit" className="button button--primary" disabled={pending}>
        <Icon name="plus" /> {pending ? t`Making accounts...` : t`Make accounts`}
      </button>
    </form>
  );
}
