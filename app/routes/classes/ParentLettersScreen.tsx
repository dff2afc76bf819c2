import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Icon } from '../../components/Icon';
import { PageSkeleton } from '../../components/Skeleton';
import { formatDay } from '../../components/dates';
import { useToast } from '../../components/Toast';
import { messageFor } from '../../data/api';
import { useClass } from '../../data/classes';
import { makeParentCodes, parentCodesFor } from '../../data/parents';
// The print rules that hide the app around a sheet and set A4 (shared with the tournament sheets).
import '../tournaments/tournaments.css';
import './classes.css';

/**
 * /classes/{id}/parent-codes (issue 19): a letter for each child's parent, with the child's real
 * name, a one-time link code, the app's address and what to do. Codes are made when the teacher
 * asks (a new code replaces the child's earlier one, so a reload never cancels printed letters
 * by itself) and kept in this tab's memory only.
 */
export default function ParentLettersScreen() {
  const { id } = useParams();
  const classId = Number(id);
  const valid = Number.isInteger(classId) && classId > 0;
  const loaded = useClass(valid ? classId : null);
  const toast = useToast();
  const [codes, setCodes] = useState(() => (valid ? parentCodesFor(classId) : new Map()));
  const [pending, setPending] = useState(false);
  const address = `${window.location.origin}/children`;

  if (loaded.status === 'loading') return <PageSkeleton />;
  if (loaded.status !== 'ready' || !loaded.value.class.canManage) {
    return (
      <div className="page not-found">
        <h1>Class not found</h1>
        <Link to="/classes" className="button">Back to Classes</Link>
      </div>
    );
  }
  const detail = loaded.value;
  const students = detail.students;

  const make = () => {
    setPending(true);
    makeParentCodes(classId, students.map((student) => student.userId))
      .then(setCodes)
      .catch((failure: unknown) => toast({ title: 'Could not make the codes', description: messageFor(failure, 'Please try again when you are online.'), variant: 'destructive' }))
      .finally(() => setPending(false));
  };
  const letters = students.filter((student) => codes.has(student.userId));

  return (
    <div className="page print-page">
      <div className="print-toolbar">
        <Link to={`/classes/${classId}`} className="button"><Icon name="arrowLeft" /> Back to the class</Link>
        {letters.length > 0 && <button type="button" className="button button--primary" onClick={() => window.print()}><Icon name="printer" /> Print</button>}
      </div>
      <h1 className="cards-title">Parent letters: <bdi>{detail.class.name}</bdi></h1>
      {letters.length === 0 ? (
        <div className="card">
          <p>Each letter has a code a parent types to follow their child&apos;s progress and set their Parental Controls. A code works once, for 30 days.</p>
          <p className="field__hint">Making new letters cancels the codes of letters printed before for these children.</p>
          <button type="button" className="button button--primary" onClick={make} disabled={pending || loaded.offline || students.length === 0}>
            {pending ? 'Making codes…' : `Make letters for ${students.length} student${students.length === 1 ? '' : 's'}`}
          </button>
          {loaded.offline && <p className="field__hint">You are offline. Codes can be made when you are online.</p>}
        </div>
      ) : (
        <>
          <p className="cards-note">Cut along the lines and give each letter to the child&apos;s parent. These codes are shown only now.</p>
          <ul className="login-cards parent-letters" aria-label="Parent letters">
            {letters.map((student) => {
              const code = codes.get(student.userId)!;
              return (
                <li key={student.userId} className="login-card parent-letter" data-testid="parent-letter">
                  <div className="login-card__text">
                    <p className="login-card__class">Dear parent of</p>
                    <p className="login-card__name"><bdi>{student.realName ?? student.username}</bdi></p>
                    <ol className="parent-letter__steps">
                      <li>Open <span className="parent-letter__address">{address}</span></li>
                      <li>Sign in, or choose Sign Up to make your own account.</li>
                      <li>Type this code under “Link a child”:</li>
                    </ol>
                    <p className="parent-letter__code" data-testid="parent-code">{code.code}</p>
                    <p className="parent-letter__small">The code works once, until {formatDay(code.expiresAt)}. You will see your child&apos;s progress and play time, and can set their daily play time.</p>
                  </div>
                </li>
              );
            })}
          </ul>
        </>
      )}
    </div>
  );
}
