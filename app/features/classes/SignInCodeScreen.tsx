import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatClassCode, formatCountdown } from '../../../domain/class-codes';
import type { SignInCode } from '../../../schema';
import { messageFor } from '../../shared/api';
import { makeSignInCode, signInCodeStatus } from './class-codes';
import { useClass } from './classes';
import './class-codes.css';

/** How often the board asks whether its code still stands (issue 26). */
const WATCH_MS = 15_000;

/** Why the code on the board stopped working before its time: see `useCodeWatch`. */
type Stopped = 'retired' | 'replaced' | null;

/**
 * Asks the server every WATCH_MS while the code should still work: it may have been retired after
 * many wrong guesses (issue 26), or replaced by a code made on another screen. Offline or a failed
 * question changes nothing: the code may well still work.
 */
function useCodeWatch(classId: number, code: SignInCode | null): Stopped {
  const [stopped, setStopped] = useState<{ code: SignInCode; why: Exclude<Stopped, null> } | null>(null);
  useEffect(() => {
    if (code === null) return;
    let cancelled = false;
    const check = () => {
      if (Date.parse(code.expiresAt) <= Date.now()) return;
      signInCodeStatus(classId)
        .then((status) => {
          if (cancelled) return;
          if (status.expiresAt !== null && status.expiresAt !== code.expiresAt) setStopped({ code, why: 'replaced' });
          else if (status.state === 'retired') setStopped({ code, why: 'retired' });
        })
        .catch(() => undefined);
    };
    const timer = window.setInterval(check, WATCH_MS);
    return () => {
      cancelled = true;
      window.clearInterval(timer);
    };
  }, [classId, code]);
  return stopped !== null && stopped.code === code ? stopped.why : null;
}

/**
 * /classes/{id}/sign-in-code (issue 19): the class's sign-in code, large, for the board or the
 * projector, with the time it has left. Opening the page makes a new code (the last one stops
 * working); nothing of it is stored on the device. Outside the app's frame, like the projector.
 * When the code is retired (issue 26: too many wrong codes were typed while it was shown) the
 * board says so and offers a new code.
 */
export default function SignInCodeScreen() {
  const { t } = useLingui();
  const { id } = useParams();
  const classId = Number(id);
  const loaded = useClass(Number.isInteger(classId) && classId > 0 ? classId : null);
  const [code, setCode] = useState<SignInCode | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [now, setNow] = useState(() => Date.now());
  const started = useRef(false);

  const make = useCallback(() => {
    setPending(true);
    setError(null);
    makeSignInCode(classId)
      .then((made) => {
        setCode(made);
        setNow(Date.now());
      })
      .catch((failure: unknown) => setError(messageFor(failure, t`You are offline. A sign-in code needs the internet.`)))
      .finally(() => setPending(false));
  }, [classId, t]);

  useEffect(() => {
    // Once per visit (React's development mode runs effects twice: a second code would replace the first).
    if (started.current) return;
    started.current = true;
    make();
  }, [make]);

  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);

  const stopped = useCodeWatch(classId, code);
  const left = code ? new Date(code.expiresAt).getTime() - now : 0;
  const works = left > 0 && stopped === null;
  const className = loaded.status === 'ready' ? loaded.value.class.name : '';
  const address = `${window.location.origin}/login?with=code`;

  return (
    <main id="main" className="sign-in-board">
      <header className="sign-in-board__header">
        <h1>{className ? <bdi>{className}</bdi> : t`Class sign-in`}</h1>
        <Link to={`/classes/${classId}`} className="button"><Trans>Back to the class</Trans></Link>
      </header>
      {error !== null && (
        <div className="notice notice--error" role="alert">
          <p>{error}</p>
          <button type="button" className="button" onClick={make} disabled={pending}><Trans>Try again</Trans></button>
        </div>
      )}
      {code === null && error === null && <p className="sign-in-board__wait" role="status"><Trans>Making a code...</Trans></p>}
      {code !== null && (
        <>
          <p className="sign-in-board__step"><Trans>Go to <strong>{address}</strong> and type this code:</Trans></p>
          {/* A div, not a paragraph: the code is what the board shows, not a heading (axe p-as-heading). */}
          <div className={`sign-in-board__code${works ? '' : ' sign-in-board__code--ended'}`} data-testid="sign-in-code">
            {formatClassCode(code.code)}
          </div>
          <p className="sign-in-board__step"><Trans>Then tap your username and type your password.</Trans></p>
          <CodeState stopped={stopped} left={left} />
          <p>
            <button type="button" className="button button--primary" onClick={make} disabled={pending}>
              {works ? t`New code` : t`Show a new code`}
            </button>
          </p>
        </>
      )}
    </main>
  );
}

/** Whether the code shown still works: retired, replaced on another screen, the time it has left, or ended. */
function CodeState({ stopped, left }: { stopped: ReturnType<typeof useCodeWatch>; left: number }) {
  const countdown = formatCountdown(left);
  return stopped === 'retired' ? (
    <div className="notice notice--error sign-in-board__stopped" role="alert">
      <p><strong><Trans>This code was retired for safety.</Trans></strong></p>
      <p><Trans>Many wrong codes were typed while it was shown: someone may be guessing codes. Show a new code; the children&apos;s passwords are not affected.</Trans></p>
    </div>
  ) : stopped === 'replaced' ? (
    <p className="sign-in-board__timer" role="alert"><Trans>A newer code was made for this class on another screen. This one no longer works.</Trans></p>
  ) : left > 0 ? (
    <p className="sign-in-board__timer">
      <Trans>Works for <span role="timer" aria-live="off">{countdown}</span> more</Trans>
    </p>
  ) : (
    <p className="sign-in-board__timer" role="status"><Trans>This code has ended.</Trans></p>
  );
}
