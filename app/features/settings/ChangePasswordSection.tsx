import { useId } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { changePasswordFormSchema, accountPaths, apiPath } from '../../../schema';
import { TOAST_SUCCESS_MS, useToast } from '../../shared/components/Toast';
import { messageFor, request } from '../../shared/api';
import { PasswordField } from '../../shared/components/fields';
import { useSchemaForm } from '../../shared/components/form';

/** Settings → Change Password (play spec): current, new and confirm, each with show/hide. */
export function ChangePasswordSection() {
  const toast = useToast();
  const { t } = useLingui();
  const headingId = useId();
  const { errors, pending, onSubmit } = useSchemaForm(changePasswordFormSchema, async (values, form) => {
    try {
      await request(apiPath(accountPaths.changePassword), {
        method: 'POST',
        body: { currentPassword: values.currentPassword, newPassword: values.newPassword },
      });
      form.reset();
      toast({ title: t`Password updated`, variant: 'success', durationMs: TOAST_SUCCESS_MS });
    } catch (error) {
      toast({ title: t`Error`, description: messageFor(error, t`Failed to change password`), variant: 'destructive' });
    }
  });

  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId}><Trans>Change Password</Trans></h2>
      <form noValidate onSubmit={onSubmit}>
        <PasswordField label={t`Current Password`} name="currentPassword" autoComplete="current-password" error={errors.currentPassword} />
        <PasswordField label={t`New Password`} name="newPassword" autoComplete="new-password" error={errors.newPassword} />
        <PasswordField label={t`Confirm New Password`} name="confirmPassword" autoComplete="new-password" error={errors.confirmPassword} />
        <button type="submit" className="button button--primary" disabled={pending}>
          {pending ? <Trans>Updating...</Trans> : <Trans>Update Password</Trans>}
        </button>
      </form>
    </section>
  );
}
