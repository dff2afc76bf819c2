/**
 * A child's parentEmail (issue 19; docs/decisions.md "Parents"): what the Settings field sends.
 * An empty field clears the address; otherwise it must be an e-mail address (the server's schema)
 * other than the account's own. Pure, so the words shown are the server's.
 */
import { PARENT_MESSAGES, setParentEmailArgsSchema } from '../../../schema';

export type ParentEmailInput = { ok: true; email: string | null } | { ok: false; error: string };

export function readParentEmailInput(typed: string, ownEmail: string): ParentEmailInput {
  if (typed.trim() === '') return { ok: true, email: null };
  const parsed = setParentEmailArgsSchema.safeParse({ email: typed });
  if (!parsed.success) return { ok: false, error: parsed.error.issues[0]?.message ?? PARENT_MESSAGES.ownEmail };
  if (parsed.data.email === ownEmail.trim().toLowerCase()) return { ok: false, error: PARENT_MESSAGES.ownEmail };
  return { ok: true, email: parsed.data.email };
}
