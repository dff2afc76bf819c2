/**
 * Parents for the app (issue 19): the linked children (stored for offline visits through
 * cached-page.ts), linking with a code (online: it is rate limited and answers the child), and a
 * child's Parental Controls, changed or handed back to the child through the outbox (the
 * setChildControls and releaseChildControls mutations), and unlinking (unlinkChild). A child
 * with an ordinary account names their parent's e-mail (the setParentEmail mutation); a parent
 * whose verified address it is is offered the link (online, like a code).
 *
 * The parent codes a teacher makes for the letters stay in this module's memory only, like the
 * passwords of the login cards: a code is readable once, and a new one replaces it.
 */
import { linkedChildrenSchema, linkedChildSchema, parentCodeSchema, parentEmailSchema, parentLettersSchema, parentSuggestionsSchema, apiPath, parentPaths, type ChildControls, type LinkedChild, type LinkedChildren, type ParentCode } from '../../../schema';
import { requestJson } from '../../shared/api';
import { readCached, storePage, useCachedPage } from '../../shared/cached-page';
import { db } from '../../shared/db';
import { enqueue } from '../../shared/outbox';

const CHILDREN_KEY = 'parents:children';

export function useLinkedChildren() {
  return useCachedPage(CHILDREN_KEY, apiPath(parentPaths.children), linkedChildrenSchema);
}

async function storedChildren(): Promise<LinkedChildren | null> {
  const stored = await db.cachedPages.get(CHILDREN_KEY);
  return stored ? readCached(linkedChildrenSchema, stored.value) : null;
}

/** Links the signed-in account to the child of a code; the child is added to the stored list at once. */
export async function linkChild(code: string): Promise<LinkedChild> {
  const child = await requestJson(apiPath(parentPaths.link), linkedChildSchema, { method: 'POST', body: { code } });
  const stored = await storedChildren();
  await storePage(CHILDREN_KEY, { children: [...(stored?.children ?? []).filter((c) => c.userId !== child.userId), child] });
  return child;
}

/** A change of a child's controls: shown at once in the stored list, queued for the server. */
export async function setChildControls(parentId: number, childId: number, controls: Partial<ChildControls>): Promise<void> {
  await enqueue(parentId, 'setChildControls', { childId, controls });
  const setAt = new Date().toISOString();
  await updateStoredChild(childId, (child) => ({ ...child, controls: { ...child.controls, ...controls }, controlsSetAt: setAt }));
}

/** The list with one child changed, or left out when `change` answers null. */
export function changeChild(children: readonly LinkedChild[], childId: number, change: (child: LinkedChild) => LinkedChild | null): LinkedChild[] {
  return children.flatMap((child) => {
    if (child.userId !== childId) return [child];
    const changed = change(child);
    return changed === null ? [] : [changed];
  });
}

/** The stored list with one child changed (nothing when no list is stored yet). */
async function updateStoredChild(childId: number, change: (child: LinkedChild) => LinkedChild | null): Promise<void> {
  const stored = await storedChildren();
  if (stored) await storePage(CHILDREN_KEY, { children: changeChild(stored.children, childId, change) });
}

/** A child whose controls went back to them: the values stay, no parent's mark. */
export const handedBack = (child: LinkedChild): LinkedChild => ({ ...child, controlsSetAt: null });

/** Hands a child's controls back to the child (values kept): shown at once in the stored list, queued for the server. */
export async function releaseChildControls(parentId: number, childId: number): Promise<void> {
  await enqueue(parentId, 'releaseChildControls', { childId });
  await updateStoredChild(childId, handedBack);
}

/** Unlinks a child: gone from the stored list at once (offline too), queued for the server. */
export async function unlinkChild(parentId: number, childId: number): Promise<void> {
  await enqueue(parentId, 'unlinkChild', { childId });
  await updateStoredChild(childId, () => null);
}

/** A child whose account was deleted (issue 26): gone from the stored list at once. */
export async function forgetChild(childId: number): Promise<void> {
  await updateStoredChild(childId, () => null);
}

/** Keyed by account: a shared family tablet must not show one child's parent's address to another. */
const parentEmailKey = (userId: number) => `parent-email:${userId}`;
const suggestionsKey = (userId: number) => `parents:suggestions:${userId}`;

/** The signed-in child's parentEmail, stored for offline visits to Settings. */
export function useParentEmail(userId: number) {
  return useCachedPage(parentEmailKey(userId), apiPath(parentPaths.parentEmail), parentEmailSchema);
}

/** Names (or clears) the parent's e-mail: shown at once, queued for the server. */
export async function saveParentEmail(userId: number, email: string | null): Promise<void> {
  await enqueue(userId, 'setParentEmail', { email });
  await storePage(parentEmailKey(userId), { parentEmail: email });
}

/** The accounts that named the parent's verified e-mail and are not linked yet. */
export function useParentSuggestions(userId: number) {
  return useCachedPage(suggestionsKey(userId), apiPath(parentPaths.suggestions), parentSuggestionsSchema);
}

/** Links the account that named the parent's e-mail; it leaves the offers and joins the stored children. */
export async function linkChildByEmail(userId: number, childId: number): Promise<LinkedChild> {
  const child = await requestJson(apiPath(parentPaths.linkByEmail), linkedChildSchema, { method: 'POST', body: { childId } });
  const stored = await storedChildren();
  await storePage(CHILDREN_KEY, { children: [...(stored?.children ?? []).filter((c) => c.userId !== child.userId), child] });
  const offers = await db.cachedPages.get(suggestionsKey(userId));
  const parsed = offers ? readCached(parentSuggestionsSchema, offers.value) : null;
  if (parsed) await storePage(suggestionsKey(userId), { suggestions: parsed.suggestions.filter((offer) => offer.userId !== childId) });
  return child;
}

/**
 * How each child's newest letter stands (issue 26: usable, used, ended, or retired after many
 * wrong guesses), for the class's staff; no code, only states. Stored for offline visits.
 */
export function useParentLetters(classId: number | null) {
  return useCachedPage(classId === null ? null : `parent-letters:${classId}`, classId === null ? null : apiPath(parentPaths.parentLetters, { id: classId }), parentLettersSchema);
}

/** The codes made for a class's letters, this session only. */
const freshCodes = new Map<number, Map<number, ParentCode>>();

export function parentCodesFor(classId: number): ReadonlyMap<number, ParentCode> {
  return freshCodes.get(classId) ?? new Map();
}

/** New codes for these children of the class, one request each (a code replaces the child's earlier one). */
export async function makeParentCodes(classId: number, userIds: readonly number[]): Promise<ReadonlyMap<number, ParentCode>> {
  const codes = new Map(parentCodesFor(classId));
  for (const userId of userIds) {
    codes.set(userId, await requestJson(apiPath(parentPaths.newParentCode, { id: classId, userId }), parentCodeSchema, { method: 'POST' }));
  }
  freshCodes.set(classId, codes);
  return codes;
}
