import { useId, useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { askToJoin } from './class-codes';
import { currentUserId } from '../auth';

/**
 * On /classes for an account that is not managed (issue 19): the join code a teacher gave; the
 * request is queued and the class appears in the list once the teacher lets the student in.
 */
export function JoinClassForm() {
  const { t } = useLingui();
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const code = String(new FormData(form).get('code') ?? '').trim();
    const userId = currentUserId();
    if (code === '' || code.length > 40) return setError(t`Type the join code your teacher gave you`);
    if (userId === null) return;
    setError(null);
    void askToJoin(userId, code).then(() => {
      form.reset();
      setSent(true);
    });
  };

  return (
    <form className="card class-form" onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}><Trans>Join a class</Trans></h2>
      <div className="field">
        <label htmlFor={`${id}-code`} className="field__label"><Trans>Join code</Trans></label>
        <input
          id={`${id}-code`}
          name="code"
          className="input"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={40}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        {error && <p id={`${id}-error`} className="field__error" role="alert">{error}</p>}
      </div>
      <button type="submit" className="button button--primary"><Trans>Ask to join</Trans></button>
      <p role="status">{sent ? t`Asked to join. Your class appears here once your teacher lets you in.` : ''}</p>
    </form>
  );
}
