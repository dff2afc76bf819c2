/**
 * Whether the tutorial shows on Play: on a device where it was never finished or skipped
 * (chess-tutorial-completed, Dexie), and whenever Settings asks for it again. Closing it (the
 * close button, Escape) hides it for this visit only: it comes back on the next one.
 */
import { useCallback, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { STORAGE_KEYS, useRecord, writeRecord, type RecordKind } from '../../shared/db';
import { messagesReady } from '../../shared/i18n';
import type { TutorialOverlay } from './TutorialOverlay';

/** chess-tutorial-completed: set when the tutorial is finished or skipped (default false). */
const tutorialCompletedRecord: RecordKind<boolean> = {
  key: STORAGE_KEYS.tutorialCompleted, schema: (s) => s.tutorialCompletedSchema, fallback: false,
};

type Overlay = typeof TutorialOverlay;

/**
 * The overlay's module loads when the tutorial is to open (a new player's first visit, or
 * Settings' 'Show tutorial'), not with the first screen (docs/decisions.md, 'The first visit's
 * JavaScript'). Play waits for it as it waits for the record, so the overlay appears in the same
 * render as the board, as it did when it was part of the first screen.
 */
let overlay: Overlay | null = null;
let loading: Promise<void> | null = null;
// Its texts are in the screens catalogue: the overlay waits for them as a lazy screen does (lazyScreen).
const loadOverlay = () =>
  (loading ??= Promise.all([import('./TutorialOverlay'), messagesReady()]).then(
    ([module]) => void (overlay = module.TutorialOverlay),
    // Offline with the chunk not cached: Play goes on without the tutorial rather than wait for ever.
    () => undefined,
  ));

/** Settings opens Play with this navigation state to show the tutorial again. */
export const SHOW_TUTORIAL_STATE = { showTutorial: true } as const;

let closedThisVisit = false;

export function useTutorial() {
  const completed = useRecord(tutorialCompletedRecord);
  const location = useLocation();
  const navigate = useNavigate();
  const asked = (location.state as { showTutorial?: boolean } | null)?.showTutorial === true;
  const [closed, setClosed] = useState(closedThisVisit);

  const wanted = completed !== undefined && (asked || (!completed && !closed));
  const [settled, setSettled] = useState(loading !== null && overlay !== null);
  useEffect(() => {
    if (wanted && !settled) void loadOverlay().then(() => setSettled(true));
  }, [wanted, settled]);
  const open = wanted && overlay !== null;

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

  return { loaded: completed !== undefined && (!wanted || settled), open, Overlay: overlay, complete, close };
}
