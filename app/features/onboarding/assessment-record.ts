/** The skill assessment under way (issue 20): a reload goes on from the same puzzle (./OnboardingScreen.tsx). */
import { STORAGE_KEYS, type RecordKind } from '../../shared/db';
import type { AssessmentProgress } from '../../shared/record-schemas';

export type { AssessmentProgress };

export const assessmentProgressRecord: RecordKind<AssessmentProgress | null> = {
  key: STORAGE_KEYS.assessmentProgress, schema: (s) => s.assessmentProgressRecordSchema, fallback: null,
};
