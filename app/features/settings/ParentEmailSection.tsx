import { useId, useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { AuthUser } from '../../../schema';
import { TOAST_SUCCESS_MS, useToast } from '../../shared/components/Toast';
import { readParentEmailInput, saveParentEmail, useParentEmail } from '../parents';

/**
 * Settings → Parent's e-mail (issue 19): a child with an ordinary account names their parent's
 * e-mail address; a parent who signs in with that address (verified) is offered the link on
 * /children. Saved through the outbox (setParentEmail), so it works offline. Class accounts do
 * not see it: their teacher prints a letter for the parent.
 */
export function ParentEmailSection({ user }: { user: AuthUser }) {
  const loaded = useParentEmail(user.id);
  const headingId = useId();
  const { t } = useLingui();
  return (
    <section className="card" aria-labelledby={headingId} data-testid="parent-email">
      <h2 id={headingId}><Trans>Parent&apos;s e-mail</Trans></h2>
      <p className="field__hint">
        <Trans>
          If your parent has an account here, type the e-mail address they sign in with. Once they have checked their address, they can link to your
          account and follow your chess.
        </Trans>
      </p>
      {loaded.status === 'ready' ? (
        // Keyed by the stored value: a change from another device refills the field.
        <ParentEmailForm key={loaded.value.parentEmail ?? ''} user={user} saved={loaded.value.parentEmail} />
      ) : loaded.status === 'loading' ? (
        <div className="skeleton skeleton--bar" role="progressbar" aria-label={t`Loading your parent's e-mail`} />
      ) : (
        <p className="field__hint"><Trans>Could not load your parent&apos;s e-mail. Try again when you are online.</Trans></p>
      )}
    </section>
  );
}

function ParentEmailForm({ user, saved }: { user: AuthUser; saved: string | null }) {
  const id = useId();
  const toast = useToast();
  const { t } = useLingui();
  const [typed, setTyped] = useState(saved ?? '');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const send = (email: string | null) => {
    setPending(true);
    saveParentEmail(user.id, email)
      .then(() => toast({ title: email === null ? t`Parent's e-mail removed` : t`Parent's e-mail saved`, variant: 'success', durationMs: TOAST_SUCCESS_MS }))
      .catch(() => toast({ title: t`Error`, description: t`The change could not be saved on this device.`, variant: 'destructive' }))
      .finally(() => setPending(false));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input = readParentEmailInput(typed, user.email);
    if (!input.ok) return setError(input.error);
    setError(null);
    send(input.email);
  };

  return (
    <form noValidate onSubmit={submit}>
      <div className="field">
        <label htmlFor={`${id}-email`} className="field__label"><Trans>Parent&apos;s e-mail address</Trans></label>
        <input
          id={`${id}-email`}
          className="input"
          type="email"
          inputMode="email"
          autoComplete="off"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        {error && <p id={`${id}-error`} className="field__error" role="alert">{error}</p>}
      </div>
      <div className="settings__actions">
        <button type="submit" className="button button--primary" disabled={pending}><Trans>Save</Trans></button>
        {saved !== null && (
          <button type="button" className="button" disabled={pending} onClick={() => { setTyped(''); send(null); }}><Trans>Remove</Trans></button>
        )}
      </div>
    </form>
  );
}
