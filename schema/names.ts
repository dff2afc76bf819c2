import { z } from 'zod';
import { normalizeName } from './core/names';

/**
 * Names people see that are not usernames (tournament, venue, round, team and organisation
 * names): normalised on the way in (domain/names.ts: NFKC, no control, format or bidi characters,
 * one space between words), then measured. Unlike a username, nothing is refused: a pasted tab or
 * zero-width space simply goes.
 */
export const nameField = (message: string, max: number) =>
  z
    .string({ error: message })
    .max(max * 10, { error: message, abort: true })
    .overwrite((name) => normalizeName(name))
    .min(1, { error: message })
    .max(max, { error: message });

/** An optional one (a venue): null or missing stays so; only spaces becomes ''. */
export const optionalNameField = (max: number) =>
  z
    .string()
    .max(max * 10, { abort: true })
    .overwrite((name) => normalizeName(name))
    .max(max)
    .nullable()
    .optional();
