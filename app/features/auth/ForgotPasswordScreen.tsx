import { useState } from 'react';
import { Link } from 'react-router';
import { forgotPasswordRequestSchema, messageResponseSchema, accountPaths, apiPath } from '../../../schema';
import { TOAST_SUCCESS_MS, useToast } from '../../shared/components/Toast';
import { messageFor, requestJson } from '../../shared/api';
import { TextField } from '../../shared/components/fields';
import { useSchemaForm } from '../../shared/components/form';

/** /forgot-password: an email; on success the 'Check your email' panel. */
export default function ForgotPasswordScreen() {
  const toast = useToast();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { errors, pending, onSubmit } = useSchemaForm(forgotPasswordRequestSchema, async (values) => {
    try {
      const answer = await requestJson(apiPath(accountPaths.forgotPassword), messageResponseSchema, { method: 'POST', body: values });
      toast({ title: 'Reset link sent', description: answer.message, variant: 'success', durationMs: TOAST_SUCCESS_MS });
      setSentTo(values.email);
    } catch (error) {
      toast({ title: 'Error', description: messageFor(error, 'Please try again later.'), variant: 'destructive' });
    }
  });

  if (sentTo !== null) {
    return (
      <div className="auth card" role="region" aria-labelledby="check-email">
        <h1 id="check-email">Check your email</h1>
        <p>If an account exists for <strong>{sentTo}</strong>, we sent a link to reset the password. The link works for one hour.</p>
        <p className="field__hint">
          Didn&apos;t get it? Check your spam folder or{' '}
          <button type="button" className="link-button" onClick={() => setSentTo(null)}>try again</button>.
        </p>
        <Link to="/login" className="button button--primary button--block">Back to Login</Link>
      </div>
    );
  }

  return (
    <div className="auth card">
      <h1>Forgot Password</h1>
      <p className="page__lead">Enter your email and we will send you a link to reset your password.</p>
      <form noValidate onSubmit={onSubmit}>
        <TextField label="Email" name="email" type="email" autoComplete="email" error={errors.email} />
        <button type="submit" className="button button--primary button--block" disabled={pending}>
          {pending ? 'Sending...' : 'Send Reset Link'}
        </button>
      </form>
      <p className="auth__links">
        <Link to="/login">Back to Login</Link>
      </p>
    </div>
  );
}
