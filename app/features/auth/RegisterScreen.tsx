import { Link, useNavigate, useSearchParams } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { registerRequestSchema } from '../../../schema';
import { TOAST_SUCCESS_MS, useToast } from '../../shared/components/Toast';
import { messageFor } from '../../shared/api';
import { register } from './auth';
import { TextField, PasswordField } from '../../shared/components/fields';
import { useSchemaForm } from '../../shared/components/form';
import { returnPath } from './sign-in-address';
import { useDeviceLanguage } from '../../shared/device-preferences';

/** /register: username, email and password, with a link to /login; then the assessment. */
export default function RegisterScreen() {
  const toast = useToast();
  const { t } = useLingui();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = params.get('next');
  // Issue 28: the language chosen on this device before signing up becomes the account's (its e-mails' too).
  const deviceLanguage = useDeviceLanguage() ?? null;
  const { errors, pending, onSubmit } = useSchemaForm(registerRequestSchema, async (values) => {
    try {
      await register(deviceLanguage === null ? values : { ...values, language: deviceLanguage });
      toast({ title: t`Welcome to Chess Learning!`, description: t`Your account has been created successfully.`, variant: 'success', durationMs: TOAST_SUCCESS_MS });
      // The page opened before signing up (a parent's /children); the gate sends everyone else to the assessment.
      void navigate(next === null ? '/onboarding' : returnPath(next), { replace: true });
    } catch (error) {
      toast({ title: t`Registration failed`, description: messageFor(error, t`Please try again.`), variant: 'destructive' });
    }
  });

  return (
    <div className="auth card">
      <h1><Trans>Sign Up</Trans></h1>
      <p className="page__lead"><Trans>Create an account to save your games and take the skill assessment.</Trans></p>
      <form noValidate onSubmit={onSubmit}>
        <TextField label={t`Username`} name="username" autoComplete="username" error={errors.username} />
        <TextField label={t`Email`} name="email" type="email" autoComplete="email" error={errors.email} />
        <PasswordField label={t`Password`} name="password" autoComplete="new-password" placeholder={t`min. 6 characters`} error={errors.password} />
        <button type="submit" className="button button--primary button--block" disabled={pending}>
          {pending ? <Trans>Creating account...</Trans> : <Trans>Sign Up</Trans>}
        </button>
      </form>
      <p className="auth__links">
        <span><Trans>Already have an account? <Link to="/login">Login</Link></Trans></span>
      </p>
    </div>
  );
}
