import { useState } from 'react';
import { Link } from 'react-router';
import { formatClassCode } from '../../../domain/class-codes';
import type { ClassJoinPanel } from '../../../schema';
import { Icon } from '../../shared/components/Icon';
import { useToast } from '../../shared/components/Toast';
import { formatDay } from '../../shared/components/dates';
import { messageFor } from '../../shared/api';
import { currentUserId } from '../auth';
import { answerJoin, newJoinCode, useJoinPanel } from './class-codes';
import './class-codes.css';

/** How the join code stands (issue 26): until when it works, or why it no longer does. */
function JoinCodeState({ panel }: { panel: ClassJoinPanel }) {
  if (panel.joinCodeState === 'retired') {
    return (
      <div className="notice notice--error class-codes__stopped" role="status" data-testid="join-code-retired">
        <p><strong>This join code was retired for safety.</strong> Many wrong join codes were typed while it worked: someone may be guessing codes. Make a new one and give it to the students who still need to join.</p>
      </div>
    );
  }
  if (panel.joinCodeState === 'expired') {
    return <p className="notice notice--error" role="status">This join code ended on {formatDay(panel.joinCodeExpiresAt)}. Make a new one for the students who still need to join.</p>;
  }
  return (
    <p className="field__help">
      {panel.joinCodeExpiresAt ? `Works until ${formatDay(panel.joinCodeExpiresAt)}. ` : ''}A new join code stops the old one from working.
    </p>
  );
}

/**
 * For the class's staff on /classes/{id} (issue 19): the sign-in code for the board, the join
 * code for students who already have an account (with how it stands, issue 26), and the requests
 * waiting to be let in.
 */
export function ClassCodesPanel({ classId, offline }: { classId: number; offline: boolean }) {
  const toast = useToast();
  const panel = useJoinPanel(classId);
  const [pending, setPending] = useState(false);

  const remake = () => {
    setPending(true);
    newJoinCode(classId)
      .catch((failure: unknown) => toast({ title: 'Could not make a join code', description: messageFor(failure, 'Please try again when you are online.'), variant: 'destructive' }))
      .finally(() => setPending(false));
  };

  const answer = (userId: number, approve: boolean) => {
    const teacherId = currentUserId();
    if (teacherId !== null) void answerJoin(teacherId, classId, userId, approve);
  };

  const value = panel.status === 'ready' ? panel.value : null;
  return (
    <section className="card class-codes" aria-labelledby="class-codes-title">
      <h2 id="class-codes-title">Signing in and joining</h2>
      <p>Children with a login card can sign in with a code you show on the board: they tap their username and type their password.</p>
      <div className="class-codes__actions">
        <Link to={`/classes/${classId}/sign-in-code`} className="button button--primary"><Icon name="key" /> Show sign-in code</Link>
      </div>
      <h3>Join code</h3>
      <p>Students who already have an account type it under Classes, then you let them in here.</p>
      {value === null ? (
        <p>{panel.status === 'loading' ? 'Loading...' : 'Could not load the join code.'}</p>
      ) : (
        <>
          {value.joinCode ? (
            <div className={`class-codes__join-code${value.joinCodeState === 'retired' || value.joinCodeState === 'expired' ? ' class-codes__join-code--ended' : ''}`} data-testid="join-code">
              {formatClassCode(value.joinCode)}
            </div>
          ) : (
            <p>No join code yet.</p>
          )}
          {value.joinCode && <JoinCodeState panel={value} />}
          <div className="class-codes__actions">
            <button type="button" className="button" onClick={remake} disabled={pending || offline}>
              {value.joinCode ? 'New join code' : 'Make a join code'}
            </button>
          </div>
          <h3>Waiting to join</h3>
          {value.requests.length === 0 ? (
            <p>Nobody is waiting.</p>
          ) : (
            <ul className="join-requests" aria-label="Students waiting to join">
              {value.requests.map((request) => (
                <li key={request.userId}>
                  <bdi className="join-requests__name">{request.username}</bdi>
                  <span className="class-codes__actions">
                    <button type="button" className="button button--primary" onClick={() => answer(request.userId, true)} aria-label={`Let in: ${request.username}`}>
                      <Icon name="check" /> Let in
                    </button>
                    <button type="button" className="button" onClick={() => answer(request.userId, false)} aria-label={`Decline ${request.username}`}>
                      <Icon name="cross" /> Decline
                    </button>
                  </span>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
