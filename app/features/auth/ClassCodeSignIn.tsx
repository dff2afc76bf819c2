import { useRef, useState, type FormEvent, type RefObject } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { type AuthUser, type ClassCodeLookup } from '../../../schema';
import { Icon } from '../../shared/components/Icon';
import { useToast } from '../../shared/components/Toast';
import { ApiError, messageFor } from '../../shared/api';
import { login } from './auth';
import { lookUpClassCode } from './class-code-lookup';
import { PasswordField, TextField } from '../../shared/components/fields';
import './class-code.css';

/**
 * /login?with=code (issue 19): the code the teacher shows on the board, then the child's own
 * username among the class's (big buttons; usernames only, the board is seen by the whole room),
 * then their password. The sign-in itself is the ordinary username sign-in.
 */
export function ClassCodeSignIn({ onSignedIn }: { onSignedIn: (user: AuthUser) => void }) {
  const toast = useToast();
  const { t } = useLingui();
  const [found, setFound] = useState<ClassCodeLookup | null>(null);
  const [username, setUsername] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);

  const step = (next: () => void) => {
    next();
    setError(null);
    // The new step's heading takes the focus, so a screen reader hears where the child is.
    requestAnimationFrame(() => heading.current?.focus());
  };

  const submitCode = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get('code') ?? '').trim();
    if (code === '') return setError(t`Type the code from the board`);
    setPending(true);
    lookUpClassCode(code)
      .then((lookup) => step(() => setFound(lookup)))
      .catch((failure: unknown) => {
        const message = messageFor(failure, t`Could not check the code. Are you online?`);
        // Too many wrong codes from this network (issue 26): the card's password still works.
        setError(failure instanceof ApiError && failure.status === 429 ? `${message} ${t`You can also sign in with the username and password on your login card.`}` : message);
      })
      .finally(() => setPending(false));
  };

  const submitPassword = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const password = String(new FormData(event.currentTarget).get('password') ?? '');
    if (username === null) return;
    if (password === '') return setError(t`Type your password`);
    setPending(true);
    login({ username, password })
      .then(onSignedIn)
      .catch((failure: unknown) => {
        const message = messageFor(failure, t`Please check your password and try again.`);
        setError(message);
        toast({ title: t`Login failed`, description: message, variant: 'destructive' });
      })
      .finally(() => setPending(false));
  };

  if (found === null) return <CodeStep onSubmit={submitCode} error={error} pending={pending} />;

  if (username === null) return <PickStep found={found} heading={heading} onPick={(name) => step(() => setUsername(name))} onBack={() => step(() => setFound(null))} />;

  return (
    <section aria-labelledby="class-code-user">
      <h2 id="class-code-user" ref={heading} tabIndex={-1} className="class-code-user">
        <Icon name="people" /> <bdi>{username}</bdi>
      </h2>
      <form noValidate onSubmit={submitPassword}>
        <input type="hidden" name="username" value={username} autoComplete="username" />
        <PasswordField label={t`Password`} name="password" autoComplete="current-password" error={error ?? undefined} />
        <button type="submit" className="button button--primary button--block" disabled={pending}>
          {pending ? <Trans>Logging in...</Trans> : <Trans>Login</Trans>}
        </button>
      </form>
      <button type="button" className="link-button" onClick={() => step(() => setUsername(null))}><Trans>That is not me</Trans></button>
    </section>
  );
}

/** The first step: the code the teacher shows on the board. */
function CodeStep({ onSubmit, error, pending }: { onSubmit: (event: FormEvent<HTMLFormElement>) => void; error: string | null; pending: boolean }) {
  const { t } = useLingui();
  return (
    <form noValidate onSubmit={onSubmit} className="class-code-form">
      <TextField
        key="code"
        label={t`Class code`}
        name="code"
        className="input class-code-input"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={20}
        error={error ?? undefined}
      />
      <button type="submit" className="button button--primary button--block" disabled={pending}>
        {pending ? <Trans>Checking...</Trans> : <Trans>Next</Trans>}
      </button>
    </form>
  );
}

interface PickProps {
  found: ClassCodeLookup;
  heading: RefObject<HTMLHeadingElement | null>;
  onPick: (username: string) => void;
  onBack: () => void;
}

/** The second step: the child's own username among the class's. */
function PickStep({ found, heading, onPick, onBack }: PickProps) {
  return (
    <section aria-labelledby="class-code-class" className="class-code-pick">
      <h2 id="class-code-class" ref={heading} tabIndex={-1}><bdi>{found.className}</bdi></h2>
      {found.students.length === 0 ? (
        <p><Trans>This class has no usernames yet. Ask your teacher.</Trans></p>
      ) : (
        <>
          <p><Trans>Tap your username.</Trans></p>
          <ul className="class-code-names">
            {found.students.map((student) => (
              <li key={student.username}>
                <button type="button" className="button class-code-name" onClick={() => onPick(student.username)}>
                  <bdi>{student.username}</bdi>
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
      <button type="button" className="link-button" onClick={onBack}><Trans>Type another code</Trans></button>
    </section>
  );
}
