import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { messageResponseSchema, verifyTokenSchema, accountPaths, apiPath } from '../../../schema';
import { useAuth } from './auth';
import { messageFor, requestJson } from '../../shared/api';
import { serverMessage } from '../../shared/i18n/server-messages';

type State = { step: 'checking' } | { step: 'verified'; message: string } | { step: 'failed'; message: string } | { step: 'ask' };

/**
 * /verify-email?token=...: the link of the verification e-mail. Opens signed in or not: checks
 * the token once and says whether the address is verified. Without a usable token, a signed-in
 * user may ask for a new link (roles are granted only to verified addresses).
 */
export default function VerifyEmailScreen() {
  const { t, i18n } = useLingui();
  const linkInvalid = i18n._(serverMessage('ERR_VERIFY_LINK_INVALID'));
  const [params] = useSearchParams();
  const token = params.get('token');
  const tokenValid = token !== null && verifyTokenSchema.safeParse(token).success;
  const auth = useAuth();
  const [state, setState] = useState<State>(tokenValid ? { step: 'checking' } : { step: 'ask' });
  const [sent, setSent] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const started = useRef(false);

  useEffect(() => {
    if (!tokenValid || started.current) return;
    started.current = true;
    requestJson(apiPath(accountPaths.verifyEmail), messageResponseSchema, { method: 'POST', body: { token } })
      .then((answer) => setState({ step: 'verified', message: answer.message }))
      .catch((error: unknown) => setState({ step: 'failed', message: messageFor(error, linkInvalid) }));
  }, [token, tokenValid, linkInvalid]);

  const sendAgain = async () => {
    setSending(true);
    try {
      const answer = await requestJson(apiPath(accountPaths.sendVerification), messageResponseSchema, { method: 'POST' });
      setSent(answer.message);
    } catch (error) {
      setSent(messageFor(error, t`The link could not be sent. Please try again later.`));
    } finally {
      setSending(false);
    }
  };

  const signedIn = auth.status === 'signedIn';
  return (
    <main id="main" className="auth-main">
      <div className="auth-frame">
        <div className="auth card">
          <h1><Trans>Verify your e-mail</Trans></h1>
          {state.step === 'checking' && (
            <p role="status" aria-live="polite"><Trans>Checking your link...</Trans></p>
          )}
          {state.step === 'verified' && <p role="status">{state.message}</p>}
          {state.step === 'failed' && <p role="alert">{state.message}</p>}
          {(state.step === 'failed' || state.step === 'ask') && (
            signedIn ? (
              <div className="auth__actions">
                <button type="button" className="button button--primary" disabled={sending} onClick={() => void sendAgain()}>
                  {sending ? <Trans>Sending...</Trans> : <Trans>Send a new verification link</Trans>}
                </button>
              </div>
            ) : (
              <p><Trans>Sign in to ask for a new verification link.</Trans></p>
            )
          )}
          {sent !== null && <p role="status">{sent}</p>}
          <p className="auth__links">
            <Link to={signedIn ? '/' : '/login'}>{signedIn ? <Trans>Back to the app</Trans> : <Trans>Back to Login</Trans>}</Link>
          </p>
        </div>
      </div>
    </main>
  );
}
