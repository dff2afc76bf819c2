import { useId } from 'react';
import { changePasswordFormSchema, accountPaths, apiPath } from '../../../schema';
import { TOAST_SUCCESS_MS, useToast } from '../../shared/components/Toast';
import { messageFor, request } from '../../shared/api';
import { PasswordField } from '../../shared/components/fields';
import { useSchemaForm } from '../../shared/components/form';

/** Settings → Change Password (play spec): current, new and confirm, each with show/hide. */
export function ChangePasswordSection() {
  const toast = useToast();
  const headingId = useId();
  const { errors, pending, onSubmit } = useSchemaForm(changePasswordFormSchema, async (values, form) => {
    try {
      await request(apiPath(accountPaths.changePassword), {
        method: 'POST',
        body: { currentPassword: values.currentPassword, newPassword: values.newPassword },
      });
      form.reset();
      toast({ title: 'Password updated', variant: 'success', durationMs: TOAST_SUCCESS_MS });
    } catch (error) {
      toast({ title: 'Error', description: messageFor(error, 'Failed to change password'), variant: 'destructive' });
    }
  });

  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId}>Change Password</h2>
      <form noValidate onSubmit={onSubmit}>
        <PasswordField label="Current Password" name="currentPassword" autoComplete="current-password" error={errors.currentPassword} />
        <PasswordField label="New Password" name="newPassword" autoComplete="new-password" error={errors.newPassword} />
        <PasswordField label="Confirm New Password" name="confirmPassword" autoComplete="new-password" error={errors.confirmPassword} />
        <button type="submit" className="button button--primary" disabled={pending}>
          {pending ? 'Updating...' : 'Update Password'}
        </button>
      </form>
    </section>
  );
}
