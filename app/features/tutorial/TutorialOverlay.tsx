import { useEffect, useId, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Icon } from '../../shared/components/Icon';
import { raiseToasts } from '../../shared/components/Toast';
import { TUTORIAL_STEPS } from './steps';
import './tutorial.css';

const NARROW_QUERY = '(max-width: 767px)';

interface TutorialOverlayProps {
  /** Skip Tutorial and Start Playing! both mark the tutorial completed. */
  onComplete: () => void;
  /** The close button and Escape: hidden for now, shown again on the next visit. */
  onClose: () => void;
}

/**
 * The part this step names: outlined and scrolled into view, clear of the card (which a phone
 * docks at the bottom of the screen, so the part must sit above it).
 */
function useStepTarget(step: (typeof TUTORIAL_STEPS)[number], ref: RefObject<HTMLDialogElement | null>) {
  useEffect(() => {
    const narrow = window.matchMedia(NARROW_QUERY).matches;
    const target = (narrow ? step.narrowTargets : step.targets).map((selector) => document.querySelector<HTMLElement>(selector)).find((element) => element !== null);
    if (!target) return;
    target.classList.add('tutorial-target');
    if (narrow) target.style.scrollMarginBottom = `${(ref.current?.getBoundingClientRect().height ?? 0) + 16}px`;
    target.scrollIntoView({ block: 'nearest' });
    return () => {
      target.classList.remove('tutorial-target');
      target.style.scrollMarginBottom = '';
    };
  }, [step, ref]);
}

/**
 * The five-step tutorial (play spec section 2) as a modal <dialog>: the browser keeps focus inside
 * and makes the page behind it inert; Escape closes it; focus goes back where it was afterwards.
 * The card sits at the bottom of a phone's screen (beside the board on a desktop) over a light
 * backdrop, and outlines the part of Play each step names, so it never hides what it describes.
 */
export function TutorialOverlay({ onComplete, onClose }: TutorialOverlayProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const primary = useRef<HTMLButtonElement>(null);
  const { i18n, t } = useLingui();
  const [index, setIndex] = useState(0);
  const titleId = useId();
  const bodyId = useId();
  const step = TUTORIAL_STEPS[index] ?? TUTORIAL_STEPS[0]!;
  const last = index === TUTORIAL_STEPS.length - 1;
  const number = index + 1;
  const count = TUTORIAL_STEPS.length;

  // Opened before paint, so the page never shows a frame with the board usable behind it.
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    // showModal focuses the first control (the close button); the way forward is the better start.
    primary.current?.focus();
    // A toast that was up first (e.g. 'Assessment Complete!') stays readable above the card.
    raiseToasts();
    return () => dialog?.close();
  }, []);

  useStepTarget(step, ref);

  // Previous turns disabled on the first step: keep focus in the dialog, on the way forward.
  useLayoutEffect(() => {
    if (document.activeElement instanceof HTMLButtonElement && document.activeElement.disabled) primary.current?.focus();
  }, [index]);

  return (
    <dialog
      ref={ref}
      className="dialog tutorial"
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      data-testid="tutorial"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <div className="tutorial__head">
        <p className="tutorial__count" aria-live="polite"><Trans>Step {number} of {count}</Trans></p>
        <button type="button" className="icon-button" aria-label={t`Close tutorial`} onClick={onClose}>
          <Icon name="close" />
        </button>
      </div>
      <h2 id={titleId}>{i18n._(step.title)}</h2>
      <div id={bodyId} className="tutorial__body">
        {step.body.map((paragraph) => <p key={paragraph.id}>{i18n._(paragraph)}</p>)}
      </div>
      <ol className="tutorial__dots" aria-hidden="true">
        {TUTORIAL_STEPS.map((s, i) => <li key={s.key} className={i === index ? 'is-current' : undefined} />)}
      </ol>
      <div className="dialog__actions tutorial__actions">
        <button type="button" className="button" onClick={onComplete}><Trans>Skip Tutorial</Trans></button>
        <span className="tutorial__nav">
          <button type="button" className="button" onClick={() => setIndex(index - 1)} disabled={index === 0}><Trans>Previous</Trans></button>
          <button
            type="button"
            ref={primary}
            className="button button--primary"
            onClick={() => (last ? onComplete() : setIndex(index + 1))}
          >
            {last ? t`Start Playing!` : t`Next`}
          </button>
        </span>
      </div>
    </dialog>
  );
}
