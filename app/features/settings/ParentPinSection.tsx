import { useId, useState, type FormEvent } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ChessSettings } from '../../../schema';
import { Icon } from '../../shared/components/Icon';
import { PIN_MESSAGES, PIN_PATTERN, hashPin, verifyPin } from './parent-pin';

interface ParentPinSectionProps {
  pinHash: string | null;
  unlocked: boolean;
  onUnlock: (unlocked: boolean) => void;
  save: (patch: Partial<ChessSettings>) => Promise<boolean>;
}

/**
 * The parent PIN (issue 20): with one set, the learning, time and difficulty controls stay locked
 * until the PIN is typed on this visit to Settings. A grown-up sets, changes or removes it here.
 */
export function ParentPinSection({ pinHash, unlocked, onUnlock, save }: ParentPinSectionProps) {
  const titleId = useId();
  const [changing, setChanging] = useState(false);
  const locked = pinHash !== null && !unlocked;
  return (
    <section className="card parent-pin" aria-labelledby={titleId}>
      <h2 id={titleId}><Icon name="lock" /><Trans>Parent PIN</Trans></h2>
      {locked ? (
        <UnlockForm pinHash={pinHash} onUnlock={() => onUnlock(true)} />
      ) : pinHash === null || changing ? (
        <SetPinForm
          changing={pinHash !== null}
          onSet={async (hash) => {
            const ok = await save({ parentPinHash: hash });
            if (ok) {
              setChanging(false);
              onUnlock(true);
            }
            return ok;
          }}
          onCancel={pinHash !== null ? () => setChanging(false) : undefined}
        />
      ) : (
        <>
          <p className="field__hint"><Trans>The controls are unlocked for this visit.</Trans></p>
          <div className="settings__actions">
            <button type="button" className="button button--primary" onClick={() => onUnlock(false)}><Trans>Lock now</Trans></button>
            <button type="button" className="button" onClick={() => setChanging(true)}><Trans>Change PIN</Trans></button>
            <button type="button" className="button button--danger" onClick={() => void save({ parentPinHash: null })}><Trans>Remove PIN</Trans></button>
          </div>
        </>
      )}
    </section>
  );
}

function UnlockForm({ pinHash, onUnlock }: { pinHash: string; onUnlock: () => void }) {
  const id = useId();
  const { i18n } = useLingui();
  const [pin, setPin] = useState('');
  const [error, setError] = useState<MessageDescriptor | null>(null);
  const [checking, setChecking] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setChecking(true);
    const right = await verifyPin(pin, pinHash);
    setChecking(false);
    if (right) onUnlock();
    else setError(PIN_MESSAGES.wrong);
    setPin('');
  };
  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <p className="field__hint"><Trans>These controls are locked. A grown-up can type the parent PIN to change them.</Trans></p>
      <div className="field">
        <label htmlFor={id} className="field__label"><Trans>Parent PIN</Trans></label>
        <input id={id} className="input parent-pin__input" type="password" inputMode="numeric" autoComplete="off" maxLength={8}
          value={pin} onChange={(event) => setPin(event.target.value)}
          aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} />
        {error && <p id={`${id}-error`} className="field__error" role="alert">{i18n._(error)}</p>}
      </div>
      <button type="submit" className="button button--primary" disabled={checking || pin === ''}><Trans>Unlock</Trans></button>
    </form>
  );
}

function SetPinForm({ changing, onSet, onCancel }: { changing: boolean; onSet: (hash: string) => Promise<boolean>; onCancel?: () => void }) {
  const id = useId();
  const { i18n } = useLingui();
  const [pin, setPin] = useState('');
  const [again, setAgain] = useState('');
  const [error, setError] = useState<MessageDescriptor | null>(null);
  const [saving, setSaving] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!PIN_PATTERN.test(pin)) return setError(PIN_MESSAGES.format);
    if (pin !== again) return setError(PIN_MESSAGES.mismatch);
    setError(null);
    setSaving(true);
    await onSet(await hashPin(pin));
    setSaving(false);
  };
  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      {!changing && <p className="field__hint"><Trans>Set a PIN so that only a grown-up can change the learning, time and difficulty controls.</Trans></p>}
      <div className="field">
        <label htmlFor={`${id}-pin`} className="field__label">{changing ? <Trans>New parent PIN (4 to 8 digits)</Trans> : <Trans>Parent PIN (4 to 8 digits)</Trans>}</label>
        <input id={`${id}-pin`} className="input parent-pin__input" type="password" inputMode="numeric" autoComplete="new-password" maxLength={8}
          value={pin} onChange={(event) => setPin(event.target.value)} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-again`} className="field__label"><Trans>The PIN again</Trans></label>
        <input id={`${id}-again`} className="input parent-pin__input" type="password" inputMode="numeric" autoComplete="new-password" maxLength={8}
          value={again} onChange={(event) => setAgain(event.target.value)} />
      </div>
      {error && <p id={`${id}-error`} className="field__error" role="alert">{i18n._(error)}</p>}
      <div className="settings__actions">
        <button type="submit" className="button button--primary" disabled={saving}><Trans>Set PIN</Trans></button>
        {onCancel && <button type="button" className="button" onClick={onCancel}><Trans>Cancel</Trans></button>}
      </div>
    </form>
  );
}
