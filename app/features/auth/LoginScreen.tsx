import { Link, useNavigate, useSearchParams } from 'react-router';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { loginRequestSchema, type AuthUser } from '../../../schema';
import { TOAST_SUCCESS_MS, useToast } from '../../shared/components/Toast';
import { messageFor } from '../../shared/api';
import { login } from './auth';
import { ClassCodeSignIn } from './ClassCodeSignIn';
import { TextField, PasswordField } from '../../shared/components/fields';
import { useSchemaForm } from '../../shared/components/form';
import { parseSignInAddress, returnPath } from './sign-in-address';

/**
 * /login: email and password, with links to /forgot-password and /register. With
 * `?with=username` (the address on a class's login cards, issue 19) it asks for the username a
 * teacher gave instead of an e-mail, already filled in from `&u=` (the card's QR code). With
 * `?with=code` it takes the class code on the board instead (ClassCodeSignIn.tsx).
 */
export default function LoginScreen() {
  const toast = useToast();
  const { t } = useLingui();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const { withUsername, username } = parseSignInAddress(params);
  const withCode = params.get('with') === 'code';
  const signedIn = (user: AuthUser) => {
    toast({ title: t`Welcome back!`, description: t`You have successfully logged in.`, variant: 'success', durationMs: TOAST_SUCCESS_MS });
    void navigate(user.onboardingCompleted ? returnPath(params.get('next')) : '/onboarding', { replace: true });
  };
  const registerPath = params.has('next') ? `/register?${new URLSearchParams({ next: params.get('next')! }).toString()}` : '/register';
  const switchTo = (kind: 'username' | 'code' | null) =>
    setParams({ ...(kind === null ? {} : { with: kind }), ...(params.has('next') ? { next: params.get('next')! } : {}) }, { replace: true });
  const { errors, pending, onSubmit } = useSchemaForm(loginRequestSchema, async (values) => {
    try {
      signedIn(await login(values));
    } catch (error) {
      toast({ title: t`Login failed`, description: messageFor(error, t`Please check your credentials and try again.`), variant: 'destructive' });
    }
  });

  return (
    <div className="auth card">
      <h1><Trans>Login</Trans></h1>
      <p className="page__lead"><Trans>Sign in to save your games and follow your progress.</Trans></p>
      <SessionEndedNotice ended={params.get('ended')} />
      {withCode ? (
        <ClassCodeSignIn onSignedIn={signedIn} />
      ) : (
        <form noValidate onSubmit={onSubmit}>
          {withUsername ? (
            <TextField key="username" label={t`Username`} name="username" defaultValue={username} autoComplete="username" autoCapitalize="none" spellCheck={false} error={errors.username ?? errors.email} />
          ) : (
            <TextField key="email" label={t`Email`} name="email" type="email" autoComplete="email" error={errors.email} />
          )}
          <PasswordField label={t`Password`} name="password" autoComplete="current-password" error={errors.password} />
          <button type="submit" className="button button--primary button--block" disabled={pending}>
            {pending ? <Trans>Logging in...</Trans> : <Trans>Login</Trans>}
          </button>
        </form>
      )}
      <p className="auth__links">
        {(withUsername || withCode) && <button type="button" className="link-button" onClick={() => switchTo(null)}><Trans>Sign in with an e-mail address</Trans></button>}
        {!withUsername && <button type="button" className="link-button" onClick={() => switchTo('username')}><Trans>I have a username from my teacher</Trans></button>}
        {!withCode && <button type="button" className="link-button" onClick={() => switchTo('code')}><Trans>I have a class code</Trans></button>}
        {!withUsername && !withCode && <Link to="/forgot-password"><Trans>Forgot password?</Trans></Link>}
        <span><Trans>Don&apos;t have an account? <Link to={registerPath}>Sign Up</Link></Trans></span>
      </p>
    </div>
  );
}

/**
 * Issue 26: the server ended the session (expired, or revoked), so the account's data has left
 * this device; `ended` counts its changes not yet saved, which wait for its next sign-in here.
 */
function SessionEndedNotice({ ended }: { ended: string | null }) {
  if (ended === null) return null;
  const kept = Number.parseInt(ended, 10);
  return (
    <div className="notice" role="status">
      <p>
        <Trans>Your session has ended. Please sign in again.</Trans>
        {kept > 0 && ' '}
        {kept > 0 && (
          <Plural
            value={kept}
            one="A change not yet saved waits on this device and will be saved when this account signs in again."
            other="# changes not yet saved wait on this device and will be saved when this account signs in again."
          />
        )}
      </p>
    </div>
  );
}
