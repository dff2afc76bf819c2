import { useId, useState, type FormEvent } from 'react';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { CLASS_PASTE_MAX, parsePastedNames, REAL_NAME_MAX } from '../../../domain/classes';
import { Icon } from '../../shared/components/Icon';
import { namesWaitingFor, queueStudentsByKey, type WaitingClass } from './class-outbox';
import type { OutboxEntry } from '../../shared/outbox';
import { CLASS_FORM_MESSAGES } from './class-labels';

/**
 * A class made on this device and not sent yet (issue 19): shown at once, marked as waiting, with
 * a box for its students' names, queued by the class's key. Its login cards are printed from the
 * class page once it is sent (the server may change a username, so no card before).
 */
export function WaitingClassCard({ teacherId, waiting, entries }: { teacherId: number; waiting: WaitingClass; entries: readonly OutboxEntry[] }) {
  const { t, i18n } = useLingui();
  const id = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const names = parsePastedNames(text);
  const queued = namesWaitingFor(entries, waiting.classKey);
  const count = names.length;
  const { name, refused } = waiting;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (names.length === 0 || names.length > CLASS_PASTE_MAX) return setError(i18n._(CLASS_FORM_MESSAGES.names));
    if (names.some((name) => name.length > REAL_NAME_MAX)) return setError(i18n._(CLASS_FORM_MESSAGES.nameLength));
    setError(null);
    void queueStudentsByKey(teacherId, waiting.classKey, names).then(() => setText(''));
  };

  return (
    <li className="card class-card class-card--waiting" data-testid="waiting-class">
      <h2><bdi>{waiting.name}</bdi></h2>
      {waiting.refused === null ? (
        <p className="sync-line">
          {queued > 0
            ? t`Waiting to be sent. ${plural(queued, {
                one: '# name waiting too; print their cards from the class once it is sent.',
                other: '# names waiting too; print their cards from the class once it is sent.',
              })}`
            : t`Waiting to be sent.`}
        </p>
      ) : (
        <p className="field__error"><Trans>Not made: {refused}</Trans></p>
      )}
      {waiting.refused === null && (
        <form className="class-form" onSubmit={onSubmit} noValidate>
          <label htmlFor={`${id}-names`} className="field__label"><Trans>Students’ names for <bdi>{name}</bdi>, one a line</Trans></label>
          <textarea
            id={`${id}-names`}
            className="input class-form__names"
            rows={4}
            value={text}
            onChange={(event) => setText(event.target.value)}
            aria-describedby={error ? `${id}-error` : undefined}
            aria-invalid={error ? true : undefined}
          />
          {error && <p id={`${id}-error`} className="field__error" role="alert">{error}</p>}
          <button type="submit" className="button">
            <Icon name="plus" /> {t`Add ${plural(count, { one: '# name', other: '# names' })}`}
          </button>
        </form>
      )}
    </li>
  );
}
