/** The rating bands' names in the app's language (issue 28): domain's BAND_LABELS are the English source. */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { Difficulty } from '../../../schema';

export const BAND_NAMES: Readonly<Record<Difficulty, MessageDescriptor>> = { beginner: msg`Beginner`, intermediate: msg`Intermediate`, advanced: msg`Advanced` };
