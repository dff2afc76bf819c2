import { msg } from '@lingui/core/macro';
import type { Difficulty } from '../../../../schema';

/** The computer's level inside a sentence ('against the computer (beginner)'), lower case as the spec writes it. */
export const LEVEL_WORDS = {
  beginner: msg`beginner`,
  intermediate: msg`intermediate`,
  advanced: msg`advanced`,
} as const satisfies Record<Difficulty, unknown>;
