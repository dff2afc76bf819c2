import { useCallback } from 'react';
import type { ChessSettings, Preferences } from '../../schema';
import { preferencesRecord, settingsRecord, useRecord, writeRecord, type RecordKind } from './db';

/**
 * A stored record and a function that merges a change into it. The change is merged onto the value
 * on screen (which already includes this tab's pending writes), so quick successive changes keep
 * each other and the control updates at once.
 */
function useEditableRecord<T extends object>(kind: RecordKind<T>) {
  const value = useRecord(kind);
  const update = useCallback(
    (patch: Partial<T>) => writeRecord(kind, { ...(value ?? kind.fallback), ...patch }),
    [kind, value],
  );
  return [value, update] as const;
}

export function useSettings() {
  const [settings, update] = useEditableRecord<ChessSettings>(settingsRecord);
  return { settings, update };
}

export function usePreferences() {
  const [preferences, update] = useEditableRecord<Preferences>(preferencesRecord);
  return { preferences, update };
}
