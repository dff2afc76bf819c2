/**
 * What the assessment's move log says after a try (issue 31), as puzzles' log does: worded apart
 * from the toast that shows the same moment ('Correct!' / 'Well done! Moving to next puzzle.'),
 * so a screen reader does not hear one text twice. Pure.
 */
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';

export type AssessmentVerdict =
  | { kind: 'solved' }
  /** `move`: the move tried, in words ('White knight to f3'). */
  | { kind: 'wrong'; move: string }
  | { kind: 'shown' };

export function assessmentVerdictText(verdict: AssessmentVerdict, i18n: I18n): string {
  switch (verdict.kind) {
    case 'solved': return i18n._(msg`Correct!`);
    case 'wrong': {
      const move = verdict.move;
      return i18n._(msg`${move} is not the answer. Try again.`);
    }
    case 'shown': return i18n._(msg`The solution is on the board.`);
  }
}
