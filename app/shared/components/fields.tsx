import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState, type InputHTMLAttributes } from 'react';

interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  name: string;
  error?: string | undefined;
}

/** A labelled input with its validation message (announced, and tied to the input). */
export function TextField({ label, name, error, ...input }: TextFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">{label}</label>
      <input
        id={id}
        name={name}
        className="input"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...input}
      />
      {error && <p id={errorId} className="field__error" role="alert">{error}</p>}
    </div>
  );
}

/** A password input with a show/hide toggle. */
export function PasswordField(props: Omit<TextFieldProps, 'type'>) {
  const { t } = useLingui();
  const [shown, setShown] = useState(false);
  const id = useId();
  const errorId = `${id}-error`;
  const { label, name, error, ...input } = props;
  const fieldName = label.toLowerCase();
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">{label}</label>
      <div className="password-input">
        <input
          id={id}
          name={name}
          type={shown ? 'text' : 'password'}
          className="input"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          {...input}
        />
        <button
          type="button"
          className="password-input__toggle"
          aria-label={shown ? t`Hide ${fieldName}` : t`Show ${fieldName}`}
          aria-pressed={shown}
          onClick={() => setShown(!shown)}
        >
          {shown ? <Trans>Hide</Trans> : <Trans>Show</Trans>}
        </button>
      </div>
      {error && <p id={errorId} className="field__error" role="alert">{error}</p>}
    </div>
  );
}
