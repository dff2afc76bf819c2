import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { MESSAGES, messageResponseSchema, resetPasswordFormSchema, resetTokenSchema, accountPaths, apiPath } from '../../../schema';
import { TOAST_SUCCESS_MS, useToast } from '../../shared/components/Toast';
import { messageFor, requestJson } from '../../shared/api';
import { PasswordField } from '../../shared/components/fields';
import { useSchemaForm } from '../../shared/components/form';

/**
 * /reset-password?token=...: new and confirm password, each with a show/hide toggle. Without a
 * usable token: the 'Invalid Reset Link' panel and the spec's toast; after success: 'Password
 * Reset Complete' and 'Continue to Login'.
 */
export default function ResetPasswordScreen() {
  const toast = useToast();
  const [params] = useSearchParams();
  const token = params.get('token');
  const tokenValid = token !== null && resetTokenSchema.safeParse(token).success;
  const [done, setDone] = useState(false);
  const warned = useRef(false);

  useEffect(() => {
    if (tokenValid || warned.current) return;
    warned.current = true;
    toast({ title: 'Invalid reset link', description: MESSAGES.resetLinkInvalid, variant: 'destructive' });
  }, [tokenValid, toast]);

  const { errors, pending, onSubmit } = useSchemaForm(resetPasswordFormSchema, async (values) => {
    try {
      const answer = await requestJson(apiPath(accountPaths.resetPassword), messageResponseSchema, {
        method: 'POST',
        body: { token, newPassword: values.newPassword },
      });
      toast({ title: 'Password reset successful', description: answer.message, variant: 'success', durationMs: TOAST_SUCCESS_MS });
      setDone(true);
    } catch (error) {
      toast({ title: 'Reset failed', description: messageFor(error, 'Please try again or request a new reset link.'), variant: 'destructive' });
    }
  });

  if (!tokenValid) {
    return (
      <div className="auth card">
        <h1>Invalid Reset Link</h1>
        <p>{MESSAGES.resetLinkInvalid}</p>
        <div className="auth__actions">
          <Link to="/forgot-password" className="button button--primary">Request a new link</Link>
          <Link to="/login" className="button">Back to Login</Link>
        </div>
      </div>
    );
  }

  if (done) {
    return (
      <div className="auth card">
        <h1>Password Reset Complete</h1>
        <p>Your password has been changed. You can now log in with your new password.</p>
        <Link to="/login" className="button button--primary button--block">Continue to Login</Link>
      </div>
    );
  }

  return (
    <div className="auth card">
      <h1>Reset Password</h1>
      <p className="page__lead">Choose a new password of at least 6 characters.</p>
      <form noValidate onSubmit={onSubmit}>
        <PasswordField label="New Password" name="newPassword" autoComplete="new-password" error={errors.newPassword} />
        <PasswordField label="Confirm Password" name="confirmPassword" autoComplete="new-password" error={errors.confirmPassword} />
        <button type="submit" className="button button--primary button--block" disabled={pending}>
          {pending ? 'Resetting...' : 'Reset Password'}
        </button>
      </form>
      <p className="auth__links">
        <Link to="/login">Back to Login</Link>
      </p>
    </div>
  );
}
