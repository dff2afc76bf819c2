import { useId, useState, type FormEvent } from 'react';
import { changePasswordFormSchema } from '../../../schema';
import { TOAST_SUCCESS_MS, useToast } from '../../components/Toast';
import { messageFor, request } from '../../data/api';
import { PasswordField } from '../auth/fields';
import { fieldErrors, formValues, type FieldErrors } from '../auth/form';

/** Settings → Change Password (play spec): current, new and confirm, each with show/hide. */
export function ChangePasswordSection() {
  const toast = useToast();
  const headingId = useId();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const parsed = changePasswordFormSchema.safeParse(formValues(form));
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    setPending(true);
    try {
      await request('/api/auth/change-password', {
        method: 'POST',
        body: { currentPassword: parsed.data.currentPassword, newPassword: parsed.data.newPassword },
      });
      form.reset();
      toast({ title: 'Password updated', variant: 'success', durationMs: TOAST_SUCCESS_MS });
    } catch (error) {
      toast({ title: 'Error', description: messageFor(error, 'Failed to change password'), variant: 'destructive' });
    } finally {
      setPending(false);
    }
  };

  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId}>Change Password</h2>
      <form noValidate onSubmit={(event) => void submit(event)}>
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
