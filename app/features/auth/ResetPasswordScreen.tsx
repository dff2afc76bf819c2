import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { messageResponseSchema, resetPasswordFormSchema, resetTokenSchema, accountPaths, apiPath } from '../../../schema';
import { TOAST_SUCCESS_MS, useToast } from '../../shared/components/Toast';
import { messageFor, requestJson } from '../../shared/api';
import { PasswordField } from '../../shared/components/fields';
import { useSchemaForm } from '../../shared/components/form';
import { serverMessage } from '../../shared/i18n/server-messages';

/**
 * /reset-password?token=...: new and confirm password, each with a show/hide toggle. Without a
 * usable token: the 'Invalid Reset Link' panel and the spec's toast; after success: 'Password
 * Reset Complete' and 'Continue to Login'.
 */
export default function ResetPasswordScreen() {
  const toast = useToast();
  const { t, i18n } = useLingui();
  const linkInvalid = i18n._(serverMessage('ERR_RESET_LINK_INVALID'));
  const [params] = useSearchParams();
  const token = params.get('token');
  const tokenValid = token !== null && resetTokenSchema.safeParse(token).success;
  const [done, setDone] = useState(false);
  const warned = useRef(false);

  useEffect(() => {
    if (tokenValid || warned.current) return;
    warned.current = true;
    toast({ title: t`Invalid reset link`, description: linkInvalid, variant: 'destructive' });
  }, [tokenValid, toast, t, linkInvalid]);

  const { errors, pending, onSubmit } = useSchemaForm(resetPasswordFormSchema, async (values) => {
    try {
      const answer = await requestJson(apiPath(accountPaths.resetPassword), messageResponseSchema, {
        method: 'POST',
        body: { token, newPassword: values.newPassword },
      });
      toast({ title: t`Password reset successful`, description: answer.message, variant: 'success', durationMs: TOAST_SUCCESS_MS });
      setDone(true);
    } catch (error) {
      toast({ title: t`Reset failed`, description: messageFor(error, t`Please try again or request a new reset link.`), variant: 'destructive' });
    }
  });

  if (!tokenValid) {
    return (
      <div className="auth card">
        <h1><Trans>Invalid Reset Link</Trans></h1>
        <p>{linkInvalid}</p>
        <div className="auth__actions">
          <Link to="/forgot-password" className="button button--primary"><Trans>Request a new link</Trans></Link>
          <Link to="/login" className="button"><Trans>Back to Login</Trans></Link>
        </div>
      </div>
    );
  }

  if (done) {
    return (
      <div className="auth card">
        <h1><Trans>Password Reset Complete</Trans></h1>
        <p><Trans>Your password has been changed. You can now log in with your new password.</Trans></p>
        <Link to="/login" className="button button--primary button--block"><Trans>Continue to Login</Trans></Link>
      </div>
    );
  }

  return (
    <div className="auth card">
      <h1><Trans>Reset Password</Trans></h1>
      <p className="page__lead"><Trans>Choose a new password of at least 6 characters.</Trans></p>
      <form noValidate onSubmit={onSubmit}>
        <PasswordField label={t`New Password`} name="newPassword" autoComplete="new-password" error={errors.newPassword} />
        <PasswordField label={t`Confirm Password`} name="confirmPassword" autoComplete="new-password" error={errors.confirmPassword} />
        <button type="submit" className="button button--primary button--block" disabled={pending}>
          {pending ? <Trans>Resetting...</Trans> : <Trans>Reset Password</Trans>}
        </button>
      </form>
      <p className="auth__links">
        <Link to="/login"><Trans>Back to Login</Trans></Link>
      </p>
    </div>
  );
}
