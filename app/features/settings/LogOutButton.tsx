import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { ConfirmDialog } from '../../shared/components/ConfirmDialog';
import { logOut } from '../auth';

type Step = { kind: 'idle' } | { kind: 'saving' } | { kind: 'asking'; message: string };

/**
 * Settings' Log Out (issue 26). Everything the account loaded leaves the device with it, its
 * unsent changes too, so those are sent first; what cannot be sent (offline, the server not
 * answering) and what the server refused are named in a question, and go only on 'Log Out and
 * delete'.
 */
export function LogOutButton({ userId }: { userId: number }) {
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const { t, i18n } = useLingui();

  const start = async () => {
    setStep({ kind: 'saving' });
    let message: string | null;
    try {
      const [{ checkBeforeLogOut, logOutWarning }, { syncNow }] = await Promise.all([import('../auth/account-data'), import('../../shared/sync')]);
      message = logOutWarning(i18n, await checkBeforeLogOut(userId, () => syncNow({ pull: false })), navigator.onLine === false);
    } catch (error) {
      // The outbox could not be read (or the code loaded): nothing is deleted unasked; the button comes back.
      console.error('Could not check the unsent changes before Log Out.', error);
      setStep({ kind: 'idle' });
      return;
    }
    if (message === null) await logOut();
    else setStep({ kind: 'asking', message });
  };

  return (
    <>
      <button type="button" className="button" disabled={step.kind === 'saving'} onClick={() => void start()}>
        {step.kind === 'saving' ? <Trans>Saving your changes...</Trans> : <Trans>Log Out</Trans>}
      </button>
      {step.kind === 'asking' && (
        <ConfirmDialog
          title={t`Delete unsaved changes?`}
          message={step.message}
          cancelLabel={t`Stay signed in`}
          confirmLabel={t`Log Out and delete`}
          danger
          onCancel={() => setStep({ kind: 'idle' })}
          onConfirm={() => void logOut()}
        />
      )}
    </>
  );
}
