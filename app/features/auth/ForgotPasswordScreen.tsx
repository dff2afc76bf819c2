import { useState } from 'react';
import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { forgotPasswordRequestSchema, messageResponseSchema, accountPaths, apiPath } from '../../../schema';
import { TOAST_SUCCESS_MS, useToast } from '../../shared/components/Toast';
import { messageFor, requestJson } from '../../shared/api';
import { TextField } from '../../shared/components/fields';
import { useSchemaForm } from '../../shared/components/form';

/** /forgot-password: an email; on success the 'Check your email' panel. */
export default function ForgotPasswordScreen() {
  const toast = useToast();
  const { t } = useLingui();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { errors, pending, onSubmit } = useSchemaForm(forgotPasswordRequestSchema, async (values) => {
    try {
      const answer = await requestJson(apiPath(accountPaths.forgotPassword), messageResponseSchema, { method: 'POST', body: values });
      toast({ title: t`Reset link sent`, description: answer.message, variant: 'success', durationMs: TOAST_SUCCESS_MS });
      setSentTo(values.email);
    } catch (error) {
      toast({ title: t`Error`, description: messageFor(error, t`Please try again later.`), variant: 'destructive' });
    }
  });

  if (sentTo !== null) {
    return (
      <div className="auth card" role="region" aria-labelledby="check-email">
        <h1 id="check-email"><Trans>Check your email</Trans></h1>
        <p><Trans>If an account exists for <strong>{sentTo}</strong>, we sent a link to reset the password. The link works for one hour.</Trans></p>
        <p className="field__hint">
          <Trans>
            Didn&apos;t get it? Check your spam folder or{' '}
            <button type="button" className="link-button" onClick={() => setSentTo(null)}>try again</button>.
          </Trans>
        </p>
        <Link to="/login" className="button button--primary button--block"><Trans>Back to Login</Trans></Link>
      </div>
    );
  }

  return (
    <div className="auth card">
      <h1><Trans>Forgot Password</Trans></h1>
      <p className="page__lead"><Trans>Enter your email and we will send you a link to reset your password.</Trans></p>
      <form noValidate onSubmit={onSubmit}>
        <TextField label={t`Email`} name="email" type="email" autoComplete="email" error={errors.email} />
        <button type="submit" className="button button--primary button--block" disabled={pending}>
          {pending ? <Trans>Sending...</Trans> : <Trans>Send Reset Link</Trans>}
        </button>
      </form>
      <p className="auth__links">
        <Link to="/login"><Trans>Back to Login</Trans></Link>
      </p>
    </div>
  );
}
