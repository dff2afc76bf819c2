/**
 * Making a class and its accounts through the outbox (issue 19; docs/decisions.md, "Class writes
 * through the outbox, issue 19"). A new class is the createClass mutation, shown at once in the
 * list as waiting; pasted names are the addClassStudents mutation, whose passwords this device
 * generates (domain/classes.ts generatePassword fed by crypto.getRandomValues) and whose usernames
 * it proposes (domain/usernames.ts). The server may change a proposal that is taken, so a login
 * card is shown only after the accounts are on the server and read back from the roster: never a
 * username the server changed.
 *
 * The passwords are in the outbox entry (IndexedDB) until it is applied and removed, and in this
 * module's memory for the cards page (gone after a reload, like the online route's).
 */
import { generatePassword, randomIntFrom } from '../../../domain/classes';
import type { ClassCredential, ClassDetail, MutationArgs, NewClassStudent } from '../../../schema';
import { randomUuid } from '../../shared/ids';
import { enqueue, useOutbox, type OutboxEntry, refusalText } from '../../shared/outbox';

const random = randomIntFrom((array) => {
  crypto.getRandomValues(array as Uint32Array<ArrayBuffer>);
  return array;
});

/** Queues a new class; answers its key (the list shows it as waiting until the server has it). */
export async function queueClass(teacherId: number, request: Omit<MutationArgs<'createClass'>, 'classKey'>): Promise<string> {
  const classKey = randomUuid();
  await enqueue(teacherId, 'createClass', { ...request, classKey });
  return classKey;
}

export interface WaitingClass {
  seq: number;
  classKey: string;
  name: string;
  refused: string | null;
}

/** The classes this teacher made that the server has not taken yet (or refused: shown, not dropped). */
export function waitingClasses(entries: readonly OutboxEntry[]): WaitingClass[] {
  return entries
    .filter((entry) => entry.name === 'createClass')
    .map((entry) => ({ seq: entry.seq, classKey: (entry.args as { classKey: string }).classKey, name: (entry.args as { name: string }).name, refused: entry.status === 'rejected' ? refusalText(entry) : null }));
}

/** A paste waiting for the server, kept in memory for its cards. */
interface WaitingBatch {
  seq: number;
  /** The class's students when the names were pasted: the new accounts are the others. */
  knownUserIds: ReadonlySet<number>;
  students: NewClassStudent[];
}

const batches = new Map<number, WaitingBatch>();
/** Pastes into a class that had no number yet, by its key (a later paste by number is newer). */
const keyBatches = new Map<string, WaitingBatch>();

function batchOf(classId: number, classKey: string | undefined): WaitingBatch | undefined {
  return batches.get(classId) ?? (classKey === undefined ? undefined : keyBatches.get(classKey));
}

/**
 * The accounts for pasted names: for each, the first of its real name's usernames that is neither
 * in the class (any case) nor proposed earlier in this paste, and a new password. The username
 * rule (domain/usernames.ts) is loaded here, when accounts are made: its transliteration tables
 * are about 240 KB gzip, which the classes screens (a child's too) need not download.
 */
export async function proposeStudents(names: readonly string[], roster: readonly string[]): Promise<NewClassStudent[]> {
  const { usernameCandidates } = await import('../../../domain/usernames');
  const used = new Set(roster.map((username) => username.toLowerCase()));
  return names.map((realName) => {
    let username = '';
    for (const candidate of usernameCandidates(realName)) {
      if (used.has(candidate.toLowerCase())) continue;
      username = candidate;
      break;
    }
    used.add(username.toLowerCase());
    return { realName, username, password: generatePassword(random) };
  });
}

/** Queues the accounts for names pasted into a class not sent yet, named by its key. */
export async function queueStudentsByKey(teacherId: number, classKey: string, names: readonly string[]): Promise<void> {
  const students = await proposeStudents(names, []);
  const entry = await enqueue(teacherId, 'addClassStudents', { classKey, students });
  if (entry) keyBatches.set(classKey, { seq: entry.seq, knownUserIds: new Set(), students });
}

/** Queues the accounts for pasted names (replacing the class's earlier cards in memory). */
export async function queueStudents(teacherId: number, detail: ClassDetail, names: readonly string[]): Promise<void> {
  const students = await proposeStudents(names, detail.students.map((student) => student.username));
  const entry = await enqueue(teacherId, 'addClassStudents', { classId: detail.class.id, students });
  if (entry) batches.set(detail.class.id, { seq: entry.seq, knownUserIds: new Set(detail.students.map((student) => student.userId)), students });
}

export function forgetWaitingCards(classId: number, classKey?: string): void {
  batches.delete(classId);
  if (classKey !== undefined) keyBatches.delete(classKey);
}

export function hasWaitingCards(classId: number, classKey?: string): boolean {
  return batchOf(classId, classKey) !== undefined;
}

/** How many names are queued for a class not sent yet (shown beside it in the list). */
export function namesWaitingFor(entries: readonly OutboxEntry[], classKey: string): number {
  return entries
    .filter((entry) => entry.name === 'addClassStudents' && (entry.args as { classKey?: string }).classKey === classKey)
    .reduce((sum, entry) => sum + (entry.args as { students: unknown[] }).students.length, 0);
}

export type WaitingCards =
  | { status: 'none' }
  | { status: 'waiting'; count: number }
  | { status: 'refused'; error: string }
  | { status: 'ready'; credentials: ClassCredential[] };

/**
 * The login cards of the class's last paste: waiting while its entry is in the outbox (or the
 * roster has not caught up), refused with the reason, else each password on its account as the
 * server made it. The accounts of one paste are made in one transaction in paste order, so the
 * new accounts with a real name are that name's students of the paste, in order of their ids.
 */
export function cardsOf(batch: WaitingBatch | undefined, entries: readonly OutboxEntry[] | undefined, detail: ClassDetail | null): WaitingCards {
  if (!batch) return { status: 'none' };
  const entry = entries?.find((each) => each.seq === batch.seq);
  if (entries === undefined || detail === null) return { status: 'waiting', count: batch.students.length };
  if (entry?.status === 'rejected') return { status: 'refused', error: refusalText(entry) ?? '' };
  if (entry) return { status: 'waiting', count: batch.students.length };
  const fresh = detail.students.filter((student) => !batch.knownUserIds.has(student.userId)).sort((a, b) => a.userId - b.userId);
  const credentials: ClassCredential[] = [];
  const taken = new Set<number>();
  for (const [index, student] of batch.students.entries()) {
    const sameName = fresh.filter((each) => each.realName === student.realName);
    const before = batch.students.slice(0, index).filter((each) => each.realName === student.realName).length;
    const expected = batch.students.filter((each) => each.realName === student.realName).length;
    // The paste's accounts are the last `expected` of that name (a later paste of the same name comes after).
    const account = sameName.length >= expected ? sameName[sameName.length - expected + before] : undefined;
    if (!account || taken.has(account.userId)) return { status: 'waiting', count: batch.students.length };
    taken.add(account.userId);
    credentials.push({ userId: account.userId, username: account.username, realName: student.realName, password: student.password });
  }
  return { status: 'ready', credentials };
}

export function useWaitingCards(teacherId: number | null, classId: number, detail: ClassDetail | null): WaitingCards {
  const entries = useOutbox(teacherId);
  return cardsOf(batchOf(classId, detail?.class.classKey), entries, detail);
}
