import { useState } from 'react';
import { Link, useParams } from 'react-router';
import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ClassStudent, ParentLetter } from '../../../schema';
import { Icon } from '../../shared/components/Icon';
import { PageSkeleton } from '../../shared/components/Skeleton';
import { formatDay } from '../../shared/components/dates';
import { useToast } from '../../shared/components/Toast';
import { messageFor } from '../../shared/api';
import { useClass } from './classes';
import { makeParentCodes, parentCodesFor, useParentLetters } from '../parents';
// The print rules that hide the app around a sheet and set A4 (shared with the tournament sheets).
import '../tournaments/tournaments.css';
import './classes.css';

/** What the teacher reads of a child's newest letter (issue 26). */
function letterText(letter: ParentLetter | undefined): MessageDescriptor {
  if (letter === undefined) return msg`No letter yet.`;
  switch (letter.state) {
    case 'usable': {
      const day = formatDay(letter.expiresAt);
      return msg`Works until ${day}.`;
    }
    case 'used': {
      const day = formatDay(letter.usedAt);
      return msg`A parent linked on ${day}.`;
    }
    case 'expired': {
      const day = formatDay(letter.expiresAt);
      return msg`Ended on ${day}.`;
    }
    case 'retired':
      return msg`Retired for safety: many wrong codes were typed while it worked.`;
  }
}

/**
 * /classes/{id}/parent-codes (issue 19): a letter for each child's parent, with the child's real
 * name, a one-time link code, the app's address and what to do. Codes are made when the teacher
 * asks (a new code replaces the child's earlier one, so a reload never cancels printed letters
 * by itself) and kept in this tab's memory only. Issue 26: how each child's newest letter stands
 * (a code retired after many wrong guesses is named, with a new letter one tap away), and a new
 * code for one letter in one tap.
 */
export default function ParentLettersScreen() {
  const { t } = useLingui();
  const { id } = useParams();
  const classId = Number(id);
  const valid = Number.isInteger(classId) && classId > 0;
  const loaded = useClass(valid ? classId : null);
  const states = useParentLetters(valid ? classId : null);
  const toast = useToast();
  const [codes, setCodes] = useState(() => (valid ? parentCodesFor(classId) : new Map()));
  const [pending, setPending] = useState(false);
  const address = `${window.location.origin}/children`;

  if (loaded.status === 'loading') return <PageSkeleton />;
  if (loaded.status !== 'ready' || !loaded.value.class.canManage) {
    return (
      <div className="page not-found">
        <h1><Trans>Class not found</Trans></h1>
        <Link to="/classes" className="button"><Trans>Back to Classes</Trans></Link>
      </div>
    );
  }
  const detail = loaded.value;
  const students = detail.students;
  const offline = loaded.offline;
  const className = detail.class.name;

  const make = (userIds: readonly number[]) => {
    setPending(true);
    makeParentCodes(classId, userIds)
      .then((made) => {
        setCodes(made);
        if (states.status !== 'loading') states.reload();
      })
      .catch((failure: unknown) => toast({ title: t`Could not make the codes`, description: messageFor(failure, t`Please try again when you are online.`), variant: 'destructive' }))
      .finally(() => setPending(false));
  };
  const letters = students.filter((student) => codes.has(student.userId));
  const given = new Map((states.status === 'ready' ? states.value.letters : []).map((letter) => [letter.userId, letter]));
  const retired = students.filter((student) => given.get(student.userId)?.state === 'retired');

  return (
    <div className="page print-page">
      <div className="print-toolbar">
        <Link to={`/classes/${classId}`} className="button"><Icon name="arrowLeft" /> <Trans>Back to the class</Trans></Link>
        {letters.length > 0 && <button type="button" className="button button--primary" onClick={() => window.print()}><Icon name="printer" /> <Trans>Print</Trans></button>}
      </div>
      <h1 className="cards-title"><Trans>Parent letters: <bdi>{className}</bdi></Trans></h1>
      {letters.length === 0 ? (
        <>
          {retired.length > 0 && <RetiredNotice retired={retired} make={make} disabled={pending || offline} />}
          <MakeLettersCard students={students} make={make} pending={pending} offline={offline} />
          {states.status === 'ready' && students.length > 0 && <LettersGiven students={students} given={given} make={make} disabled={pending || offline} />}
        </>
      ) : (
        <LetterSheets letters={letters} codes={codes} address={address} make={make} disabled={pending || offline} />
      )}
    </div>
  );
}

const nameOf = (student: ClassStudent) => student.realName ?? student.username;
type Make = (userIds: readonly number[]) => void;

/** Issue 26: letters retired after many wrong guesses, with new ones one tap away. */
function RetiredNotice({ retired, make, disabled }: { retired: ClassStudent[]; make: Make; disabled: boolean }) {
  const { t } = useLingui();
  const count = retired.length;
  const name = nameOf(retired[0]!);
  return (
    <div className="notice notice--error parent-letters__retired" role="status" data-testid="parent-letters-retired">
      <p>
        <strong>{t`${plural(count, { one: 'One letter was retired for safety.', other: '# letters were retired for safety.' })}`}</strong>{' '}
        {t`${plural(count, {
          one: 'Many wrong codes were typed while it worked: someone may be guessing codes. Give this child a new letter.',
          other: 'Many wrong codes were typed while they worked: someone may be guessing codes. Give these children a new letter.',
        })}`}
      </p>
      <button type="button" className="button button--primary" onClick={() => make(retired.map((student) => student.userId))} disabled={disabled}>
        {count === 1 ? t`New letter for ${name}` : t`${plural(count, { other: 'New letters for these # children' })}`}
      </button>
    </div>
  );
}

function MakeLettersCard({ students, make, pending, offline }: { students: ClassStudent[]; make: Make; pending: boolean; offline: boolean }) {
  const { t } = useLingui();
  const count = students.length;
  return (
    <div className="card">
      <p><Trans>Each letter has a code a parent types to follow their child&apos;s progress and set their Parental Controls. A code works once, for 30 days.</Trans></p>
      <p className="field__hint"><Trans>Making new letters cancels the codes of letters printed before for these children.</Trans></p>
      <button type="button" className="button button--primary" onClick={() => make(students.map((student) => student.userId))} disabled={pending || offline || students.length === 0}>
        {pending ? t`Making codes…` : t`${plural(count, { one: 'Make letters for # student', other: 'Make letters for # students' })}`}
      </button>
      {offline && <p className="field__hint"><Trans>You are offline. Codes can be made when you are online.</Trans></p>}
    </div>
  );
}

/** How each child's newest letter stands, with a new one for that child. */
function LettersGiven({ students, given, make, disabled }: { students: ClassStudent[]; given: Map<number, ParentLetter>; make: Make; disabled: boolean }) {
  const { t, i18n } = useLingui();
  return (
    <section className="card" aria-labelledby="letters-given-title">
      <h2 id="letters-given-title"><Trans>Letters given</Trans></h2>
      <ul className="parent-letters__given">
        {students.map((student) => {
          const name = nameOf(student);
          return (
            <li key={student.userId}>
              <span>
                <bdi className="parent-letters__name">{name}</bdi>
                <span className={given.get(student.userId)?.state === 'retired' ? 'parent-letters__state parent-letters__state--retired' : 'parent-letters__state'}>{i18n._(letterText(given.get(student.userId)))}</span>
              </span>
              <button type="button" className="button" onClick={() => make([student.userId])} disabled={disabled} aria-label={t`New letter for ${name}`}>
                <Trans>New letter</Trans>
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

interface SheetsProps {
  letters: ClassStudent[];
  codes: ReturnType<typeof parentCodesFor>;
  address: string;
  make: Make;
  disabled: boolean;
}

/** The letters to print, one per child, each with its code shown only now. */
function LetterSheets({ letters, codes, address, make, disabled }: SheetsProps) {
  const { t } = useLingui();
  return (
    <>
      <p className="cards-note"><Trans>Cut along the lines and give each letter to the child&apos;s parent. These codes are shown only now.</Trans></p>
      <ul className="login-cards parent-letters" aria-label={t`Parent letters`}>
        {letters.map((student) => {
          const code = codes.get(student.userId)!;
          const name = nameOf(student);
          const day = formatDay(code.expiresAt);
          return (
            <li key={student.userId} className="login-card parent-letter" data-testid="parent-letter">
              <div className="login-card__text">
                <p className="login-card__class"><Trans>Dear parent of</Trans></p>
                <p className="login-card__name"><bdi>{name}</bdi></p>
                <ol className="parent-letter__steps">
                  <li><Trans>Open <span className="parent-letter__address">{address}</span></Trans></li>
                  <li><Trans>Sign in, or choose Sign Up to make your own account.</Trans></li>
                  <li><Trans>Type this code under “Link a child”:</Trans></li>
                </ol>
                <p className="parent-letter__code" data-testid="parent-code">{code.code}</p>
                <p className="parent-letter__small"><Trans>The code works once, until {day}. You will see your child&apos;s progress and play time, and can set their daily play time.</Trans></p>
                <button type="button" className="button parent-letter__new" onClick={() => make([student.userId])} disabled={disabled} aria-label={t`New code for ${name}`}>
                  <Trans>New code</Trans>
                </button>
              </div>
            </li>
          );
        })}
      </ul>
    </>
  );
}
