/**
 * Whether the tutorial shows on Play: on a device where it was never finished or skipped
 * (chess-tutorial-completed, Dexie), and whenever Settings asks for it again. Closing it (the
 * close button, Escape) hides it for this visit only: it comes back on the next one.
 */
import { useCallback, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { STORAGE_KEYS, useRecord, writeRecord, type RecordKind } from '../../shared/db';

/** chess-tutorial-completed: set when the tutorial is finished or skipped (default false). */
const tutorialCompletedRecord: RecordKind<boolean> = {
  key: STORAGE_KEYS.tutorialCompleted, schema: (s) => s.tutorialCompletedSchema, fallback: false,
};

/** Settings opens Play with this navigation state to show the tutorial again. */
export const SHOW_TUTORIAL_STATE = { showTutorial: true } as const;

let closedThisVisit = false;

export function useTutorial() {
  const completed = useRecord(tutorialCompletedRecord);
  const location = useLocation();
  const navigate = useNavigate();
  const asked = (location.state as { showTutorial?: boolean } | null)?.showTutorial === true;
  const [closed, setClosed] = useState(closedThisVisit);

  const open = completed !== undefined && (asked || (!completed && !closed));

  const hide = useCallback(() => {
    setClosed(true);
    // Forget the request from Settings, so a reload does not open the tutorial again.
    if (asked) void navigate(location.pathname, { replace: true, state: null });
  }, [asked, navigate, location.pathname]);

  const complete = useCallback(async () => {
    await writeRecord(tutorialCompletedRecord, true);
    hide();
  }, [hide]);

  const close = useCallback(() => {
    closedThisVisit = true;
    hide();
  }, [hide]);

  return { loaded: completed !== undefined, open, complete, close };
}
