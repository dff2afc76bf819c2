import { useState } from 'react';
import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
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
  const { t } = useLingui();
  if (panel.joinCodeState === 'retired') {
    return (
      <div className="notice notice--error class-codes__stopped" role="status" data-testid="join-code-retired">
        <p><Trans><strong>This join code was retired for safety.</strong> Many wrong join codes were typed while it worked: someone may be guessing codes. Make a new one and give it to the students who still need to join.</Trans></p>
      </div>
    );
  }
  if (panel.joinCodeState === 'expired') {
    const day = formatDay(panel.joinCodeExpiresAt);
    return <p className="notice notice--error" role="status"><Trans>This join code ended on {day}. Make a new one for the students who still need to join.</Trans></p>;
  }
  const until = panel.joinCodeExpiresAt ? formatDay(panel.joinCodeExpiresAt) : null;
  return (
    <p className="field__help">
      {until ? t`Works until ${until}. A new join code stops the old one from working.` : t`A new join code stops the old one from working.`}
    </p>
  );
}

/**
 * For the class's staff on /classes/{id} (issue 19): the sign-in code for the board, the join
 * code for students who already have an account (with how it stands, issue 26), and the requests
 * waiting to be let in.
 */
export function ClassCodesPanel({ classId, offline }: { classId: number; offline: boolean }) {
  const { t } = useLingui();
  const toast = useToast();
  const panel = useJoinPanel(classId);
  const [pending, setPending] = useState(false);

  const remake = () => {
    setPending(true);
    newJoinCode(classId)
      .catch((failure: unknown) => toast({ title: t`Could not make a join code`, description: messageFor(failure, t`Please try again when you are online.`), variant: 'destructive' }))
      .finally(() => setPending(false));
  };

  const answer = (userId: number, approve: boolean) => {
    const teacherId = currentUserId();
    if (teacherId !== null) void answerJoin(teacherId, classId, userId, approve);
  };

  const value = panel.status === 'ready' ? panel.value : null;
  return (
    <section className="card class-codes" aria-labelledby="class-codes-title">
      <h2 id="class-codes-title"><Trans>Signing in and joining</Trans></h2>
      <p><Trans>Children with a login card can sign in with a code you show on the board: they tap their username and type their password.</Trans></p>
      <div className="class-codes__actions">
        <Link to={`/classes/${classId}/sign-in-code`} className="button button--primary"><Icon name="key" /> <Trans>Show sign-in code</Trans></Link>
      </div>
      <h3><Trans>Join code</Trans></h3>
      <p><Trans>Students who already have an account type it under Classes, then you let them in here.</Trans></p>
      {value === null ? (
        <p>{panel.status === 'loading' ? t`Loading...` : t`Could not load the join code.`}</p>
      ) : (
        <>
          {value.joinCode ? (
            <div className={`class-codes__join-code${value.joinCodeState === 'retired' || value.joinCodeState === 'expired' ? ' class-codes__join-code--ended' : ''}`} data-testid="join-code">
              {formatClassCode(value.joinCode)}
            </div>
          ) : (
            <p><Trans>No join code yet.</Trans></p>
          )}
          {value.joinCode && <JoinCodeState panel={value} />}
          <div className="class-codes__actions">
            <button type="button" className="button" onClick={remake} disabled={pending || offline}>
              {value.joinCode ? t`New join code` : t`Make a join code`}
            </button>
          </div>
          <h3><Trans>Waiting to join</Trans></h3>
          {value.requests.length === 0 ? (
            <p><Trans>Nobody is waiting.</Trans></p>
          ) : (
            <ul className="join-requests" aria-label={t`Students waiting to join`}>
              {value.requests.map(({ userId, username }) => (
                <li key={userId}>
                  <bdi className="join-requests__name">{username}</bdi>
                  <span className="class-codes__actions">
                    <button type="button" className="button button--primary" onClick={() => answer(userId, true)} aria-label={t`Let in: ${username}`}>
                      <Icon name="check" /> <Trans>Let in</Trans>
                    </button>
                    <button type="button" className="button" onClick={() => answer(userId, false)} aria-label={t`Decline ${username}`}>
                      <Icon name="cross" /> <Trans>Decline</Trans>
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
