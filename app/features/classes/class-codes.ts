/**
 * Class codes for the app (issue 19; docs/decisions.md, "Class codes, issue 19"). The sign-in
 * code is made online (it is shown at once on the board and lives 10 minutes: nothing to queue,
 * nothing stored); the child's side looks it up online (auth/class-code-lookup.ts: signing in
 * needs the server anyway).
 * Asking to join and answering a request go through the outbox. The board asks how its code
 * stands, so it can say when the code was retired after many wrong guesses (issue 26).
 */
import {
  classJoinPanelSchema,
  signInCodeSchema,
  signInCodeStatusSchema,
  apiPath,
  classCodePaths,
  type ClassJoinPanel,
  type SignInCode,
  type SignInCodeStatus,
} from '../../../schema';
import { requestJson } from '../../shared/api';
import { readCached, storePage, useCachedPage } from '../../shared/cached-page';
import { db } from '../../shared/db';
import { enqueue } from '../../shared/outbox';

const joinKey = (classId: number) => `class-join:${classId}`;

export function makeSignInCode(classId: number): Promise<SignInCode> {
  return requestJson(apiPath(classCodePaths.newSignInCode), signInCodeSchema, { method: 'POST', body: { classId } });
}

/** How the class's sign-in code stands now: live, ended, retired, or another code's expiry (replaced). */
export function signInCodeStatus(classId: number): Promise<SignInCodeStatus> {
  return requestJson(apiPath(classCodePaths.signInCode, { id: classId }), signInCodeStatusSchema, { cache: 'no-store' });
}

/** The class's join code and the requests waiting, kept for offline visits. */
export function useJoinPanel(classId: number) {
  return useCachedPage(joinKey(classId), apiPath(classCodePaths.joinPanel, { id: classId }), classJoinPanelSchema);
}

export async function newJoinCode(classId: number): Promise<ClassJoinPanel> {
  const panel = await requestJson(apiPath(classCodePaths.newJoinCode, { id: classId }), classJoinPanelSchema, { method: 'POST' });
  await storePage(joinKey(classId), panel);
  return panel;
}

/** A student asks to join the class of a join code: queued, checked by the server when it syncs. */
export async function askToJoin(userId: number, code: string): Promise<void> {
  await enqueue(userId, 'requestClassJoin', { code });
}

/** The teacher lets a student in or declines: gone from the stored list at once, queued for the server. */
export async function answerJoin(teacherId: number, classId: number, userId: number, approve: boolean): Promise<void> {
  await enqueue(teacherId, 'answerClassJoin', { classId, userId, approve });
  const stored = await db.cachedPages.get(joinKey(classId));
  const panel = stored ? readCached(classJoinPanelSchema, stored.value) : null;
  if (panel) await storePage(joinKey(classId), { ...panel, requests: panel.requests.filter((request) => request.userId !== userId) });
}
