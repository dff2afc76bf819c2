import { useId, useState, type ChangeEvent } from 'react';
import { useNavigate } from 'react-router';
import { useLingui } from '@lingui/react/macro';
import { useToast } from '../../shared/components/Toast';
import { importTrf } from './tournament-files';

/** Import a TRF-16 file (Swiss-Manager, bbpPairings): a new tournament with its players and rounds. */
export function TrfImport() {
  const { t } = useLingui();
  const toast = useToast();
  const navigate = useNavigate();
  const id = useId();
  const [pending, setPending] = useState(false);
  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setPending(true);
    try {
      const tournament = await importTrf(await file.text());
      toast({ title: t`Tournament imported`, description: tournament.name, variant: 'success' });
      await navigate(`/tournaments/${tournament.id}`);
    } catch (error) {
      toast({ title: t`Import failed`, description: error instanceof Error ? error.message : String(error), variant: 'destructive' });
    } finally {
      setPending(false);
    }
  };
  return (
    <label htmlFor={id} className="button" aria-disabled={pending || undefined}>
      {pending ? t`Importing...` : t`Import TRF`}
      <input id={id} type="file" accept=".trf,.txt,text/plain" className="visually-hidden" disabled={pending} onChange={(event) => void onFile(event)} />
    </label>
  );
}
